import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAuditList,
  ZAuditQuery,
  ZIdParam,
  ZMonthParam,
  ZMonthSummary,
  ZOk,
  ZTaxMonth,
  ZTaxMonthList,
  ZTaxYearList,
  ZTrip,
  ZTripBody,
  ZTripList,
  ZTripPatch,
  ZTripQuery,
  ZWorkerTotals,
  ZYearMonthQuery,
  ZYearParam,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import type { AuditService } from './audit.service.js';
import type { PeriodsService } from './periods.service.js';
import { bookErrors as errors } from '../../lib/errors.js';
import type { TripsService } from './trips.service.js';

/** Trips, periods, the month's summary and the audit trail. */
export function bookRoutes(app: FastifyInstance, deps: { audit: AuditService; trips: TripsService; periods: PeriodsService }, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const { trips, periods } = deps;

  r.get(
    '/api/trips',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags: ['trips'],
        summary: 'List trips with miles and deductions, per vehicle and in total',
        querystring: ZTripQuery,
        response: { 200: ZTripList, ...errors },
      },
    },
    (req) => trips.list(authOf(req), req.query),
  );
  r.post(
    '/api/trips',
    { ...opts, schema: { tags: ['trips'], summary: 'Log a trip, by odometer or by miles', body: ZTripBody, response: { 201: ZTrip, ...errors } } },
    async (req, reply) => reply.status(201).send(await trips.create(authOf(req), req.body)),
  );
  r.get('/api/trips/:id', { ...opts, schema: { tags: ['trips'], summary: 'One trip', params: ZIdParam, response: { 200: ZTrip, ...errors } } }, (req) =>
    trips.get(authOf(req), req.params.id),
  );
  r.patch(
    '/api/trips/:id',
    { ...opts, schema: { tags: ['trips'], summary: 'Change a trip', params: ZIdParam, body: ZTripPatch, response: { 200: ZTrip, ...errors } } },
    (req) => trips.update(authOf(req), req.params.id, req.body),
  );
  r.delete('/api/trips/:id', { ...opts, schema: { tags: ['trips'], summary: 'Delete a trip', params: ZIdParam, response: { 200: ZOk, ...errors } } }, (req) =>
    trips.remove(authOf(req), req.params.id),
  );

  const ptags = ['periods'];
  r.get(
    '/api/tax-years',
    {
      ...opts,
      ...cachedRead,
      schema: { tags: ptags, summary: 'The years with records: income, outflows, net, status', response: { 200: ZTaxYearList, ...errors } },
    },
    (req) => periods.years(authOf(req)),
  );
  r.get(
    '/api/tax-years/:year/months',
    {
      ...opts,
      ...cachedRead,
      schema: { tags: ptags, summary: "A year's 12 months: income, outflows, net, status", params: ZYearParam, response: { 200: ZTaxMonthList, ...errors } },
    },
    (req) => periods.months(authOf(req), req.params.year),
  );
  r.post(
    '/api/tax-years/:year/months/:month/close',
    {
      ...opts,
      schema: {
        tags: ptags,
        summary: 'Close a month: its entries, receipts and trips refuse every change (409 PERIOD_CLOSED)',
        params: ZMonthParam,
        response: { 200: ZTaxMonth, ...errors },
      },
    },
    (req) => periods.setStatus(authOf(req), req.params.year, req.params.month, 'closed'),
  );
  r.post(
    '/api/tax-years/:year/months/:month/reopen',
    { ...opts, schema: { tags: ptags, summary: 'Reopen a closed month', params: ZMonthParam, response: { 200: ZTaxMonth, ...errors } } },
    (req) => periods.setStatus(authOf(req), req.params.year, req.params.month, 'open'),
  );
  r.get(
    '/api/reports/month-summary',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags: ['reports'],
        summary: "A month's income, outflows by kind, miles, mileage deduction and net, with a daily series",
        querystring: ZYearMonthQuery,
        response: { 200: ZMonthSummary, ...errors },
      },
    },
    // The database writes the answer's JSON (issue 31): sent as it is, not parsed and checked again.
    async (req, reply) =>
      reply.type('application/json; charset=utf-8').send((await periods.monthSummaryJson(authOf(req), req.query.year, req.query.month)) as never), // never: JSON text of a ZMonthSummary
  );

  r.get(
    '/api/reports/worker-totals',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags: ['reports'],
        summary: "Each worker's payments in the month and in its year",
        querystring: ZYearMonthQuery,
        response: { 200: ZWorkerTotals, ...errors },
      },
    },
    (req) => periods.workerTotals(authOf(req), req.query.year, req.query.month),
  );

  r.get(
    '/api/audit',
    {
      ...opts,
      schema: {
        tags: ['audit'],
        summary: "A record's history: who changed what, when, before and after",
        querystring: ZAuditQuery,
        response: { 200: ZAuditList, ...errors },
      },
    },
    (req) => deps.audit.history(authOf(req), req.query.entity, req.query.id),
  );
}
