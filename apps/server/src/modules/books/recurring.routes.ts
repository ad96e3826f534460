import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEntry, ZIdParam, ZOk, ZRecurring, ZRecurringBody, ZRecurringList, ZRecurringPatch, ZRecurringQuery, ZRecurringRecordBody } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { bookErrors } from '../../lib/errors.js';
import type { RecurringService } from './recurring.service.js';

/** `/api/recurring`: recurring entries' templates (list, add, change, pause and resume, delete) and the record call of a reminded one. */
export function recurringRoutes(app: FastifyInstance, service: RecurringService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['recurring'];
  r.get(
    '/api/recurring',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary: 'List recurring entries: search, mode, due by a date, sort by next date, amount or creation',
        querystring: ZRecurringQuery,
        response: { 200: ZRecurringList, ...bookErrors },
      },
    },
    (req) => service.list(authOf(req), req.query),
  );
  r.post(
    '/api/recurring',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Add a recurring entry (recordFirst: also write the start date’s entry now, as its first occurrence)',
        body: ZRecurringBody,
        response: { 201: ZRecurring, ...bookErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(authOf(req), req.body)),
  );
  r.get(
    '/api/recurring/:id',
    { ...opts, schema: { tags, summary: 'One recurring entry', params: ZIdParam, response: { 200: ZRecurring, ...bookErrors } } },
    (req) => service.get(authOf(req), req.params.id),
  );
  r.patch(
    '/api/recurring/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Change a recurring entry (paused: true pauses it, false resumes it from today)',
        params: ZIdParam,
        body: ZRecurringPatch,
        response: { 200: ZRecurring, ...bookErrors },
      },
    },
    (req) => service.update(authOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/recurring/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete a recurring entry: nothing more is made; the entries it made stay',
        params: ZIdParam,
        response: { 200: ZOk, ...bookErrors },
      },
    },
    (req) => service.remove(authOf(req), req.params.id),
  );
  r.post(
    '/api/recurring/:id/record',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Record a reminded occurrence on its date, with the amount given (else the template’s); 409 once recorded',
        params: ZIdParam,
        body: ZRecurringRecordBody,
        response: { 201: ZEntry, ...bookErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.record(authOf(req), req.params.id, req.body)),
  );
}
