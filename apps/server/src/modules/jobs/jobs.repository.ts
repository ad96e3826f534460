import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

/** One owner's jobs. */
export class JobsRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {}

  async create(kind: JobRow['kind'], params: Record<string, unknown>): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values({ ownerId: this.ownerId, kind, params, status: 'running' }).returning();
    return row!;
  }

  async get(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.ownerId, this.ownerId), eq(jobs.id, id)));
    return row;
  }

  list(limit = 20) {
    return this.db.select().from(jobs).where(eq(jobs.ownerId, this.ownerId)).orderBy(desc(jobs.createdAt)).limit(limit);
  }

  /** A running job of this kind with these parameters, if there is one (a second click joins it). */
  async running(kind: JobRow['kind'], params: Record<string, unknown>): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.ownerId, this.ownerId), eq(jobs.kind, kind), eq(jobs.status, 'running'), sql`${jobs.params} = ${JSON.stringify(params)}::jsonb`))
      .limit(1);
    return row;
  }

  async update(id: string, set: Partial<Pick<JobRow, 'status' | 'done' | 'total' | 'step' | 'fileName' | 'storageKey' | 'size' | 'error'>>) {
    await this.db
      .update(jobs)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(jobs.ownerId, this.ownerId), eq(jobs.id, id)));
  }
}

/** Jobs that were running when the server stopped cannot finish: they are marked as failed at start. */
export async function failInterruptedJobs(db: DbOrTx) {
  await db
    .update(jobs)
    .set({ status: 'failed', error: 'Interrupted by a server restart: start it again.', updatedAt: new Date() })
    .where(eq(jobs.status, 'running'));
}
