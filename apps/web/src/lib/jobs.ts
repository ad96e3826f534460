import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { ZJob, ZJobList, ZOk, type Job } from '@cuadre/contracts';
import { api } from './api';

/** The signed-in user's recent jobs; polled while one runs, so progress shows and survives a reload. */
export const jobsQuery = queryOptions({
  queryKey: ['jobs'],
  queryFn: ({ signal }) => api('jobs', { schema: ZJobList, signal }),
  refetchInterval: (q) => (q.state.data?.items.some((j) => j.status === 'running') ? 1000 : false),
});
/** One job, polled while it runs (a reload of the page that started it finds it by id). */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => api(`jobs/${id}`, { schema: ZJob, signal }),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 500 : false),
  });
/** The JSON a finished job of this kind left (an import's preview or outcome); it does not change, so it is read once. */
export const jobResultQuery = <S extends z.ZodMiniType>(job: Job | undefined, kind: Job['kind'], schema: S) =>
  queryOptions({
    queryKey: ['jobs', job?.id, kind, 'result'],
    queryFn: ({ signal }) => api(`jobs/${job!.id}/download`, { schema, signal }),
    enabled: job?.kind === kind && job.status === 'done',
    staleTime: Infinity,
  });
export const startYearEnd = (year: number) => api('jobs/year-end', { method: 'POST', body: { year }, schema: ZJob });
/** `code`: the authenticator's, when two-step sign-in is on (the export is a backup of the account). */
export const startAccountExport = (code?: string) => api('jobs/account-export', { method: 'POST', ...(code ? { body: { code } } : {}), schema: ZJob });
/** `code`: the authenticator's, when two-step sign-in is on. */
export const deleteAccount = (password: string, code?: string) =>
  api('account', { method: 'DELETE', body: { password, ...(code ? { code } : {}) }, schema: ZOk });

/** The latest job of a kind (and year), if any. */
export const latestJob = (items: Job[] | undefined, kind: Job['kind'], year?: number) =>
  items?.find((j) => j.kind === kind && (year === undefined || j.year === year));
