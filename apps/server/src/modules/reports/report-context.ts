import type { Authenticated } from '../auth/auth.service.js';
import type { DocContext, Language } from './report-doc.js';

export type ReportContext = DocContext & { money: (cents: number) => string; number: (n: number) => string };

/** The business, its currency and the reader's language: what a report file is headed and formatted with. */
export function contextOf(auth: Authenticated): ReportContext {
  const language = (['en', 'es', 'tr'] as const).find((l) => l === auth.user.preferences?.language) ?? ('en' satisfies Language);
  const currency = auth.user.business?.currency ?? 'USD';
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return {
    business: auth.user.company ?? auth.user.name,
    currency,
    language,
    // Formatting only: the figure itself stays integer cents until this last step.
    money: (cents) => money.format(cents / 100),
    number: (n) => number.format(n),
  };
}
