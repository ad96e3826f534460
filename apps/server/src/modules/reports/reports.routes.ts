import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAnnual,
  ZAnnualQuery,
  ZApiError,
  ZOk,
  ZPnl,
  ZPnlQuery,
  ZTaxRule,
  ZTaxRuleBody,
  ZTaxRuleList,
  ZYearMonthQuery,
  ZYearParam,
  ZDateRangeQuery,
} from '@cuadre/contracts';
import { readerLanguage } from '../../lib/language.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import { monthRange, type PeriodsService } from '../books/index.js';
import type { Db } from '../../db/client.js';
import { ledgerCsv, mileageCsv } from './ledger-files.js';
import { ReportsRepository } from './reports.repository.js';
import { bookErrors as errors } from '../../lib/errors.js';
import { annualDoc, pnlDoc, summaryDoc, type ReportDoc } from './report-doc.js';
import { contextOf, type ReportContext } from './report-context.js';
import { CONTENT_TYPES, reportCsv, reportPdf, reportXlsx, type ReportFormat } from './report-files.js';
import type { ReportsService } from './reports.service.js';

const FORMATS: ReportFormat[] = ['csv', 'xlsx', 'pdf'];
const adminErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

function csvReply(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('content-type', CONTENT_TYPES.csv)
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

async function sendReport(reply: FastifyReply, format: ReportFormat, doc: ReportDoc, ctx: ReportContext) {
  const body = format === 'csv' ? reportCsv(doc) : format === 'xlsx' ? await reportXlsx(doc) : await reportPdf(doc, ctx.money, ctx.number);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${doc.fileName}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The reports and their files, and the administrators' per-year tax rules. */
export function reportRoutes(app: FastifyInstance, deps: { db: Db; reports: ReportsService; periods: PeriodsService }, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['reports'];
  const { db, reports, periods } = deps;

  r.get(
    '/api/reports/pnl',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary: 'Profit and loss: a month, or without month the year with 12 columns and a total',
        querystring: ZPnlQuery,
        response: { 200: ZPnl, ...errors },
      },
    },
    // Written by the service in the contract's order (issue 31): sent as it is, not checked again.
    async (req, reply) => reply.type('application/json; charset=utf-8').send((await reports.pnlJson(authOf(req), req.query.year, req.query.month)) as never), // never: JSON text of a ZPnl
  );
  r.get(
    '/api/reports/annual',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary:
          "The year's totals by tax line, mileage per vehicle, payments per worker (contractors over the threshold flagged), an estimate of self-employment tax",
        querystring: ZAnnualQuery,
        response: { 200: ZAnnual, ...errors },
      },
    },
    (req) => reports.annual(authOf(req), req.query.year),
  );

  for (const format of FORMATS) {
    const produces = [CONTENT_TYPES[format].split(';')[0]!];
    r.get(
      `/api/reports/pnl.${format}`,
      { ...opts, schema: { tags, summary: `Profit and loss as ${format.toUpperCase()}`, querystring: ZPnlQuery, produces, response: { ...errors } } },
      async (req, reply) => {
        const auth = authOf(req);
        const ctx = contextOf(auth);
        return sendReport(reply, format, pnlDoc(await reports.pnl(auth, req.query.year, req.query.month), ctx), ctx);
      },
    );
    r.get(
      `/api/reports/annual.${format}`,
      { ...opts, schema: { tags, summary: `The annual total as ${format.toUpperCase()}`, querystring: ZAnnualQuery, produces, response: { ...errors } } },
      async (req, reply) => {
        const auth = authOf(req);
        const ctx = contextOf(auth);
        return sendReport(reply, format, annualDoc(await reports.annual(auth, req.query.year), ctx, ctx.money), ctx);
      },
    );
    r.get(
      `/api/reports/month-summary.${format}`,
      { ...opts, schema: { tags, summary: `The month's summary as ${format.toUpperCase()}`, querystring: ZYearMonthQuery, produces, response: { ...errors } } },
      async (req, reply) => {
        const auth = authOf(req);
        const ctx = contextOf(auth);
        return sendReport(reply, format, summaryDoc(await periods.monthSummary(auth, req.query.year, req.query.month), ctx), ctx);
      },
    );
  }

  r.get(
    '/api/reports/ledger.csv',
    {
      ...opts,
      schema: {
        tags,
        summary: 'The general ledger of a year (or a month): date, account, tax line, description, debit, credit; two balanced lines per entry',
        querystring: ZPnlQuery,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const { year, month } = req.query;
      const { from, to } = month ? monthRange(year, month) : { from: `${year}-01-01`, to: `${year}-12-31` };
      const auth = authOf(req);
      const rows = await new ReportsRepository(db, auth.user.id, readerLanguage(auth)).ledger(from, to);
      return csvReply(reply, `general-ledger-${year}${month ? `-${String(month).padStart(2, '0')}` : ''}`, ledgerCsv(rows, year));
    },
  );
  r.get(
    '/api/trips/export.csv',
    {
      ...opts,
      schema: {
        tags: ['books'],
        summary: 'The mileage log as CSV: date, vehicle, origin, destination, purpose, miles, odometer, rate, deduction',
        querystring: ZDateRangeQuery,
        produces: ['text/csv'],
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const from = req.query.from ?? '0001-01-01';
      const to = req.query.to ?? '9999-12-31';
      const rows = await new ReportsRepository(db, authOf(req).user.id).mileageLog(from, to);
      return csvReply(reply, `mileage-log${req.query.from ? `-${req.query.from}` : ''}`, mileageCsv(rows));
    },
  );

  const admin = { onRequest: guards.requireAdmin };
  const adminTags = ['admin'];
  r.get(
    '/api/admin/tax-rules',
    {
      ...admin,
      schema: { tags: adminTags, summary: 'The per-year contractor threshold and Social Security wage base', response: { 200: ZTaxRuleList, ...adminErrors } },
    },
    () => reports.taxRules(),
  );
  r.put(
    '/api/admin/tax-rules/:year',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Set a year's contractor threshold and wage base (cents)",
        params: ZYearParam,
        body: ZTaxRuleBody,
        response: { 200: ZTaxRule, ...adminErrors },
      },
    },
    (req) => reports.setTaxRule(req.params.year, req.body),
  );
  r.delete(
    '/api/admin/tax-rules/:year',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Remove a year's rules (the year then takes the latest earlier one)",
        params: ZYearParam,
        response: { 200: ZOk, ...adminErrors },
      },
    },
    (req) => reports.removeTaxRule(req.params.year),
  );
}
