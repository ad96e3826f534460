import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import { runWithoutDeadline } from '../../db/deadlines.js';
import type { ReadCache } from '../../lib/read-cache.js';
import type { Authenticated } from '../auth/index.js';
import { JobsRepository, type JobRow } from './jobs.repository.js';

export interface JobContext {
  auth: Authenticated;
  params: Record<string, unknown>;
  /** What the call that started the job handed over and is not kept (a statement's text, the rows to write). */
  input: unknown;
  /** Where the job writes its file. */
  file: string;
  /** Reports progress (kept in the database, so a reload of the page sees it). */
  progress(done: number, total: number, step: string): Promise<void>;
}
/** Does the work, writes `ctx.file`, and names the file the owner downloads. */
export type JobHandler = (ctx: JobContext) => Promise<{ fileName: string }>;

/**
 * Runs long work off the request: the call that starts a job answers at once with its row, the work
 * goes on in this process, and its progress and result are read back by id. A job's file lives under
 * DATA_DIR/exports/<owner>/ until a newer job of the same kind replaces it.
 */
export class JobRunner {
  private readonly handlers = new Map<JobRow['kind'], JobHandler>();
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
    /** Told when a job ends: what it wrote (an import) must not be hidden by an answer kept before. */
    private readonly readCache?: ReadCache,
  ) {}

  private async changed(auth: Authenticated) {
    await (auth.user.role === 'admin' ? this.readCache?.changedForAll() : this.readCache?.changed(auth.user.id));
  }

  /** Work done off a request wrote an owner's books (the recurring entries' scheduler): lists kept before must not hide it. */
  async ownerChanged(ownerId: string) {
    await this.readCache?.changed(ownerId);
  }

  register(kind: JobRow['kind'], handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  pathOf(key: string) {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(key)) throw new Error('Invalid job file key');
    return path.join(this.dataDir, 'exports', key);
  }

  /** `params` are kept with the job (and a second start with the same ones joins it); `input` only reaches the handler. */
  async start(auth: Authenticated, kind: JobRow['kind'], params: Record<string, unknown>, input?: unknown): Promise<JobRow> {
    const repo = new JobsRepository(this.db, auth.user.id);
    const already = await repo.running(kind, params);
    if (already) return already;
    const row = await repo.create(kind, params);
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`No handler for ${kind}`);
    const key = `${auth.user.id}/${randomUUID()}`;
    const file = this.pathOf(key);
    // Outside the request's database deadline (db/deadlines.ts): the job goes on after the answer.
    const run = runWithoutDeadline(async () => {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const { fileName } = await handler({
          auth,
          params,
          input,
          file,
          progress: (done, total, step) => repo.update(row.id, { done, total, step }),
        });
        await this.changed(auth);
        const size = (await stat(file)).size;
        // The previous files of this kind go: one finished package per kind is kept.
        for (const old of await repo.list(50)) {
          if (old.kind === kind && old.storageKey && old.id !== row.id) await rm(this.pathOf(old.storageKey), { force: true });
        }
        await repo.update(row.id, { status: 'done', storageKey: key, fileName, size, step: '' });
      } catch (err) {
        this.log.error({ err, job: row.id, kind }, 'job failed');
        await this.changed(auth).catch(() => undefined);
        await rm(file, { force: true });
        await repo.update(row.id, { status: 'failed', error: (err as Error).message.split('\n')[0] ?? 'failed' }).catch(() => undefined);
      }
    });
    this.active.add(run);
    void run.finally(() => this.active.delete(run));
    return row;
  }

  /** Waits for the jobs in flight (tests, and a graceful stop). */
  async drain() {
    while (this.active.size) await Promise.all([...this.active]);
  }
}

export function jobOut(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    done: row.done,
    total: row.total,
    step: row.step,
    year: typeof row.params.year === 'number' ? row.params.year : null,
    fileName: row.fileName,
    size: row.size,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
