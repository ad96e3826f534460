import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserQuery } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { supportRequests, users } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: users.email,
  createdAt: users.createdAt,
  plan: users.plan,
  role: users.role,
  status: users.status,
} as const;

export class AdminRepository {
  constructor(private readonly db: DbOrTx) {}

  async listUsers(q: AdminUserQuery) {
    const filters: (SQL | undefined)[] = [
      q.search ? or(ilike(users.name, `%${escapeLike(q.search)}%`), ilike(users.email, `%${escapeLike(q.search)}%`)) : undefined,
      q.role ? eq(users.role, q.role) : undefined,
      q.plan ? eq(users.plan, q.plan) : undefined,
      q.status ? eq(users.status, q.status) : undefined,
    ];
    const where = and(...filters);
    const dir = q.order === 'desc' ? desc : asc;
    const [items, [count]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(dir(SORT_COLUMNS[q.sort]), asc(users.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(where),
    ]);
    return { items, total: count?.n ?? 0 };
  }

  async stats() {
    const [byPlan, byStatus, signups, [active], [total], recent, [support]] = await Promise.all([
      this.db
        .select({ plan: users.plan, count: sql<number>`count(*)` })
        .from(users)
        .groupBy(users.plan)
        .orderBy(users.plan),
      this.db
        .select({ status: users.status, count: sql<number>`count(*)` })
        .from(users)
        .groupBy(users.status)
        .orderBy(users.status),
      this.db
        .select({ month: sql<string>`to_char(date_trunc('month', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM')`, count: sql<number>`count(*)` })
        .from(users)
        // Back to a timestamptz read as UTC: compared bare, the session's TimeZone would shift the cut-off.
        .where(sql`${users.createdAt} >= (date_trunc('month', now() at time zone 'UTC') - interval '11 months') at time zone 'UTC'`)
        .groupBy(sql`1`)
        .orderBy(sql`1`),
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(and(eq(users.role, 'user'), sql`${users.lastActiveAt} >= now() - interval '30 days'`)),
      this.db.select({ n: sql<number>`count(*)` }).from(users),
      this.db.select().from(users).orderBy(desc(users.createdAt)).limit(5),
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(supportRequests)
        .where(eq(supportRequests.status, 'open')),
    ]);
    return { byPlan, byStatus, signups, active: active?.n ?? 0, total: total?.n ?? 0, recent, openSupport: support?.n ?? 0 };
  }
}
