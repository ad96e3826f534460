import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ZActivityList, ZAnalytics, ZCrypto } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** `GET /api/dashboards/analytics`: the service (administrators) or one's own use, last 30 days. */
export const analyticsQuery = () =>
  queryOptions({ queryKey: ['insights', 'analytics'], queryFn: ({ signal }) => api('dashboards/analytics', { schema: ZAnalytics, signal }) });

/** `GET /api/dashboards/crypto`: sample data made on the server; it moves once a minute. */
export const cryptoQuery = () =>
  queryOptions({ queryKey: ['insights', 'crypto'], queryFn: ({ signal }) => api('dashboards/crypto', { schema: ZCrypto, signal }), refetchInterval: 60_000 });

/** `GET /api/pages/activities`: the account's history, a page at a time, newest first. */
export const activitiesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: ['insights', 'activities', page, size],
    queryFn: ({ signal }) => api('pages/activities', { query: { page, size }, schema: ZActivityList, signal }),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
