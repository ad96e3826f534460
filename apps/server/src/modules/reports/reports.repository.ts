import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { shownName } from '../../db/sql.js';
import { attachments, categories, entries, providers, subcategories, taxRules, trips, vehicles, workers } from '../../db/schema/index.js';
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

/**
 * One owner's ledger summed by the database for the reports: by month, category and subcategory;
 * trips' deductions (each rounded on its own) by month and by vehicle; payments by worker. Every
 * figure is a SQL aggregate in integer cents; the service only arranges them. The chart's names
 * come in `language`.
 */
export class ReportsRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  categoryMonthTotals(from: string, to: string): Promise<CategoryMonthRow[]> {
    const month = sql<number>`extract(month from ${entries.date})::int`;
    // Grouped by the rows' keys: the names shown are theirs (a name in a language is not a column to group by).
    return this.s
      .selectFields(entries, {
        month,
        categoryId: categories.id,
        name: shownName(categories, this.language),
        kind: categories.kind,
        taxLine: categories.taxLine,
        taxLineChanges: categories.taxLineChanges,
        sortOrder: categories.sortOrder,
        subcategoryId: entries.subcategoryId,
        subcategoryName: shownName(subcategories, this.language),
        amount: sql<number>`sum(${entries.amount})`,
      })
      .innerJoin(categories, eq(categories.id, entries.categoryId))
      .leftJoin(...this.s.join(subcategories, eq(subcategories.id, entries.subcategoryId)))
      .where(and(gte(entries.date, from), lte(entries.date, to)))
      .groupBy(month, categories.id, entries.subcategoryId, subcategories.id)
      .orderBy(asc(categories.sortOrder), asc(shownName(categories, this.language)), asc(shownName(subcategories, this.language)));
  }

  mileageByMonth(from: string, to: string) {
    const month = sql<number>`extract(month from ${trips.date})::int`;
    return this.s
      .selectFields(trips, { month, miles: sql<number>`sum(${trips.miles})`, deduction: sql<number>`sum(${tripDeductionSql})` })
      .where(and(gte(trips.date, from), lte(trips.date, to)))
      .groupBy(month);
  }

  mileageByVehicle(from: string, to: string) {
    return this.s
      .selectFields(trips, {
        vehicleId: vehicles.id,
        name: vehicles.name,
        trips: sql<number>`count(*)`,
        miles: sql<number>`sum(${trips.miles})`,
        deduction: sql<number>`sum(${tripDeductionSql})`,
      })
      .innerJoin(...this.s.join(vehicles, eq(vehicles.id, trips.vehicleId)))
      .where(and(gte(trips.date, from), lte(trips.date, to)))
      .groupBy(vehicles.id)
      .orderBy(sql`lower(${vehicles.name})`);
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
