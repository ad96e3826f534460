import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { OwnedStatement } from '../../db/prepared.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { shownName, shownNameIn } from '../../db/sql.js';
import {
  attachments,
  categories,
  entries,
  entryMonthSums,
  providers,
  subcategories,
  taxRules,
  trips,
  vehicles,
  vehicleYearMethods,
  workers,
} from '../../db/schema/index.js';
import { rateOnTripDate, tripDeductionSql } from '../../db/trip-deduction.js';

export interface CategoryMonthRow {
  month: number;
  categoryId: string;
  name: string;
  kind: 'income' | 'cost_of_goods' | 'expense' | 'payroll';
  taxLine: string;
  taxLineChanges: { fromYear: number; taxLine: string }[];
  sortOrder: number;
  subcategoryId: string | null;
  subcategoryName: string | null;
  amount: number;
}

export type VehicleExpenseRow = {
  vehicleId: string;
  vehicleName: string;
  month: number;
  categoryId: string;
  subcategoryId: string | null;
  method: 'standard' | 'actual';
  totalMiles: number | null;
  businessMiles: number;
  amount: number;
  /** Actual expenses: the business part (each entry rounded on its own); else 0. */
  business: number;
};

/**
 * One owner's ledger summed by the database for the reports: by month, category and subcategory;
 * trips' deductions (each rounded on its own) by month and by vehicle; payments by worker. Every
 * figure is a SQL aggregate in integer cents; the service only arranges them. The chart's names
 * come in `language`.
 */
export class ReportsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Sums by month, category and subcategory: one prepared statement (issue 31). */
  categoryMonthTotals(from: string, to: string): Promise<CategoryMonthRow[]> {
    return categoryMonthStatement.rows<CategoryMonthRow>(this.db, this.ownerId, { lang: this.language, from, to });
  }

  /** The standard mileage deduction by month: the trips of vehicles on actual expenses for the year take none (Pub. 463). */
  mileageByMonth(from: string, to: string) {
    const month = sql<number>`extract(month from ${trips.date})::int`;
    return this.s
      .selectFields(trips, { month, miles: sql<number>`sum(${trips.miles})`, deduction: sql<number>`sum(${tripDeductionSql})` })
      .where(and(gte(trips.date, from), lte(trips.date, to), this.standardRate))
      .groupBy(month);
  }

  /** A trip's vehicle has the standard rate in the trip's year (no row says actual expenses). */
  private get standardRate() {
    return this.s.sql`not exists (select 1 from ${vehicleYearMethods} ym where ym.vehicle_id = ${trips.vehicleId}
      and ym.year = extract(year from ${trips.date})::int and ym.method = 'actual')`;
  }

  /**
   * The operational expenses naming a vehicle, by vehicle, month, category and subcategory, with the
   * vehicle's method for `year` and, on actual expenses, their business part: each entry's amount ×
   * business miles ÷ all miles (the business miles at most all of them), rounded half up to the cent on
   * its own in exact numeric arithmetic, then summed; so a month's, a year's and a vehicle's figures add
   * up, the same on PGlite and PostgreSQL (docs/product.md, "Vehicle methods").
   */
  async vehicleExpenses(year: number, from: string, to: string): Promise<VehicleExpenseRow[]> {
    const { rows } = await this.db.execute<VehicleExpenseRow>(this.s.sql`
      with b as (
        select ${trips.vehicleId} as vehicle_id, sum(${trips.miles})::bigint as miles from ${trips}
        where ${trips.date} between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date group by ${trips.vehicleId}
      )
      select v.id as "vehicleId", v.name as "vehicleName", extract(month from e.date)::int as month, e.category_id as "categoryId",
        e.subcategory_id as "subcategoryId", coalesce(m.method, 'standard') as method, m.total_miles as "totalMiles",
        coalesce(b.miles, 0)::bigint as "businessMiles", sum(e.amount)::bigint as amount,
        coalesce(sum(case when m.method = 'actual' and m.total_miles > 0
          then floor((e.amount::numeric * least(coalesce(b.miles, 0), m.total_miles) * 2 + m.total_miles) / (2 * m.total_miles)) end), 0)::bigint as business
      from ${entries} e
      join ${vehicles} v on v.id = e.vehicle_id
      left join ${vehicleYearMethods} m on m.vehicle_id = v.id and m.year = ${year}::int
      left join b on b.vehicle_id = v.id
      where e.type = 'expense' and e.vehicle_id is not null and e.date between ${from}::date and ${to}::date
      group by v.id, v.name, 3, e.category_id, e.subcategory_id, m.method, m.total_miles, b.miles
      order by lower(v.name), v.id, 3`);
    return rows.map((r) => ({ ...r, month: Number(r.month) }));
  }

  /** Every entry of a period with its account names and tax line, oldest first: the general ledger's source. */
  ledger(from: string, to: string) {
    return this.s
      .selectFields(entries, {
        id: entries.id,
        date: entries.date,
        type: entries.type,
        amount: entries.amount,
        paymentMethod: entries.paymentMethod,
        reference: entries.reference,
        description: entries.description,
        categoryName: shownName(categories, this.language),
        taxLine: categories.taxLine,
        taxLineChanges: categories.taxLineChanges,
        subcategoryName: shownName(subcategories, this.language),
        workerName: workers.name,
        providerName: providers.name,
      })
      .innerJoin(categories, eq(categories.id, entries.categoryId))
      .leftJoin(...this.s.join(subcategories, eq(subcategories.id, entries.subcategoryId)))
      .leftJoin(...this.s.join(workers, eq(workers.id, entries.workerId)))
      .leftJoin(...this.s.join(providers, eq(providers.id, entries.providerId)))
      .where(and(gte(entries.date, from), lte(entries.date, to)))
      .orderBy(asc(entries.date), asc(entries.createdAt), asc(entries.id));
  }

  /** The mileage log: every trip with its vehicle, the rate of its date and its own rounded deduction. */
  mileageLog(from: string, to: string) {
    return this.s
      .selectFields(trips, {
        date: trips.date,
        vehicleName: vehicles.name,
        origin: trips.origin,
        destination: trips.destination,
        purpose: trips.purpose,
        miles: trips.miles,
        odometerStart: trips.odometerStart,
        odometerEnd: trips.odometerEnd,
        rateTenths: rateOnTripDate,
        deduction: tripDeductionSql,
      })
      .innerJoin(...this.s.join(vehicles, eq(vehicles.id, trips.vehicleId)))
      .where(and(gte(trips.date, from), lte(trips.date, to)))
      .orderBy(asc(trips.date), asc(trips.createdAt), asc(trips.id));
  }

  /** The receipts of a period's entries, with the entry's date, for the accountant's package. */
  receipts(from: string, to: string) {
    return this.s
      .selectFields(attachments, {
        id: attachments.id,
        entryId: entries.id,
        date: entries.date,
        fileName: attachments.fileName,
        storageKey: attachments.storageKey,
      })
      .innerJoin(...this.s.join(entries, eq(entries.id, attachments.entryId)))
      .where(and(gte(entries.date, from), lte(entries.date, to)))
      .orderBy(asc(entries.date), asc(attachments.createdAt));
  }

  workerPayments(from: string, to: string) {
    return this.s
      .selectFields(entries, {
        workerId: workers.id,
        name: workers.name,
        kind: workers.kind,
        taxId: workers.taxId,
        amount: sql<number>`sum(${entries.amount})`,
        payments: sql<number>`count(*)`,
      })
      .innerJoin(...this.s.join(workers, eq(workers.id, entries.workerId)))
      .where(and(eq(entries.type, 'worker_payment'), gte(entries.date, from), lte(entries.date, to)))
      .groupBy(workers.id)
      .orderBy(desc(sql`sum(${entries.amount})`), asc(workers.name));
  }
}

/**
 * The entries of a period summed by month, category and subcategory, with the chart's names: summed
 * first (one pass over the owner's entries of the period, from the date index), then named (a few
 * dozen sums joined to the chart), so no plan joins each entry to the names. Built once, prepared.
 */
export const categoryMonthStatement = new OwnedStatement<{ lang: string; from: string; to: string }>((s) => {
  const lang = sql`${sql.placeholder('lang')}::text`;
  return s.sql`select a.month, ${categories.id} as "categoryId", ${shownNameIn(categories, lang)} as name, ${categories.kind} as kind,
      ${categories.taxLine} as "taxLine", ${categories.taxLineChanges} as "taxLineChanges", ${categories.sortOrder} as "sortOrder",
      a.subcategory_id as "subcategoryId", ${shownNameIn(subcategories, lang)} as "subcategoryName", a.amount
    from (
      -- From the sums the database keeps per month (ADR 016): a dozen rows per category a year, not every line.
      select extract(month from m.month)::int as month, m.category_id, m.subcategory_id, sum(m.amount)::bigint as amount
      from ${entryMonthSums} m
      where m.month between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date and m.n > 0
      group by 1, 2, 3
    ) a
    join ${categories} on ${categories.id} = a.category_id
    left join ${subcategories} on ${subcategories.id} = a.subcategory_id
    order by ${categories.sortOrder}, ${shownNameIn(categories, lang)}, ${shownNameIn(subcategories, lang)}`;
});

/** The tax rules in force for a year: its own row, else the latest earlier one, else the earliest there is. */
export async function taxRuleFor(db: DbOrTx, year: number) {
  const [own] = await db.select().from(taxRules).where(lte(taxRules.year, year)).orderBy(desc(taxRules.year)).limit(1);
  if (own) return own;
  const [first] = await db.select().from(taxRules).orderBy(asc(taxRules.year)).limit(1);
  return first;
}

export function listTaxRules(db: DbOrTx) {
  return db.select().from(taxRules).orderBy(desc(taxRules.year));
}

export async function upsertTaxRule(db: DbOrTx, year: number, contractorThreshold: number, socialSecurityWageBase: number) {
  const [row] = await db
    .insert(taxRules)
    .values({ year, contractorThreshold, socialSecurityWageBase })
    .onConflictDoUpdate({ target: taxRules.year, set: { contractorThreshold, socialSecurityWageBase, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteTaxRule(db: DbOrTx, year: number) {
  const rows = await db.delete(taxRules).where(eq(taxRules.year, year)).returning({ year: taxRules.year });
  return rows.length > 0;
}
