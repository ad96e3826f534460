import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZImportCommitBody,
  ZImportCommitResult,
  ZImportPreview,
  ZImportPreviewBody,
  ZImportProfileList,
  ZImportRule,
  ZImportRuleBody,
  ZImportRuleList,
  ZJob,
  ZOk,
} from '@cuadre/contracts';
import { jobOut, type JobRunner } from '../jobs/index.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { commitParams, previewParams } from './import.jobs.js';
import type { ImportService } from './import.service.js';
import { bookErrors as errors } from '../../lib/errors.js';

/** A statement may be 5 MB of text; its JSON (escaped) a little more. */
const STATEMENT_BODY_LIMIT = 8 * 1024 * 1024;

export function importRoutes(app: FastifyInstance, imports: ImportService, guards: Guards, jobs: JobRunner) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  const tags = ['books'];
  r.post(
    '/api/entries/import',
    {
      ...opts,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: "Preview a bank statement (CSV with a column mapping, or OFX/QFX): each row's type, category, errors, duplicates; writes nothing",
        body: ZImportPreviewBody,
        response: { 200: ZImportPreview, ...errors },
      },
    },
    (req) => imports.preview(authOf(req), req.body),
  );
  r.post(
    '/api/entries/import/commit',
    {
      ...opts,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Write the chosen rows of a statement as entries, all in one transaction (and save the bank’s column mapping)',
        body: ZImportCommitBody,
        response: { 201: ZImportCommitResult, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await imports.commit(authOf(req), req.body)),
  );
  // The same two steps as jobs, for the screen: a reload or a second tab finds them by id.
  r.post(
    '/api/jobs/import-preview',
    {
      ...opts,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags: ['jobs'],
        summary: 'Start the preview of a bank statement as a job; its result (format, bank, preview) is the JSON of /api/jobs/:id/download',
        body: ZImportPreviewBody,
        response: { 202: ZJob, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(jobOut(await jobs.start(authOf(req), 'import_preview', previewParams(req.body), req.body))),
  );
  r.post(
    '/api/jobs/import-commit',
    {
      ...opts,
      bodyLimit: STATEMENT_BODY_LIMIT,
      schema: {
        tags: ['jobs'],
        summary:
          'Start writing the chosen rows of a statement as a job (one transaction); its result ({ created, month }) is the JSON of /api/jobs/:id/download',
        body: ZImportCommitBody,
        response: { 202: ZJob, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(jobOut(await jobs.start(authOf(req), 'import_commit', commitParams(req.body), req.body))),
  );
  r.get(
    '/api/entries/import/profiles',
    { ...opts, schema: { tags, summary: 'The saved column mappings, per bank', response: { 200: ZImportProfileList, ...errors } } },
    (req) => imports.profiles(authOf(req)),
  );
  r.get(
    '/api/entries/import/rules',
    { ...opts, schema: { tags, summary: 'The categorisation rules of imports', response: { 200: ZImportRuleList, ...errors } } },
    (req) => imports.rules(authOf(req)),
  );
  r.post(
    '/api/entries/import/rules',
    {
      ...opts,
      schema: {
        tags,
        summary: 'Add a rule: description contains … → category / subcategory',
        body: ZImportRuleBody,
        response: { 201: ZImportRule, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await imports.addRule(authOf(req), req.body)),
  );
  r.delete(
    '/api/entries/import/rules/:id',
    { ...opts, schema: { tags, summary: 'Remove a rule', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => imports.removeRule(authOf(req), req.params.id),
  );
}
