import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { fromScaled, type MonthSummary, type TaxMonth, type TaxYear, type WorkerTotals } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { shownName } from '../../db/sql.js';
import { categories, entries, subcategories, taxMonths, trips, workers } from '../../db/schema/index.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { PeriodsRepository } from './periods.repository.js';
import { tripDeductionSql } from '../../db/trip-deduction.js';

interface Figures {
  income: number;
  purchases: number;
  expenses: number;
  workerPayments: number;
  supplierPayments: number;
  milesTenths: number;
  mileageDeduction: number;
}
const empty = (): Figures => ({ income: 0, purchases: 0, expenses: 0, workerPayments: 0, supplierPayments: 0, milesTenths: 0, mileageDeduction: 0 });
const FIELD_OF_TYPE = {
  income: 'income',
  purchase: 'purchases',
  expense: 'expenses',
  worker_payment: 'workerPayments',
  supplier_payment: 'supplierPayments',
} as const;
const outflowsOf = (f: Figures) => f.purchases + f.expenses + f.workerPayments + f.supplierPayments;
/** Net profit as docs/product.md ("Month summary") defines it: income − every outflow − the mileage deduction. */
const netOf = (f: Figures) => f.income - outflowsOf(f) - f.mileageDeduction;

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');
export const monthRange = (year: number, month: number) => ({ from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay(year, month))}` });

/**
 * Periods and the month's summary, summed by the database: entries by type and trips' deductions
 * (each rounded on its own) per bucket, the buckets added as integers here.
 */
export class PeriodsService {
  constructor(private readonly db: Db) {}

  /** Sums of one owner's books between two dates, per bucket (`day`, `month` or `year`). */
  private async figures(ownerId: string, from: string, to: string, bucket: 'day' | 'month' | 'year') {
    const key = (col: typeof entries.date | typeof trips.date) =>
      bucket === 'day'
        ? sql<string>`to_char(${col}, 'YYYY-MM-DD')`
        : bucket === 'month'
          ? sql<string>`to_char(${col}, 'YYYY-MM')`
          : sql<string>`to_char(${col}, 'YYYY')`;
    const s = ownedBy(this.db, ownerId);
    const [byType, mileage] = await Promise.all([
      s
        .selectFields(entries, { key: key(entries.date), type: entries.type, amount: sql<number>`sum(${entries.amount})` })
        .where(and(gte(entries.date, from), lte(entries.date, to)))
        .groupBy(sql`1`, entries.type),
      s
        .selectFields(trips, { key: key(trips.date), miles: sql<number>`sum(${trips.miles})`, deduction: sql<number>`sum(${tripDeductionSql})` })
        .where(and(gte(trips.date, from), lte(trips.date, to)))
        .groupBy(sql`1`),
    ]);
    const out = new Map<string, Figures>();
    const at = (k: string) => out.get(k) ?? out.set(k, empty()).get(k)!;
    for (const r of byType) at(r.key)[FIELD_OF_TYPE[r.type]] += r.amount;
    for (const r of mileage) {
      at(r.key).milesTenths += r.miles;
      at(r.key).mileageDeduction += r.deduction;
    }
    return out;
  }

  async years(auth: Authenticated): Promise<TaxYear[]> {
    const ownerId = auth.user.id;
    const [figures, closed] = await Promise.all([
      this.figures(ownerId, '1900-01-01', '2999-12-31', 'year'),
      ownedBy(this.db, ownerId)
        .selectFields(taxMonths, { year: taxMonths.year, closed: sql<number>`count(*)` })
        .where(eq(taxMonths.status, 'closed'))
        .groupBy(taxMonths.year),
    ]);
    const closedByYear = new Map(closed.map((c) => [c.year, c.closed]));
    const years = new Set([...[...figures.keys()].map(Number), ...closedByYear.keys()]);
    return [...years]
      .sort((a, b) => b - a)
      .map((year) => {
        const f = figures.get(String(year)) ?? empty();
        return { year, income: f.income, outflows: outflowsOf(f), net: netOf(f), status: closedByYear.get(year) === 12 ? 'closed' : 'open' };
      });
  }

  async months(auth: Authenticated, year: number): Promise<TaxMonth[]> {
    const ownerId = auth.user.id;
    const [figures, statuses] = await Promise.all([
      this.figures(ownerId, `${year}-01-01`, `${year}-12-31`, 'month'),
      new PeriodsRepository(this.db, ownerId).statuses(year),
    ]);
    const statusOf = new Map(statuses.map((s) => [s.month, s]));
    return Array.from({ length: 12 }, (_, i) => {
      const month = i + 1;
      const f = figures.get(`${year}-${pad(month)}`) ?? empty();
      const s = statusOf.get(month);
      return {
        year,
        month,
        income: f.income,
        outflows: outflowsOf(f),
        net: netOf(f),
        status: s?.status ?? 'open',
        closedAt: s?.status === 'closed' && s.closedAt ? s.closedAt.toISOString() : null,
      };
    });
  }

  async setStatus(auth: Authenticated, year: number, month: number, status: 'open' | 'closed'): Promise<TaxMonth> {
    await withTransaction(this.db, (tx) => new PeriodsRepository(tx, auth.user.id).setStatus(year, month, status));
    return (await this.months(auth, year))[month - 1]!;
  }

  async monthSummary(auth: Authenticated, year: number, month: number): Promise<MonthSummary> {
    const ownerId = auth.user.id;
    const language = readerLanguage(auth);
    const { from, to } = monthRange(year, month);
    const s = ownedBy(this.db, ownerId);
    const inMonth = and(gte(entries.date, from), lte(entries.date, to));
    const [days, counts, statuses, byCategory, incomeByMethod] = await Promise.all([
      this.figures(ownerId, from, to, 'day'),
      Promise.all([
        s.selectFields(entries, { n: sql<number>`count(*)` }).where(inMonth),
        s.selectFields(trips, { n: sql<number>`count(*)` }).where(and(gte(trips.date, from), lte(trips.date, to))),
      ]),
      new PeriodsRepository(this.db, ownerId).statuses(year),
      s
        .selectFields(entries, {
          type: entries.type,
          categoryId: entries.categoryId,
          categoryName: shownName(categories, language),
          subcategoryId: entries.subcategoryId,
          subcategoryName: shownName(subcategories, language),
          amount: sql<number>`sum(${entries.amount})`,
          count: sql<number>`count(*)`,
        })
        .innerJoin(categories, eq(categories.id, entries.categoryId))
        .leftJoin(...s.join(subcategories, eq(subcategories.id, entries.subcategoryId)))
        .where(inMonth)
        // By the rows' keys: the names shown are theirs (a name in a language is not a column to group by).
        .groupBy(entries.type, entries.categoryId, categories.id, entries.subcategoryId, subcategories.id)
        .orderBy(sql`sum(${entries.amount}) desc`, shownName(categories, language)),
      s
        .selectFields(entries, { paymentMethod: entries.paymentMethod, amount: sql<number>`sum(${entries.amount})`, count: sql<number>`count(*)` })
        .where(and(inMonth, eq(entries.type, 'income')))
        .groupBy(entries.paymentMethod)
        .orderBy(sql`sum(${entries.amount}) desc`),
    ]);
    const total = empty();
    const daily: MonthSummary['daily'] = [];
    for (let d = 1; d <= lastDay(year, month); d++) {
      const date = `${year}-${pad(month)}-${pad(d)}`;
      const f = days.get(date) ?? empty();
      for (const k of Object.keys(total) as (keyof Figures)[]) total[k] += f[k];
      daily.push({
        date,
        income: f.income,
        purchases: f.purchases,
        expenses: f.expenses,
        workerPayments: f.workerPayments,
        supplierPayments: f.supplierPayments,
        miles: fromScaled(f.milesTenths, 1),
        mileageDeduction: f.mileageDeduction,
        net: netOf(f),
      });
    }
    return {
      year,
      month,
      status: statuses.find((s) => s.month === month)?.status ?? 'open',
      income: total.income,
      purchases: total.purchases,
      expenses: total.expenses,
      workerPayments: total.workerPayments,
      supplierPayments: total.supplierPayments,
      outflows: outflowsOf(total),
      miles: fromScaled(total.milesTenths, 1),
      mileageDeduction: total.mileageDeduction,
      net: netOf(total),
      entries: counts[0][0]?.n ?? 0,
      trips: counts[1][0]?.n ?? 0,
      byCategory,
      incomeByMethod,
      daily,
    };
  }

  /** Each worker's payments in a month and in its year, every worker of the owner listed (paid or not). */
  async workerTotals(auth: Authenticated, year: number, month: number): Promise<WorkerTotals> {
    const ownerId = auth.user.id;
    const { from, to } = monthRange(year, month);
    const inMonth = sql`${entries.date} between ${from} and ${to}`;
    const s = ownedBy(this.db, ownerId);
    const rows = await s
      .selectFields(workers, {
        workerId: workers.id,
        workerName: workers.name,
        kind: workers.kind,
        active: workers.active,
        month: sql<number>`coalesce(sum(${entries.amount}) filter (where ${inMonth}), 0)`,
        monthCount: sql<number>`count(${entries.id}) filter (where ${inMonth})`,
        year: sql<number>`coalesce(sum(${entries.amount}), 0)`,
        yearCount: sql<number>`count(${entries.id})`,
      })
      .leftJoin(
        ...s.join(
          entries,
          and(eq(entries.workerId, workers.id), eq(entries.type, 'worker_payment'), gte(entries.date, `${year}-01-01`), lte(entries.date, `${year}-12-31`)),
        ),
      )
      .groupBy(workers.id, workers.name, workers.kind, workers.active)
      .orderBy(sql`coalesce(sum(${entries.amount}), 0) desc`, sql`lower(${workers.name})`);
    return {
      year,
      month,
      items: rows,
      totals: { month: rows.reduce((n, r) => n + r.month, 0), year: rows.reduce((n, r) => n + r.year, 0) },
    };
  }
}
