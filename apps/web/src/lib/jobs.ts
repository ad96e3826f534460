import { queryOptions } from '@tanstack/react-query';
import { ZJob, ZJobList, ZOk, type Job } from '@cuadre/contracts';
import { api } from './api';

/** The signed-in user's recent jobs; polled while one runs, so progress shows and survives a reload. */
export const jobsQuery = queryOptions({
  queryKey: ['jobs'],
  queryFn: ({ signal }) => api('jobs', { schema: ZJobList, signal }),
  refetchInterval: (q) => (q.state.data?.items.some((j) => j.status === 'running') ? 1000 : false),
});
export const startYearEnd = (year: number) => api('jobs/year-end', { method: 'POST', body: { year }, schema: ZJob });
export const startAccountExport = () => api('jobs/account-export', { method: 'POST', schema: ZJob });
export const deleteAccount = (password: string) => api('account', { method: 'DELETE', body: { password }, schema: ZOk });

/** The latest job of a kind (and year), if any. */
export const latestJob = (items: Job[] | undefined, kind: Job['kind'], year?: number) =>
  items?.find((j) => j.kind === kind && (year === undefined || j.year === year));
