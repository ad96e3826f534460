import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, unscoped } from '../../db/owned.js';
import { jobs } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

/** One owner's jobs. */
export class JobsRepository {
  private readonly s;

  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  async create(kind: JobRow['kind'], params: Record<string, unknown>): Promise<JobRow> {
    const [row] = await this.s.insertInto(jobs, { kind, params, status: 'running' }).returning();
    return row!;
  }

  async get(id: string): Promise<JobRow | undefined> {
    const [row] = await this.s.selectFrom(jobs).where(eq(jobs.id, id));
    return row;
  }

  list(limit = 20) {
    return this.s.selectFrom(jobs).orderBy(desc(jobs.createdAt)).limit(limit);
  }

  /** A running job of this kind with these parameters, if there is one (a second click joins it). */
  async running(kind: JobRow['kind'], params: Record<string, unknown>): Promise<JobRow | undefined> {
    const [row] = await this.s
      .selectFrom(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.status, 'running'), sql`${jobs.params} = ${JSON.stringify(params)}::jsonb`))
      .limit(1);
    return row;
  }

  async update(id: string, set: Partial<Pick<JobRow, 'status' | 'done' | 'total' | 'step' | 'fileName' | 'storageKey' | 'size' | 'error'>>) {
    await this.s.updateSet(jobs, { ...set, updatedAt: new Date() }).where(eq(jobs.id, id));
  }
}

/** Jobs that were running when the server stopped cannot finish: they are marked as failed at start. */
export async function failInterruptedJobs(db: DbOrTx) {
  await unscoped('at start, the interrupted jobs of every owner are marked failed', () =>
    db
      .update(jobs)
      .set({ status: 'failed', error: 'Interrupted by a server restart: start it again.', updatedAt: new Date() })
      .where(eq(jobs.status, 'running')),
  );
}
