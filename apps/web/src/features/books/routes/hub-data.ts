import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '@/lib/queries';
import { session } from '@/lib/session';
import { settingsQuery } from '@/lib/settings';
import { entriesQuery, monthsQuery, monthSummaryQuery, onboardingQuery } from '../api/books-api';
import { parseMonth } from '../lib/month';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day as YYYY-MM-DD on the owner's clock, the calendar their books are kept in. */
export const localDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Whether a month may be closed yet: from its last day on, on the owner's clock (the server refuses it
 * before; docs/product.md, "Closed months"). The evening's takings are in by then.
 */
export const closeAllowed = (month: { to: string }, today = localDay()) => month.to <= today;

/**
 * Whether the hub offers to close the month in view: an open month that has reached its last day (not
 * earlier in the month, not one to come) and has something in it. A closed month offers its reopening instead.
 */
export function closeOffered(month: { to: string }, status: { closed: boolean; entries: number; trips: number } | undefined, today = localDay()) {
  return !!status && !status.closed && closeAllowed(month, today) && status.entries + status.trips > 0;
}

/** The hub's recent entries: the newest ten, whatever the month. */
export const RECENT_QUERY = { sort: 'createdAt', order: 'desc', size: 10 } as const;

/**
 * The hub's reads start with the navigation, beside its code and the shell's user check, not after
 * the page has rendered: the page then renders once, with its figures, instead of rendering empty and
 * again as each answer arrives. A read that fails here is left to the page, which shows its error
 * with a retry (prefetching never throws, and does not retry here: a server away for a moment must
 * not hold the navigation for the retries' back-off).
 */
export async function hubLoader({ url }: LoaderFunctionArgs) {
  if (!session.isSignedIn()) return null;
  const m = parseMonth(url.searchParams);
  const once = { retry: false } as const;
  await Promise.all([
    queryClient.prefetchQuery({ ...settingsQuery, ...once }),
    queryClient.prefetchQuery({ ...monthSummaryQuery(m.year, m.month), ...once }),
    queryClient.prefetchQuery({ ...monthsQuery(m.year), ...once }),
    queryClient.prefetchQuery({ ...entriesQuery(RECENT_QUERY), ...once }),
    queryClient.prefetchQuery({ ...onboardingQuery, ...once }),
  ]);
  return null;
}
