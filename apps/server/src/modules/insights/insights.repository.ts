import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, unscoped, type OwnerScope } from '../../db/owned.js';
import { auditLog, jobs, sessions, taxMonths, users } from '../../db/schema/index.js';

/** A UTC day as YYYY-MM-DD, whatever the database session's time zone. */
const day = (col: unknown) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

export interface DayCount {
  d: string;
  n: number;
}

/** What an activity row carries before the service words it. */
export type ActivityRow = {
  id: string;
  kind: 'entry' | 'month' | 'import' | 'export' | 'device' | 'support';
  date: Date | string;
  action: string;
  ref: string | null;
  data: Record<string, unknown> | null;
};

/** One owner's own use: their sessions (by user id) and their books' audit trail (through the owner scope). */
export class AccountInsightsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /**
   * Sessions in use per day (a renewed token keeps its sign-in time, so a sign-in counts once a day),
   * and how many distinct browsers (user agents) they came from.
   */
  sessionsByDay(from: Date) {
    return this.db
      .select({
        d: day(sessions.createdAt),
        n: sql<number>`count(distinct ${sessions.signedInAt})::int`,
        devices: sql<number>`count(distinct coalesce(${sessions.userAgent}, ''))::int`,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, this.ownerId), gte(sessions.createdAt, from)))
      .groupBy(sql`1`);
  }

  /** Every change recorded in the owner's books per day, and the entries made among them. */
  changesByDay(from: Date) {
    return this.s
      .selectFields(auditLog, {
        d: day(auditLog.at),
        n: sql<number>`count(*)::int`,
        made: sql<number>`(count(*) filter (where ${auditLog.entity} = 'entry' and ${auditLog.action} = 'create'))::int`,
      })
      .where(gte(auditLog.at, from))
      .groupBy(sql`1`);
  }

  /** The range's sessions split by whether their browser was seen for the first time then. */
  async sessionsNewVsKnown(from: Date) {
    const { rows } = await this.db.execute<{ fresh: number; known: number }>(sql`
      select (count(*) filter (where first))::int as fresh, (count(*) filter (where not first))::int as known
      from (
        select ${sessions.createdAt} as created_at,
               ${sessions.createdAt} = min(${sessions.createdAt}) over (partition by coalesce(${sessions.userAgent}, '')) as first
        from ${sessions} where ${sessions.userId} = ${this.ownerId}
      ) s
      where created_at >= ${from.toISOString()}::timestamptz`);
    return rows[0] ?? { fresh: 0, known: 0 };
  }

  /**
   * The account's history, newest first: entries made, changed and deleted (the audit trail); months
   * closed or reopened (each month's latest change: the table keeps a month's status, not every
   * change of it); imports and exports that finished; the first sign-in from each browser; support
   * requests answered; a renewed token keeps its
   * sign-in time, so only real sign-ins count as devices. Non-uuid rows (months) take an id derived from what they say.
   */
  private union() {
    return this.s.sql`
      select a.id::text as id, 'entry' as kind, a.at as date, a.action as action, a.entity_id::text as ref, coalesce(a.after, a.before) as data
        from ${auditLog} a where a.entity = 'entry'
      union all
      select md5(${this.ownerId} || ':' || m.year || '-' || m.month || ':' || m.status || ':' || m.updated_at::text)::uuid::text, 'month',
             coalesce(case when m.status = 'closed' then m.closed_at end, m.updated_at), m.status, null,
             jsonb_build_object('year', m.year, 'month', m.month)
        from ${taxMonths} m
      union all
      select j.id::text, case when j.kind = 'import_commit' then 'import' else 'export' end, j.updated_at, j.kind, null, j.params
        from ${jobs} j where j.status = 'done' and j.kind in ('import_commit', 'account_export', 'year_end')
      union all
      select d.id::text, 'device', d.created_at, 'sign_in', null, jsonb_build_object('userAgent', d.user_agent)
        from (select f.id, f.created_at, f.user_agent,
                     row_number() over (partition by coalesce(f.user_agent, '') order by f.created_at, f.id) as rn
                from (select s.id, s.created_at, s.user_agent,
                             row_number() over (partition by s.signed_in_at order by s.created_at, s.id) as nth
                        from ${sessions} s where s.user_id = ${this.ownerId}) f
               where f.nth = 1) d
       where d.rn = 1
      union all
      select r.id::text, 'support', r.answered_at, 'answered', null, jsonb_build_object('subject', r.subject)
        from support_requests r where r.user_id = ${this.ownerId} and r.answered_at is not null`;
  }

  async activities(limit: number, offset: number): Promise<{ rows: ActivityRow[]; total: number }> {
    const [page, total] = await Promise.all([
      this.db.execute<ActivityRow>(sql`select * from (${this.union()}) x order by x.date desc, x.id desc limit ${limit} offset ${offset}`),
      this.db.execute<{ n: number }>(sql`select count(*)::int as n from (${this.union()}) x`),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }
}

/** The administrators' view of the whole service: owners (role user), their sign-ups and sessions, every owner's changes. */
export class ServiceInsightsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Owners' sessions in use per day (a sign-in counts once a day, however often its token is renewed), and how many owners. */
  sessionsByDay(from: Date) {
    return this.db
      .select({
        d: day(sessions.createdAt),
        n: sql<number>`count(distinct (${sessions.userId}, ${sessions.signedInAt}))::int`,
        owners: sql<number>`count(distinct ${sessions.userId})::int`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.role, 'user'), gte(sessions.createdAt, from)))
      .groupBy(sql`1`);
  }

  signUpsByDay(from: Date) {
    return this.db
      .select({ d: day(users.createdAt), n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'user'), gte(users.createdAt, from)))
      .groupBy(sql`1`);
  }

  changesByDay(from: Date) {
    return unscoped("administrators count the changes recorded in every owner's books per day", () =>
      this.db
        .select({ d: day(auditLog.at), n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(gte(auditLog.at, from))
        .groupBy(sql`1`),
    );
  }

  /** The owners who opened a session in the range, split by whether they signed up in it. */
  async visitorsNewVsReturning(from: Date) {
    const [row] = await this.db
      .select({
        total: sql<number>`count(distinct ${users.id})::int`,
        fresh: sql<number>`(count(distinct ${users.id}) filter (where ${users.createdAt} >= ${from.toISOString()}::timestamptz))::int`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.role, 'user'), gte(sessions.createdAt, from)));
    return { fresh: row?.fresh ?? 0, returning: (row?.total ?? 0) - (row?.fresh ?? 0) };
  }

  /** Active owners by the language of their preferences. */
  languages() {
    return this.db
      .select({ language: sql<string>`coalesce(${users.preferences}->>'language', 'unset')`, n: count() })
      .from(users)
      .where(and(eq(users.role, 'user'), eq(users.status, 'active')))
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1`);
  }
}
