import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { budgets, categories, entries, taxMonths, trips } from '../../db/schema/index.js';
import { tripDeductionSql } from '../../db/trip-deduction.js';

export type BudgetRow = typeof budgets.$inferSelect;

/** A budget with its category's name (in the reader's language) and the spending of one month in it. */
export interface BudgetSpending {
  id: string;
  categoryId: string;
  categoryName: string;
  bill: boolean;
  amount: number;
  spent: number;
}

/**
 * Bills are the fixed costs of a month: insurance, interest, rent and utilities, known by their tax
 * lines (Schedule C 15, 16a/16b, 20b, 25) as the chart seeds them. `c` is the categories' alias.
 */
const isBill = sql.raw(
  `(c.tax_line LIKE 'Schedule C line 15 %' OR c.tax_line LIKE 'Schedule C line 16%' OR c.tax_line LIKE 'Schedule C line 20b %' OR c.tax_line LIKE 'Schedule C line 25 %')`,
);

/** One owner's budgets, and the sums the finance dashboard shows, in SQL through the owner's scope. */
export class FinanceRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Every budget with what was spent in its category between the two dates (outflows only: every type but income). */
  budgetsWithSpending(from: string, to: string): Promise<BudgetSpending[]> {
    return queryRows<BudgetSpending>(
      this.db(),
      this.s.sql`SELECT b.id, b.category_id AS "categoryId", coalesce(c.names ->> ${this.language}::text, c.name) AS "categoryName",
            ${isBill} AS bill, b.amount::bigint AS amount,
            coalesce((SELECT sum(e.amount) FROM ${entries} e WHERE e.category_id = b.category_id AND e.type <> 'income'
                      AND e.date >= ${from} AND e.date <= ${to}), 0)::bigint AS spent
          FROM ${budgets} b JOIN categories c ON c.id = b.category_id
          ORDER BY c.sort_order, c.name`,
    );
  }

  /** A shared category's kind and whether it is in use (the chart has no owner). */
  async category(id: string): Promise<{ kind: string; active: boolean } | undefined> {
    return (await this.db().select({ kind: categories.kind, active: categories.active }).from(categories).where(eq(categories.id, id)))[0];
  }

  async get(id: string): Promise<BudgetRow | undefined> {
    return (await this.s.selectFrom(budgets).where(eq(budgets.id, id)))[0];
  }

  /** Made, or changed when the category has one already (one per category; a race ends in one row). */
  async upsert(categoryId: string, amount: number): Promise<BudgetRow> {
    const [row] = await this.s
      .insertInto(budgets, { categoryId, amount })
      .onConflictDoUpdate({ target: [budgets.ownerId, budgets.categoryId], set: { amount, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.s.deleteFrom(budgets).where(eq(budgets.id, id)).returning({ id: budgets.id })).length > 0;
  }

  /**
   * Income and outflows per period, in one pass over the entries from `since`: each named period is
   * [from, to] inclusive.
   */
  async entrySums<K extends string>(
    since: string,
    until: string,
    periods: Record<K, [string, string]>,
  ): Promise<Record<K, { income: number; outflows: number }>> {
    const keys = Object.keys(periods) as K[];
    const cols = keys.map(
      (
        k,
        i,
      ) => sql`coalesce(sum(e.amount) FILTER (WHERE e.type = 'income' AND e.date BETWEEN ${periods[k][0]} AND ${periods[k][1]}), 0)::bigint AS ${sql.raw(`i${i}`)},
        coalesce(sum(e.amount) FILTER (WHERE e.type <> 'income' AND e.date BETWEEN ${periods[k][0]} AND ${periods[k][1]}), 0)::bigint AS ${sql.raw(`o${i}`)}`,
    );
    const [row] = await queryRows<Record<string, number>>(
      this.db(),
      this.s.sql`SELECT ${sql.join(cols, sql`, `)} FROM ${entries} e WHERE e.date >= ${since} AND e.date <= ${until}`,
    );
    return Object.fromEntries(keys.map((k, i) => [k, { income: Number(row?.[`i${i}`] ?? 0), outflows: Number(row?.[`o${i}`] ?? 0) }])) as Record<
      K,
      { income: number; outflows: number }
    >;
  }

  /** The mileage deduction of the trips between two dates (each trip rounded on its own, as the reports do). */
  async deduction(from: string, to: string): Promise<number> {
    const [row] = await this.s
      .selectFields(trips, { d: sql<number>`coalesce(sum(${tripDeductionSql}), 0)::bigint` })
      .where(and(gte(trips.date, from), lte(trips.date, to)));
    return Number(row?.d ?? 0);
  }

  /** The net of each day with entries or trips between two dates: income − outflows − mileage deduction. */
  async dailyNet(from: string, to: string): Promise<{ date: string; net: number }[]> {
    const own = await queryRows<{ date: string; net: number }>(
      this.db(),
      this.s.sql`SELECT to_char(e.date, 'YYYY-MM-DD') AS date, sum(CASE WHEN e.type = 'income' THEN e.amount ELSE -e.amount END)::bigint AS net
          FROM ${entries} e WHERE e.date >= ${from} AND e.date <= ${to} GROUP BY e.date`,
    );
    const miles = await this.s
      .selectFields(trips, { date: sql<string>`to_char(${trips.date}, 'YYYY-MM-DD')`, d: sql<number>`sum(${tripDeductionSql})::bigint` })
      .where(and(gte(trips.date, from), lte(trips.date, to)))
      .groupBy(trips.date);
    return [...own.map((r) => ({ date: r.date, net: Number(r.net) })), ...miles.map((r) => ({ date: r.date, net: -Number(r.d) }))];
  }

  /** Outflows of the bill categories between two dates. */
  async bills(from: string, to: string): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      this.db(),
      this.s.sql`SELECT coalesce(sum(e.amount), 0)::bigint AS total FROM ${entries} e JOIN categories c ON c.id = e.category_id
          WHERE e.type <> 'income' AND e.date >= ${from} AND e.date <= ${to}
            AND ${isBill}`,
    );
    return Number(row?.total ?? 0);
  }

  async closed(year: number, month: number): Promise<boolean> {
    const [row] = await this.s.selectFields(taxMonths, { status: taxMonths.status }).where(and(eq(taxMonths.year, year), eq(taxMonths.month, month)));
    return row?.status === 'closed';
  }

  /** The latest entries, newest first. */
  recent(limit: number) {
    return queryRows<{ id: string; type: string; date: string; amount: number; reference: string | null; description: string | null; category: string }>(
      this.db(),
      this.s.sql`SELECT e.id, e.type, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::bigint AS amount, e.reference, e.description,
            coalesce(c.names ->> ${this.language}::text, c.name) AS category
          FROM ${entries} e JOIN categories c ON c.id = e.category_id
          ORDER BY e.date DESC, e.created_at DESC, e.id DESC LIMIT ${limit}`,
    );
  }

  private db(): DbOrTx {
    return this.s.db;
  }
}
