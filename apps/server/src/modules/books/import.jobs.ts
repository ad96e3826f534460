import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import {
  ZImportCommitBody,
  ZImportPreviewBody,
  type ImportCommitBody,
  type ImportCommitJobResult,
  type ImportPreviewBody,
  type ImportPreviewJobResult,
} from '@cuadre/contracts';
import type { JobContext, JobRunner } from '../jobs/index.js';
import type { ImportService } from './import.service.js';

/**
 * A statement's preview and its commit as jobs: the screen that started one may be reloaded or left,
 * and finds the job's progress, then its result (written as JSON beside the other jobs' files), by id.
 */
export function registerImportJobs(runner: JobRunner, imports: ImportService) {
  runner.register('import_preview', async ({ auth, input, file, progress }: JobContext) => {
    // The route validated the body; parsing again gives the handler its type without a cast.
    const body = ZImportPreviewBody.parse(input);
    await progress(0, 0, 'reading');
    const preview = await imports.preview(auth, body, progress);
    const result: ImportPreviewJobResult = { format: body.format, bank: body.bank ?? null, preview };
    await writeFile(file, JSON.stringify(result));
    return { fileName: 'statement-preview.json' };
  });
  runner.register('import_commit', async ({ auth, input, file, progress }: JobContext) => {
    const body = ZImportCommitBody.parse(input);
    const { created } = await imports.commit(auth, body, progress);
    const first = body.rows.map((r) => r.date).sort()[0];
    const result: ImportCommitJobResult = { created, month: first ? first.slice(0, 7) : null };
    await writeFile(file, JSON.stringify(result));
    return { fileName: 'statement-import.json' };
  });
}

/** What a job keeps of its input: enough to tell two statements apart (a second click joins the first), not the text itself. */
export const previewParams = (body: ImportPreviewBody) => ({ format: body.format, bank: body.bank ?? null, digest: digest(body) });
export const commitParams = (body: ImportCommitBody) => ({ rows: body.rows.length, bank: body.bank ?? null, digest: digest(body) });

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
