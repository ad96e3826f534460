import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { OwnedStatement } from '../../db/prepared.js';
import { categories, entryDaySums, entryMonthSums, subcategories, taxMonths, trips } from '../../db/schema/index.js';
import { tripDeductionSql } from '../../db/trip-deduction.js';
import { periodClosed } from '../../lib/errors.js';

/** "2026-03-14" → 202603, the key of its month. */
export const monthKey = (date: string) => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));

/** The last day of a month (1–12), 28 to 31. */
export const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

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

  /**
   * The owner's sums by type, and trips' miles and deductions (each rounded on its own), per month
   * ("YYYY-MM") or year ("YYYY"), between a month's first day and a month's last: the entries' from the
   * sums the database keeps (ADR 016), a dozen rows a year instead of every line.
   */
  async sumsByPeriod(from: string, to: string, bucket: 'month' | 'year') {
    const format = bucket === 'month' ? 'YYYY-MM' : 'YYYY';
    const m = entryMonthSums;
    const [byType, mileage] = await Promise.all([
      this.s
        .selectFields(m, { key: sql<string>`to_char(${m.month}, ${format})`, type: m.type, amount: sql<number>`sum(${m.amount})` })
        .where(and(gte(m.month, from), lte(m.month, to), sql`${m.n} > 0`))
        .groupBy(sql`1`, m.type),
      this.s
        .selectFields(trips, {
          key: sql<string>`to_char(${trips.date}, ${format})`,
          miles: sql<number>`sum(${trips.miles})`,
          deduction: sql<number>`sum(${tripDeductionSql})`,
        })
        .where(and(gte(trips.date, from), lte(trips.date, to)))
        .groupBy(sql`1`),
    ]);
    return { byType, mileage };
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

/**
 * A month's summary as the wire shows it (`MonthSummary`), in one prepared statement (issue 31): the
 * entries by day and type, the trips' deductions by day (each rounded on its own), the counts, the
 * month's status, the sums by category and by payment method, and the daily series with every day of
 * the month, made into JSON by the database. Net is income − every outflow − the mileage deduction
 * (docs/product.md, "Month summary"); test/month-summary.test.ts compares it with the plain queries.
 */
export const monthSummaryStatement = new OwnedStatement<{ lang: string; from: string; to: string; year: number; month: number }>((s) => {
  const p = (name: string) => sql.placeholder(name);
  const lang = sql`${p('lang')}::text`;
  const from = sql`${p('from')}::date`;
  const to = sql`${p('to')}::date`;
  const categoryName = sql`coalesce(${categories.names} ->> ${lang}, ${categories.name})`;
  const subcategoryName = sql`coalesce(${subcategories.names} ->> ${lang}, ${subcategories.name})`;
  const of = (type: string) => sql`coalesce(sum(d.amount) filter (where d.type = ${sql.raw(`'${type}'`)}), 0)::bigint`;
  // The month's lines as the database keeps their sums (ADR 016): by type, category, subcategory and
  // payment method for the month, by type for each day; a few rows, not the month's every line.
  const m = entryMonthSums;
  const d = entryDaySums;
  return s.sql`with e as materialized (
      select ${m.type} as type, ${m.categoryId} as category_id, ${m.subcategoryId} as subcategory_id, ${m.paymentMethod} as payment_method,
        ${m.n} as n, ${m.amount} as amount
      from ${m} where ${m.month} = ${from} and ${m.n} > 0
    ),
    d as (select ${d.date} as date, ${d.type} as type, ${d.amount} as amount from ${d} where ${d.date} between ${from} and ${to} and ${d.n} > 0),
    tr as (select ${trips.date} as date, ${trips.miles} as miles, ${tripDeductionSql} as deduction from ${trips} where ${trips.date} between ${from} and ${to}),
    by_day as (
      select d.date, ${of('income')} as income, ${of('purchase')} as purchases, ${of('expense')} as expenses,
        ${of('worker_payment')} as worker_payments, ${of('supplier_payment')} as supplier_payments
      from d group by d.date
    ),
    trips_by_day as (select tr.date, sum(tr.miles)::bigint as miles, sum(tr.deduction)::bigint as deduction from tr group by tr.date),
    days as (
      select d.date, coalesce(b.income, 0) as income, coalesce(b.purchases, 0) as purchases, coalesce(b.expenses, 0) as expenses,
        coalesce(b.worker_payments, 0) as worker_payments, coalesce(b.supplier_payments, 0) as supplier_payments,
        coalesce(t.miles, 0) as miles, coalesce(t.deduction, 0) as deduction
      from (select g::date as date from generate_series(${from}, ${to}, interval '1 day') g) d
      left join by_day b on b.date = d.date left join trips_by_day t on t.date = d.date
    ),
    total as (
      select sum(income)::bigint as income, sum(purchases)::bigint as purchases, sum(expenses)::bigint as expenses,
        sum(worker_payments)::bigint as worker_payments, sum(supplier_payments)::bigint as supplier_payments,
        sum(miles)::bigint as miles, sum(deduction)::bigint as deduction from days
    )
    select row_to_json(r)::text as answer from (select ${p('year')}::int as year, ${p('month')}::int as month,
      coalesce((select ${taxMonths.status} from ${taxMonths} where ${taxMonths.year} = ${p('year')}::int and ${taxMonths.month} = ${p('month')}::int), 'open') as status,
      total.income, total.purchases, total.expenses, total.worker_payments as "workerPayments", total.supplier_payments as "supplierPayments",
      total.purchases + total.expenses + total.worker_payments + total.supplier_payments as outflows,
      (total.miles::numeric / 10)::float8 as miles, total.deduction as "mileageDeduction",
      total.income - total.purchases - total.expenses - total.worker_payments - total.supplier_payments - total.deduction as net,
      (select coalesce(sum(e.n), 0) from e) as entries, (select count(*) from tr) as trips,
      coalesce((
        select '[' || string_agg(row_to_json(c)::text, ',' order by c.amount desc, c."categoryName", c."subcategoryName" nulls first, c.type, c."categoryId", c."subcategoryId" nulls first) || ']'
        from (
          select e.type, e.category_id as "categoryId", ${categoryName} as "categoryName", e.subcategory_id as "subcategoryId",
            ${subcategoryName} as "subcategoryName", sum(e.amount)::bigint as amount, sum(e.n) as count
          from e join ${categories} on ${categories.id} = e.category_id left join ${subcategories} on ${subcategories.id} = e.subcategory_id
          group by e.type, e.category_id, ${categories.id}, e.subcategory_id, ${subcategories.id}, ${subcategories.name}, ${subcategories.names}
        ) c
      ), '[]')::json as "byCategory",
      coalesce((
        select '[' || string_agg(row_to_json(m)::text, ',' order by m.amount desc, m."paymentMethod") || ']'
        from (select e.payment_method as "paymentMethod", sum(e.amount)::bigint as amount, sum(e.n) as count from e where e.type = 'income' group by e.payment_method) m
      ), '[]')::json as "incomeByMethod",
      (
        select '[' || string_agg(row_to_json(x)::text, ',' order by days.date) || ']'
        from days cross join lateral (select days.date, days.income, days.purchases, days.expenses, days.worker_payments as "workerPayments",
          days.supplier_payments as "supplierPayments", (days.miles::numeric / 10)::float8 as miles, days.deduction as "mileageDeduction",
          days.income - days.purchases - days.expenses - days.worker_payments - days.supplier_payments - days.deduction as net) x
      )::json as daily
    from total) r`;
});

export const monthSummaryJson = (db: Db, ownerId: string, language: Language, year: number, month: number, from: string, to: string) =>
  monthSummaryStatement.text1(db, ownerId, { lang: language, from, to, year, month });
