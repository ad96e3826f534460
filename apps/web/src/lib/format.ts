/**
 * Dates and money as docs/product.md ("The shell's calls") formats them, through the browser's Intl (no date library in the
 * first load): input short date `D`, display long date `DDD`, month label `LLL yyyy`.
 */

import { dateFormat, relativeFormat } from './intl';

/** A date-only ISO string ('2026-11-23') is that calendar day wherever the browser is; anything else is an instant. */
function toDate(iso: string): Date {
  const day = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(iso);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3] ?? 1)) : new Date(iso);
}

/** `DDD`: November 23, 2026 · 23 de noviembre de 2026 · 23 Kasım 2026. */
export const formatDate = (iso: string, lang: string) => dateFormat(lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(toDate(iso));
/** `D`: 11/23/2026 · 23/11/2026 · 23.11.2026. */
export const formatShortDate = (iso: string, lang: string) => dateFormat(lang, { year: 'numeric', month: 'numeric', day: 'numeric' }).format(toDate(iso));
/** `LLL yyyy`: Nov 2026 · nov 2026 · Kas 2026. */
export const formatMonth = (isoOrYearMonth: string, lang: string) => dateFormat(lang, { year: 'numeric', month: 'short' }).format(toDate(isoOrYearMonth));
/** A month by its name: November 2026 · Noviembre de 2026 · Kasım 2026. */
export const formatMonthName = (year: number, month: number, lang: string) => {
  // A month named on its own (a heading, the picker, a sentence's start) begins with a capital, and
  // only its first word does: Spanish gives "noviembre de 2026", which CSS capitalize made "Noviembre De 2026".
  const name = dateFormat(lang, { year: 'numeric', month: 'long' }).format(new Date(year, month - 1, 1));
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
};
/** A moment with its time: Nov 23, 2026, 3:05 PM. */
export const formatDateTime = (iso: string, lang: string) =>
  dateFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(toDate(iso));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
/** How long ago (or until): "3 hours ago", "hace 3 horas", "3 saat önce". */
export function formatRelative(iso: string, lang: string, now = Date.now()) {
  const seconds = Math.round((toDate(iso).getTime() - now) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return relativeFormat(lang, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

export { formatMoney, parseMoney } from './money';
/** A panel item's time (docs/product.md: month day, hour:minute am/pm): Nov 23, 3:05 PM. */
export const formatPanelTime = (iso: string, lang: string) =>
  dateFormat(lang, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(toDate(iso));
