import type { EntryType } from '@cuadre/contracts';

/** The list where an entry of a type lives, for the month of its date (notifications and search open it). */
const LIST_OF: Record<EntryType, string> = {
  income: '/user/dailyincome',
  expense: '/user/dailyoperationalexpenses',
  purchase: '/user/dailypurchasedproducts',
  worker_payment: '/user/dailyworkerspayments',
  supplier_payment: '/user/dailysupplierspayments',
};

export const entryLink = (type: EntryType, date: string, search?: string) => {
  const q = new URLSearchParams({ year: String(Number(date.slice(0, 4))), month: String(Number(date.slice(5, 7))) });
  if (search) q.set('search', search);
  return `${LIST_OF[type]}?${q}`;
};

export const monthLink = (year: number, month: number) => `/user/monthdashboard?year=${year}&month=${month}`;
