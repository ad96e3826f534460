import { and, asc, desc, eq, getTableColumns, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/sql.js';
import { supportRequests, users } from '../../db/schema/index.js';

export type SupportRow = typeof supportRequests.$inferSelect;
// The screenshot's bytes stay out of every read but its own.
const { screenshot: _bytes, ...requestColumns } = getTableColumns(supportRequests);
const columns = {
  request: requestColumns,
  user: { id: users.id, name: users.name, email: users.email, plan: users.plan, preferences: users.preferences },
};

/**
 * Support requests. `forUser` scopes every read and write to the person who wrote them; without it
 * (administrators' calls) every request is in reach.
 */
export class SupportRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly forUser?: string,
  ) {}

  private scope(extra?: SQL) {
    const own = this.forUser ? eq(supportRequests.userId, this.forUser) : undefined;
    return and(own, extra);
  }

  async create(userId: string, subject: string, message: string): Promise<SupportRow> {
    const [row] = await this.db.insert(supportRequests).values({ userId, subject, message }).returning();
    return row!;
  }

  /** A plan request (from the plans page), which activating a plan answers; undefined when one is already waiting. */
  async createPlanRequest(userId: string, subject: string, message: string, planId: string): Promise<SupportRow | undefined> {
    const [row] = await this.db.insert(supportRequests).values({ userId, subject, message, planId }).onConflictDoNothing().returning();
    return row;
  }

  /** The newest plan requests first; `open` keeps those still waiting for an answer. */
  async planRequests(opts: { open?: boolean; limit?: number } = {}) {
    return this.db
      .select(columns)
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(this.scope(and(isNotNull(supportRequests.planId), opts.open ? eq(supportRequests.status, 'open') : undefined)))
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(opts.limit ?? 100);
  }

  async get(id: string) {
    const [row] = await this.db
      .select(columns)
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(this.scope(eq(supportRequests.id, id)));
    return row;
  }

  async screenshot(id: string) {
    const [row] = await this.db
      .select({ data: supportRequests.screenshot, mime: supportRequests.screenshotMime })
      .from(supportRequests)
      .where(this.scope(eq(supportRequests.id, id)));
    return row;
  }

  async list(q: { status?: SupportRow['status']; search?: string; order: 'asc' | 'desc'; page: number; size: number }) {
    const { page, size } = q;
    const like = q.search ? `%${escapeLike(q.search)}%` : undefined;
    const where = this.scope(
      and(
        q.status ? eq(supportRequests.status, q.status) : undefined,
        like ? or(ilike(supportRequests.subject, like), ilike(supportRequests.message, like), ilike(users.name, like), ilike(users.email, like)) : undefined,
      ),
    );
    const [items, [count]] = await Promise.all([
      this.db
        .select(columns)
        .from(supportRequests)
        .innerJoin(users, eq(users.id, supportRequests.userId))
        .where(where)
        .orderBy(
          ...(q.order === 'asc' ? [asc(supportRequests.createdAt), asc(supportRequests.id)] : [desc(supportRequests.createdAt), desc(supportRequests.id)]),
        )
        .limit(size)
        .offset((page - 1) * size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportRequests)
        .innerJoin(users, eq(users.id, supportRequests.userId))
        .where(where),
    ]);
    return { items, total: count?.n ?? 0 };
  }

  async update(id: string, set: Partial<Pick<SupportRow, 'status' | 'answer' | 'answeredBy' | 'answeredAt' | 'screenshot' | 'screenshotMime'>>) {
    const [row] = await this.db
      .update(supportRequests)
      .set({ ...set, updatedAt: new Date() })
      .where(this.scope(eq(supportRequests.id, id)))
      .returning();
    return row;
  }

  async adminIds(): Promise<string[]> {
    return (await this.admins()).map((r) => r.id);
  }

  /** The active administrators, with their preferences (the language to tell them in). */
  async admins() {
    return this.db
      .select({ id: users.id, preferences: users.preferences })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  }
}
