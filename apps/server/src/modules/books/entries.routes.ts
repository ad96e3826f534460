import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  MAX_ATTACHMENT_BYTES,
  ZApiError,
  ZAttachment,
  ZEntry,
  ZEntryBatchBody,
  ZEntryBatchResult,
  ZEntryBody,
  ZEntryList,
  ZEntryPatch,
  ZEntryQuery,
  ZIdParam,
  ZOk,
} from '@cuadre/contracts';
import { centsText, CSV_BOM, csvRow } from '../../lib/csv.js';
import { readUpload } from '../../lib/uploads.js';
import { sendStoredFile } from '../../lib/downloads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import type { EntriesService } from './entries.service.js';
import { bookErrors } from '../../lib/errors.js';

const errors = { ...bookErrors, 413: ZApiError, 415: ZApiError };
const EXPORT_LIMIT = 100_000;

/** `/api/entries` and the receipts: thin, each call parsed by its contract and handed to the service. */
export function entryRoutes(app: FastifyInstance, entries: EntriesService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['entries'];

  r.get(
    '/api/entries',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary: 'List entries: filter by type, dates, category, subcategory, worker, provider, product, text; sort; page; with totals',
        querystring: ZEntryQuery,
        response: { 200: ZEntryList, ...errors },
      },
    },
    // The database writes the answer's JSON (issue 31): sent as it is, not parsed and checked again.
    async (req, reply) => reply.type('application/json; charset=utf-8').send((await entries.listJson(authOf(req), req.query)) as never), // never: JSON text of a ZEntryList
  );
  r.get(
    '/api/entries/export.csv',
    {
      ...opts,
      schema: {
        tags,
        summary: 'The entries of a filter as CSV (UTF-8, RFC 4180, formula cells neutralised)',
        querystring: z.omit(ZEntryQuery, { page: true, size: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const list = await entries.list(authOf(req), { ...req.query, page: 1, size: EXPORT_LIMIT });
      let body =
        CSV_BOM +
        csvRow([
          'date',
          'type',
          'amount',
          'category',
          'subcategory',
          'paymentMethod',
          'reference',
          'description',
          'worker',
          'provider',
          'product',
          'quantity',
          'unitCost',
          'hours',
          'id',
        ]);
      for (const e of list.items) {
        body += csvRow([
          e.date,
          e.type,
          centsText(e.amount),
          e.categoryName,
          e.subcategoryName,
          e.paymentMethod,
          e.reference,
          e.description,
          e.workerName,
          e.providerName,
          e.productName,
          e.quantity,
          e.unitCost === null ? null : centsText(e.unitCost),
          e.hours,
          e.id,
        ]);
      }
      const from = req.query.from ?? 'all';
      const to = req.query.to ?? 'all';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="entries-${from}-${to}.csv"`)
        .send(body);
    },
  );
  r.post(
    '/api/entries',
    { ...opts, schema: { tags, summary: 'Record one entry', body: ZEntryBody, response: { 201: ZEntry, ...errors } } },
    async (req, reply) => reply.status(201).send(await entries.create(authOf(req), req.body)),
  );
  r.post(
    '/api/entries/batch',
    {
      ...opts,
      // A thousand lines of JSON run past the default 1 MB.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Record up to 1,000 entries in one transaction: all or nothing',
        body: ZEntryBatchBody,
        response: { 201: ZEntryBatchResult, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await entries.batch(authOf(req), req.body.entries)),
  );
  r.get(
    '/api/entries/:id',
    { ...opts, schema: { tags, summary: 'One entry, with its receipts', params: ZIdParam, response: { 200: ZEntry, ...errors } } },
    (req) => entries.get(authOf(req), req.params.id),
  );
  r.patch(
    '/api/entries/:id',
    {
      ...opts,
      schema: { tags, summary: 'Change an entry (also moving it to another date)', params: ZIdParam, body: ZEntryPatch, response: { 200: ZEntry, ...errors } },
    },
    (req) => entries.update(authOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/entries/:id',
    { ...opts, schema: { tags, summary: 'Delete an entry and its receipts', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => entries.remove(authOf(req), req.params.id),
  );

  r.post(
    '/api/entries/:id/attachments',
    {
      ...opts,
      bodyLimit: MAX_ATTACHMENT_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Attach a receipt (JPEG, PNG, WebP or PDF, at most 10 MB) as multipart field "file"; 413 STORAGE_FULL when the storage quota would be passed',
        consumes: ['multipart/form-data'],
        params: ZIdParam,
        response: { 201: ZAttachment, ...errors },
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, {
        field: 'file',
        maxBytes: MAX_ATTACHMENT_BYTES,
        tooLarge: 'The file is larger than 10 MB',
        missing: 'Send the file',
      });
      return reply.status(201).send(await entries.attach(authOf(req), req.params.id, upload));
    },
  );
  r.get(
    '/api/attachments/:id',
    {
      ...opts,
      schema: {
        tags,
        summary: 'A receipt, to its owner only (?download=1 to save it)',
        params: ZIdParam,
        querystring: z.object({ download: z.optional(z.enum(['0', '1', 'true', 'false'])) }),
        response: { ...errors },
      },
    },
    async (req, reply) => {
      const { row, stream } = await entries.attachment(authOf(req), req.params.id);
      return sendStoredFile(reply, { name: row.fileName, mime: row.mime, size: row.size, stream }, req.query.download);
    },
  );
  r.delete('/api/attachments/:id', { ...opts, schema: { tags, summary: 'Remove a receipt', params: ZIdParam, response: { 200: ZOk, ...errors } } }, (req) =>
    entries.detach(authOf(req), req.params.id),
  );
}
