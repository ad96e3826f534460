import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { taxMonths } from '../../db/schema/index.js';
import { periodClosed } from '../../lib/errors.js';

/** "2026-03-14" → 202603, the key of its month. */
export const monthKey = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));

/**
 * An owner's months: their status, and the lock that makes "closed" hold. A write to a month takes
 * the month's lock shared, then reads its status, in the write's own transaction; a close takes it
 * exclusively. So a close waits for writes in flight, and a write that starts after a close sees it:
 * no write lands in a month once its close has committed, however the two race.
 */
export class PeriodsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Throws 409 PERIOD_CLOSED unless every month of `dates` is open; holds their locks until the transaction ends. */
  async assertOpen(dates: string[]): Promise<void> {
    const keys = [...new Set(dates.map(monthKey))].sort((a, b) => a - b);
    if (keys.length === 0) return;
    // Sorted, so two writers over the same months take the locks in one order and cannot deadlock.
    for (const key of keys) await this.db.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${this.ownerId}), ${key}::int)`);
    const closed = await this.s
      .selectFields(taxMonths, { year: taxMonths.year, month: taxMonths.month })
      .where(
        and(
          eq(taxMonths.status, 'closed'),
          sql`(${taxMonths.year} * 100 + ${taxMonths.month}) in (${sql.join(
            keys.map((k) => sql`${k}::int`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(taxMonths.year, taxMonths.month)
      .limit(1);
    if (closed[0]) throw periodClosed(closed[0].year, closed[0].month);
  }

  /** Sets a month's status, after every write in flight to it has finished. */
  async setStatus(year: number, month: number, status: 'open' | 'closed') {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${this.ownerId}), ${year * 100 + month}::int)`);
    const closedAt = status === 'closed' ? new Date() : null;
    const [row] = await this.s
      .insertInto(taxMonths, { year, month, status, closedAt })
      .onConflictDoUpdate({ target: [taxMonths.ownerId, taxMonths.year, taxMonths.month], set: { status, closedAt, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  async statuses(year: number) {
    return this.s.selectFrom(taxMonths).where(eq(taxMonths.year, year));
  }

  /** Which of the months of these dates are closed, as "YYYY-MM". */
  async closedMonths(dates: string[]): Promise<Set<string>> {
    const years = [...new Set(dates.map((d) => Number(d.slice(0, 4))))];
    if (!years.length) return new Set();
    const rows = await this.s
      .selectFields(taxMonths, { year: taxMonths.year, month: taxMonths.month })
      .where(and(eq(taxMonths.status, 'closed'), inArray(taxMonths.year, years)));
    return new Set(rows.map((r) => `${r.year}-${String(r.month).padStart(2, '0')}`));
  }
}
