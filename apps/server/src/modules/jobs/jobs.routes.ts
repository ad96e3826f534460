import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAccountExportBody, ZApiError, ZIdParam, ZJob, ZJobList, ZYearEndBody } from '@cuadre/contracts';
import { notFound } from '../../lib/errors.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { Db } from '../../db/client.js';
import { jobOut, type JobRunner } from './job-runner.js';
import { JobsRepository } from './jobs.repository.js';
import type { AuthService } from '../auth/index.js';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** Long work: start it, follow it, download what it made. */
export function jobRoutes(app: FastifyInstance, db: Db, runner: JobRunner, guards: Guards, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const repo = (req: Parameters<typeof authOf>[0]) => new JobsRepository(db, authOf(req).user.id);
  r.get(
    '/api/jobs',
    { onRequest: guards.requireUser, schema: { tags, summary: "The signed-in user's recent jobs, newest first", response: { 200: ZJobList, ...errors } } },
    async (req) => ({
      items: (await repo(req).list()).map(jobOut),
    }),
  );
  r.get(
    '/api/jobs/:id',
    { onRequest: guards.requireUser, schema: { tags, summary: "A job's progress", params: ZIdParam, response: { 200: ZJob, ...errors } } },
    async (req) => {
      const row = await repo(req).get(req.params.id);
      if (!row) throw notFound('Job');
      return jobOut(row);
    },
  );
  r.get(
    '/api/jobs/:id/download',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'The file a finished job made (a ZIP, or the JSON result of an import)',
        params: ZIdParam,
        produces: ['application/zip', 'application/json'],
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const row = await repo(req).get(req.params.id);
      if (!row?.storageKey || row.status !== 'done') throw notFound('File');
      const stream = createReadStream(runner.pathOf(row.storageKey));
      await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', () => reject(notFound('File'))));
      // A package is a ZIP to save; an import's result is JSON the screen reads back.
      const json = row.fileName?.endsWith('.json') ?? false;
      return reply
        .header('content-type', json ? 'application/json; charset=utf-8' : 'application/zip')
        .header('content-disposition', `${json ? 'inline' : 'attachment'}; filename="${row.fileName ?? 'cuadre.zip'}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream as never); // never: a file stream; the route's schemas describe only the JSON errors
    },
  );
  r.post(
    '/api/jobs/year-end',
    {
      onRequest: guards.requireBooks,
      schema: {
        tags,
        summary: "Start the year's package for the accountant (a ZIP of reports, ledger, mileage log, contractors, receipts)",
        body: ZYearEndBody,
        response: { 202: ZJob, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(jobOut(await runner.start(authOf(req), 'year_end', { year: req.body.year }))),
  );
  r.post(
    '/api/jobs/account-export',
    {
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Start an export of everything the signed-in user has',
        description: 'With two-step sign-in on, `{code}` too (it is a backup of the account): 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        body: ZAccountExportBody,
        response: { 202: ZJob, ...errors, 429: ZApiError },
      },
    },
    async (req, reply) => {
      await auth.mfa.requireCode(authOf(req).user, req.body?.code, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      return reply.status(202).send(jobOut(await runner.start(authOf(req), 'account_export', {})));
    },
  );
}
