import { queryOptions } from '@tanstack/react-query';
import { ZPlanRequest, ZPlanRequestState, type PlanRequestBody } from '@cuadre/contracts';
import { api } from '@/lib/api';

/** The owner's newest plan request and its state (GET /api/plans/request). */
export const planRequestQuery = queryOptions({
  queryKey: ['plans', 'request'],
  queryFn: ({ signal }) => api('plans/request', { schema: ZPlanRequestState, signal }),
  // Answered by an administrator elsewhere: read again whenever the page is opened, and now and then while it waits.
  staleTime: 0,
  refetchInterval: (q) => (q.state.data?.request?.status === 'pending' ? 60_000 : false),
});

/** Asks the administrators for a plan (POST /api/plans/request). */
export const requestPlan = (body: PlanRequestBody) => api('plans/request', { method: 'POST', body, schema: ZPlanRequest });
