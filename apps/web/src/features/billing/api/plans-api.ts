import { queryOptions } from '@tanstack/react-query';
import { ZPlansResponse } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** The plans on offer and whether this install takes payments (GET /api/plans). */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => api('plans', { schema: ZPlansResponse, signal }),
  staleTime: 5 * 60_000,
});
