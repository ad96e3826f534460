import { numberLocale } from '@cuadre/contracts';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import type { DocContext, Language } from './report-doc.js';

export type ReportContext = DocContext & { money: (cents: number) => string; number: (n: number) => string };

/** The business, its currency and the reader's language: what a report file is headed and formatted with. */
export function contextOf(auth: Authenticated): ReportContext {
  const language: Language = readerLanguage(auth);
  const currency = auth.user.business?.currency ?? 'USD';
  const money = new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency });
  const number = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 2 });
  return {
    business: auth.user.company ?? auth.user.name,
    currency,
    language,
    // Formatting only: the figure itself stays integer cents until this last step.
    money: (cents) => money.format(cents / 100),
    number: (n) => number.format(n),
  };
}
