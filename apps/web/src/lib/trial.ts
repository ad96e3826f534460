import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTrialOffer } from '@cuadre/contracts';
import { api } from './api';
import { queryClient } from './queries';

/** The days of the paid plan's trial a new account gets (GET /api/plans/trial, open to visitors; 0: none). */
export const trialOfferQuery = queryOptions({
  queryKey: ['plans', 'trial'],
  queryFn: ({ signal }) => api('plans/trial', { schema: ZTrialOffer, signal }),
  staleTime: 10 * 60_000,
});

/**
 * For the loaders of the pages that invite a visitor to sign up: the offer is read with the page's
 * code, so the page shows once with its words. A failure leaves the page its neutral words (no retry
 * holds the navigation).
 */
export async function loadTrialOffer() {
  await queryClient.prefetchQuery({ ...trialOfferQuery, retry: false });
  return null;
}

/** The trial's days as the loader found them; undefined when unknown (the page then says nothing of a trial). */
export function useTrialDays(): number | undefined {
  // The app's client given here: the empty layout these pages render in provides none (lib/query-provider.tsx).
  return useQuery({ ...trialOfferQuery, enabled: false }, queryClient).data?.days;
}
