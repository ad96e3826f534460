import { DateTime } from 'luxon';

/** Dates as the spec formats them: input short date `D`, display long date `DDD`, month label `LLL yyyy`. */
export const formatDate = (iso: string, lang: string) => DateTime.fromISO(iso).setLocale(lang).toFormat('DDD');
export const formatShortDate = (iso: string, lang: string) => DateTime.fromISO(iso).setLocale(lang).toFormat('D');
export const formatMonth = (isoOrYearMonth: string, lang: string) => DateTime.fromISO(isoOrYearMonth).setLocale(lang).toFormat('LLL yyyy');
export const formatDateTime = (iso: string, lang: string) => DateTime.fromISO(iso).setLocale(lang).toLocaleString(DateTime.DATETIME_MED);
export const formatRelative = (iso: string, lang: string) => DateTime.fromISO(iso).setLocale(lang).toRelative() ?? '';

/** Integer cents to money text in the business currency; the one place money is formatted. */
export function formatMoney(cents: number, lang: string, currency = 'USD') {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
