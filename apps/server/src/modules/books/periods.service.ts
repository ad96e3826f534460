import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { localDay, type MonthSummary, type TaxMonth, type TaxYear, type WorkerTotals } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { entries, taxMonths, workers } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { lastDayOf, monthSummaryJson, PeriodsRepository } from './periods.repository.js';

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

const pad = (n: number) => String(n).padStart(2, '0');
export const monthRange = (year: number, month: number) => ({ from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDayOf(year, month))}` });

/**
 * Periods and the month's summary, summed by the database: entries by type and trips' deductions
 * (each rounded on its own) per bucket, the buckets added as integers here.
 */
export class PeriodsService {
  constructor(private readonly db: Db) {}

  /** Sums of one owner's books over whole months, per month or per year. */
  private async figures(ownerId: string, from: string, to: string, bucket: 'month' | 'year') {
    const { byType, mileage } = await new PeriodsRepository(this.db, ownerId).sumsByPeriod(from, to, bucket);
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
        return {
          year,
          income: f.income,
          outflows: outflowsOf(f),
          mileageDeduction: f.mileageDeduction,
          net: netOf(f),
          status: closedByYear.get(year) === 12 ? 'closed' : 'open',
        };
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
        mileageDeduction: f.mileageDeduction,
        net: netOf(f),
        status: s?.status ?? 'open',
        closedAt: s?.status === 'closed' && s.closedAt ? s.closedAt.toISOString() : null,
      };
    });
  }

  /**
   * Closes or reopens a month. A month is closed from its last day on, on the owner's clock (their
   * time zone): the evening's takings are in by then, and a month still to come has nothing to close
   * (docs/product.md, "Closed months").
   */
  async setStatus(auth: Authenticated, year: number, month: number, status: 'open' | 'closed', now = new Date()): Promise<TaxMonth> {
    const { to } = monthRange(year, month);
    if (status === 'closed' && to > localDay(now, auth.user.preferences?.timeZone ?? 'UTC'))
      throw conflict(`${year}-${pad(month)} can be closed from its last day, ${to}`);
    await withTransaction(this.db, (tx) => new PeriodsRepository(tx, auth.user.id).setStatus(year, month, status));
    return (await this.months(auth, year))[month - 1]!;
  }

  /** A month's summary as the wire shows it, JSON made by the database (one prepared statement; issue 31). */
  monthSummaryJson(auth: Authenticated, year: number, month: number): Promise<string> {
    const { from, to } = monthRange(year, month);
    return monthSummaryJson(this.db, auth.user.id, readerLanguage(auth), year, month, from, to);
  }

  async monthSummary(auth: Authenticated, year: number, month: number): Promise<MonthSummary> {
    return JSON.parse(await this.monthSummaryJson(auth, year, month)) as MonthSummary; // the statement's JSON is a MonthSummary (test/month-summary.test.ts)
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
