import type { MailLabelColor } from '@cuadre/contracts';

/** The colour each of the spec's label colours is drawn in: white text keeps its contrast on each, in both schemes. */
export const LABEL_COLORS: Record<MailLabelColor, string> = {
  personal: '#1d4ed8',
  work: '#6d28d9',
  payments: '#be123c',
  invoices: '#047857',
  accounts: '#b45309',
  forums: '#0e7490',
};
