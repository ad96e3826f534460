import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const pad = (n: number) => String(n).padStart(2, '0');

export interface MonthInView {
  year: number;
  month: number;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The query that carries the month to another screen: "year=2026&month=3". */
  search: string;
  /** Today if it falls in this month, else the month's first day: where a new entry lands by default. */
  defaultDate: string;
  isCurrent: boolean;
}

export function monthOf(year: number, month: number, today = new Date()): MonthInView {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const isCurrent = today.getFullYear() === year && today.getMonth() + 1 === month;
  return {
    year,
    month,
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(last)}`,
    search: `year=${year}&month=${month}`,
    defaultDate: isCurrent ? `${year}-${pad(month)}-${pad(today.getDate())}` : `${year}-${pad(month)}-01`,
    isCurrent,
  };
}

/** Reads `year` and `month` from a query string; anything missing or wrong is this month. */
export function parseMonth(sp: URLSearchParams, today = new Date()): MonthInView {
  const year = Number(sp.get('year'));
  const month = Number(sp.get('month'));
  const ok = Number.isInteger(year) && year >= 1900 && year <= 2999 && Number.isInteger(month) && month >= 1 && month <= 12;
  return ok ? monthOf(year, month, today) : monthOf(today.getFullYear(), today.getMonth() + 1, today);
}

export const shiftMonth = (m: { year: number; month: number }, by: number) => {
  const index = m.year * 12 + (m.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** The month in view, from the address (`?year=&month=`), so it travels from screen to screen. */
export function useMonth() {
  const [sp, setSp] = useSearchParams();
  const month = useMemo(() => parseMonth(sp), [sp]);
  const setMonth = useCallback(
    (year: number, m: number) =>
      setSp(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('year', String(year));
          next.set('month', String(m));
          // Another month starts at its first page.
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSp],
  );
  return { ...month, setMonth };
}
