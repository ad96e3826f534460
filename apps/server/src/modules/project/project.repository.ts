import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { scrumboardCards, taskTags, tasks } from '../../db/schema/index.js';

/** A week's counts per kind and UTC day. */
export interface IssueDayCount {
  kind: 'new' | 'closed' | 'fixed' | 'reopened' | 'wontfix' | 'triage';
  day: string;
  n: number;
}

/** How many tasks carry a tag ('' for none): in all, and made or completed in each week. */
export interface TagUse {
  tag: string;
  total: number;
  thisWeek: number;
  lastWeek: number;
}

export interface DueItem {
  title: string;
  day: string;
  time: string;
}

/** An instant as a typed parameter (both drivers take it as text). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const day = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);

/** One owner's tasks and cards as the project dashboard counts them, in SQL through the owner's scope. */
export class ProjectRepository {
  private readonly s: OwnerScope;

  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  /**
   * The week counts per day between `from` and `to` (instants, `to` excluded): tasks made, completed,
   * completed with high priority, reopened, due and passed (before `now`) while open, made and still
   * open without a tag or a due date. Sections are not tasks.
   */
  issueDays(from: Date, to: Date, now: Date): Promise<IssueDayCount[]> {
    const passed = now < to ? now : to;
    return queryRows<IssueDayCount>(
      this.s.db,
      this.s.sql`SELECT x.kind, x.day, count(*)::int AS n FROM (
          SELECT 'new' AS kind, ${day('t.created_at')} AS day FROM ${tasks} t
            WHERE t.type = 'task' AND t.created_at >= ${ts(from)} AND t.created_at < ${ts(to)}
          UNION ALL SELECT CASE WHEN k.fixed THEN 'fixed' ELSE 'closed' END, ${day('t.completed_at')} FROM ${tasks} t
            CROSS JOIN (VALUES (false), (true)) AS k(fixed)
            WHERE t.type = 'task' AND t.completed AND t.completed_at >= ${ts(from)} AND t.completed_at < ${ts(to)} AND (NOT k.fixed OR t.priority = 2)
          UNION ALL SELECT 'reopened', ${day('t.reopened_at')} FROM ${tasks} t
            WHERE t.type = 'task' AND t.reopened_at >= ${ts(from)} AND t.reopened_at < ${ts(to)}
          UNION ALL SELECT 'wontfix', ${day('t.due_date')} FROM ${tasks} t
            WHERE t.type = 'task' AND NOT t.completed AND t.due_date >= ${ts(from)} AND t.due_date < ${ts(passed)}
          UNION ALL SELECT 'triage', ${day('t.created_at')} FROM ${tasks} t
            WHERE t.type = 'task' AND NOT t.completed AND t.created_at >= ${ts(from)} AND t.created_at < ${ts(to)}
              AND t.due_date IS NULL AND jsonb_array_length(t.tags) = 0
        ) x GROUP BY x.kind, x.day`,
    );
  }

  /** Each tag's tasks (a task once per tag it carries; '' for tasks without one): in all and in each week (made or completed in it). */
  async tagUse(thisWeek: [Date, Date], lastWeek: [Date, Date]): Promise<TagUse[]> {
    const inWeek = ([a, b]: [Date, Date]) =>
      sql`((t.created_at >= ${ts(a)} AND t.created_at < ${ts(b)}) OR (t.completed AND t.completed_at >= ${ts(a)} AND t.completed_at < ${ts(b)}))`;
    const rows = await queryRows<TagUse>(
      this.s.db,
      this.s.sql`SELECT coalesce(g.tag, '') AS tag, count(*)::int AS total,
            count(*) FILTER (WHERE ${inWeek(thisWeek)})::int AS "thisWeek", count(*) FILTER (WHERE ${inWeek(lastWeek)})::int AS "lastWeek"
          FROM ${tasks} t LEFT JOIN LATERAL jsonb_array_elements_text(t.tags) AS g(tag) ON true
          WHERE t.type = 'task' GROUP BY 1`,
    );
    return rows.map((r) => ({ tag: r.tag, total: Number(r.total), thisWeek: Number(r.thisWeek), lastWeek: Number(r.lastWeek) }));
  }

  /** The owner's task tags. */
  tags(): Promise<{ id: string; title: string }[]> {
    return this.s.selectFields(taskTags, { id: taskTags.id, title: taskTags.title });
  }

  /** Open tasks and board cards due between two instants (`to` excluded), by due time then title, with their UTC day and HH:mm. */
  due(from: Date, to: Date): Promise<DueItem[]> {
    return queryRows<DueItem>(
      this.s.db,
      this.s.sql`SELECT x.title, x.day, x.time FROM (
          SELECT t.title, t.due_date AS at, ${day('t.due_date')} AS day, to_char(t.due_date AT TIME ZONE 'UTC', 'HH24:MI') AS time FROM ${tasks} t
            WHERE t.type = 'task' AND NOT t.completed AND t.due_date >= ${ts(from)} AND t.due_date < ${ts(to)}
          UNION ALL SELECT c.title, c.due_date, ${day('c.due_date')}, to_char(c.due_date AT TIME ZONE 'UTC', 'HH24:MI') FROM ${scrumboardCards} c
            WHERE c.due_date >= ${ts(from)} AND c.due_date < ${ts(to)}
        ) x ORDER BY x.at, x.title`,
    );
  }
}
