import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnnual, ZAnnualQuery, ZApiError, ZOk, ZPnl, ZPnlQuery, ZTaxRule, ZTaxRuleBody, ZTaxRuleList, ZYearMonthQuery, ZYearParam } from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { Authenticated } from '../auth/auth.service.js';
import type { PeriodsService } from '../books/periods.service.js';
import { bookErrors as errors } from '../books/registries.routes.js';
import { annualDoc, pnlDoc, summaryDoc, type DocContext, type Language, type ReportDoc } from './report-doc.js';
import { CONTENT_TYPES, reportCsv, reportPdf, reportXlsx, type ReportFormat } from './report-files.js';
import type { ReportsService } from './reports.service.js';

const FORMATS: ReportFormat[] = ['csv', 'xlsx', 'pdf'];
const adminErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** The business, its currency and the reader's language: what a report file is headed and formatted with. */
function contextOf(auth: Authenticated): DocContext & { money: (cents: number) => string; number: (n: number) => string } {
  const language = (['en', 'es', 'tr'] as const).find((l) => l === auth.user.preferences?.language) ?? ('en' satisfies Language);
  const currency = auth.user.business?.currency ?? 'USD';
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return {
    business: auth.user.company ?? auth.user.name,
    currency,
    language,
    // Formatting only: the figure itself stays integer cents until this last step.
    money: (cents) => money.format(cents / 100),
    number: (n) => number.format(n),
  };
}

async function sendReport(reply: FastifyReply, format: ReportFormat, doc: ReportDoc, ctx: ReturnType<typeof contextOf>) {
  const body = format === 'csv' ? reportCsv(doc) : format === 'xlsx' ? await reportXlsx(doc) : await reportPdf(doc, ctx.money, ctx.number);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${doc.fileName}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** The reports and their files, and the administrators' per-year tax rules. */
export function reportRoutes(app: FastifyInstance, deps: { reports: ReportsService; periods: PeriodsService }, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['reports'];
  const { reports, periods } = deps;

  r.get(
    '/api/reports/pnl',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Profit and loss: a month, or without month the year with 12 columns and a total',
        querystring: ZPnlQuery,
        response: { 200: ZPnl, ...errors },
      },
    },
    (req) => reports.pnl(authOf(req), req.query.year, req.query.month),
  );
  r.get(
    '/api/reports/annual',
    {
      ...opts,
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
