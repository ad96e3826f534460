import {
  fromScaled,
  maskTaxId,
  type Annual,
  type Language,
  type NotDeductibleLine,
  type Pnl,
  type PnlLine,
  type TaxRule,
  type TaxRuleBody,
} from '@cuadre/contracts';
import type { Db } from '../../db/client.js';
import {
  INTEREST_CATEGORY_ID,
  MILEAGE_LINE_NAMES,
  NOT_DEDUCTIBLE_NAMES,
  PARKING_AND_TOLLS_SUBCATEGORY_IDS,
  VEHICLE_CATEGORY_ID,
} from '../../db/default-chart.js';
import { notFound } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { businessShare, monthRange, VehicleMethodsRepository } from '../books/index.js';
import {
  deleteTaxRule,
  listTaxRules,
  ReportsRepository,
  taxRuleFor,
  upsertTaxRule,
  type CategoryMonthRow,
  type VehicleExpenseRow,
} from './reports.repository.js';

export { VEHICLE_CATEGORY_ID };

const SECTION_OF_KIND = { income: 'income', cost_of_goods: 'cost_of_goods', expense: 'operating_expenses', payroll: 'operating_expenses' } as const;

/** The line of the form a category is on in a given year (Otros gastos: 27a through 2024, 27b from 2025). */
export function taxLineFor(row: Pick<CategoryMonthRow, 'taxLine' | 'taxLineChanges'>, year: number): string {
  const change = [...row.taxLineChanges].sort((a, b) => b.fromYear - a.fromYear).find((c) => c.fromYear <= year);
  return change?.taxLine ?? row.taxLine;
}

/** A line's part of income, to four decimals (a ratio, not money); null without income. */
const shareOf = (amount: number, income: number) => (income > 0 ? Math.round((amount / income) * 10_000) / 10_000 : null);

/** Half up, in integers: `value × numerator / denominator` for non-negative values. */
const mulDivHalfUp = (value: number, numerator: number, denominator: number) =>
  Number((BigInt(value) * BigInt(numerator) * 2n + BigInt(denominator)) / (2n * BigInt(denominator)));

/**
 * Self-employment tax, an estimate: 92.35 % of net profit are net earnings; 12.4 % of them up to the
 * year's Social Security wage base and 2.9 % of all of them, each rounded half up to the cent.
 */
export function selfEmploymentTax(net: number, wageBase: number): Annual['selfEmploymentTax'] {
  const netEarnings = net > 0 ? mulDivHalfUp(net, 9235, 10_000) : 0;
  const socialSecurity = mulDivHalfUp(Math.min(netEarnings, wageBase), 124, 1000);
  const medicare = mulDivHalfUp(netEarnings, 29, 1000);
  return { estimate: true, netEarnings, socialSecurityWageBase: wageBase, socialSecurity, medicare, total: socialSecurity + medicare };
}

/**
 * What a vehicle's method for the year keeps off line 9 of one sum of its expenses (docs/product.md,
 * "Vehicle methods"; Pub. 463): parking and tolls, nothing; with the standard rate, all but the car
 * loan's interest; with actual expenses, the personal part (the business part was rounded in SQL).
 */
export function keptOffLine9(v: Pick<VehicleExpenseRow, 'method' | 'categoryId' | 'subcategoryId' | 'amount' | 'business'>): number {
  if (v.subcategoryId && PARKING_AND_TOLLS_SUBCATEGORY_IDS.includes(v.subcategoryId)) return 0;
  if (v.method === 'standard') return v.categoryId === INTEREST_CATEGORY_ID ? 0 : v.amount;
  return v.amount - v.business;
}

/** 0.625 → "62.5" (en), "62,5" (es, tr): a share as the reader writes a percentage. */
const percentIn = (share: number, language: Language) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(Math.round(share * 10_000) / 100);

interface Bucket {
  section: PnlLine['section'];
  level: 0 | 1;
  kind: PnlLine['kind'];
  categoryId: string;
  subcategoryId: string | null;
  name: string;
  taxLine: string;
  sortOrder: number;
  months: number[];
}

const twelve = () => Array.from({ length: 12 }, () => 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export class ReportsService {
  constructor(private readonly db: Db) {}

  /** The profit and loss of a month, or of a year with twelve month columns. */
  async pnl(auth: Authenticated, year: number, month?: number): Promise<Pnl> {
    return (await this.compute(auth, year, month)).pnl;
  }

  /**
   * The same answer as JSON text (issue 31): built by the server in the contract's key order, so it
   * is written once with `JSON.stringify`, not checked by zod again (test/list-statements.test.ts
   * compares the bytes with the schema's serializer's).
   */
  async pnlJson(auth: Authenticated, year: number, month?: number): Promise<string> {
    return JSON.stringify((await this.compute(auth, year, month)).pnl);
  }

  private async compute(auth: Authenticated, year: number, month?: number): Promise<{ pnl: Pnl; kinds: Map<string, CategoryMonthRow['kind']> }> {
    const language = readerLanguage(auth);
    const repo = new ReportsRepository(this.db, auth.user.id, language);
    const { from, to } = month ? monthRange(year, month) : { from: `${year}-01-01`, to: `${year}-12-31` };
    const [rows, mileage, vehicleRows] = await Promise.all([
      repo.categoryMonthTotals(from, to),
      repo.mileageByMonth(from, to),
      repo.vehicleExpenses(year, from, to),
    ]);

    const buckets = new Map<string, Bucket>();
    const bucket = (key: string, make: () => Omit<Bucket, 'months'>) => buckets.get(key) ?? buckets.set(key, { ...make(), months: twelve() }).get(key)!;
    let vehicleSort = 100;
    const kinds = new Map<string, CategoryMonthRow['kind']>();
    for (const r of rows) {
      kinds.set(r.categoryId, r.kind);
      if (r.categoryId === VEHICLE_CATEGORY_ID) vehicleSort = r.sortOrder;
      const section = SECTION_OF_KIND[r.kind];
      const base = { section, categoryId: r.categoryId, taxLine: taxLineFor(r, year), sortOrder: r.sortOrder };
      bucket(r.categoryId, () => ({ ...base, level: 0, kind: 'category', subcategoryId: null, name: r.name })).months[r.month - 1]! += r.amount;
      // Operating expenses are shown by category, then subcategory.
      if (section === 'operating_expenses' && r.subcategoryId) {
        bucket(`${r.categoryId}/${r.subcategoryId}`, () => ({
          ...base,
          level: 1,
          kind: 'subcategory',
          subcategoryId: r.subcategoryId,
          name: r.subcategoryName ?? '',
        })).months[r.month - 1]! += r.amount;
      }
    }
    // Each vehicle's method for the year: what it keeps off line 9 leaves its category (and subcategory)
    // line and is shown apart, one line per vehicle (docs/product.md, "Vehicle methods").
    const kept = new Map<string, Omit<NotDeductibleLine, 'amount' | 'months'> & { months: number[] }>();
    const adjusted = new Set<string>();
    for (const v of vehicleRows) {
      const off = keptOffLine9(v);
      if (off === 0) continue;
      for (const key of [v.categoryId, `${v.categoryId}/${v.subcategoryId}`]) {
        const b = buckets.get(key);
        if (!b) continue;
        b.months[v.month - 1]! -= off;
        adjusted.add(key);
      }
      const share = v.method === 'actual' ? businessShare(v.businessMiles, v.totalMiles) : null;
      const line =
        kept.get(v.vehicleId) ??
        kept
          .set(v.vehicleId, {
            vehicleId: v.vehicleId,
            vehicleName: v.vehicleName,
            method: v.method,
            businessShare: share,
            name:
              v.method === 'standard'
                ? NOT_DEDUCTIBLE_NAMES[language].standard(v.vehicleName)
                : NOT_DEDUCTIBLE_NAMES[language].actual(v.vehicleName, percentIn(share ?? 0, language)),
            months: twelve(),
          })
          .get(v.vehicleId)!;
      line.months[v.month - 1]! += off;
    }
    // A line left at nothing once its vehicle's part went (diesel alone, on the standard rate) is not shown.
    for (const key of adjusted) if (buckets.get(key)!.months.every((x) => x === 0)) buckets.delete(key);
    const notDeductible: NotDeductibleLine[] = [...kept.values()].map(({ months, ...l }) => ({
      ...l,
      amount: sum(months),
      ...(month ? {} : { months }),
    }));

    const mileageMonths = twelve();
    for (const m of mileage) mileageMonths[m.month - 1]! += m.deduction;
    if (sum(mileageMonths) > 0) {
      const vehicleLine = [...buckets.values()].find((b) => b.categoryId === VEHICLE_CATEGORY_ID && b.level === 0);
      buckets.set('mileage', {
        section: 'operating_expenses',
        level: 0,
        kind: 'mileage',
        categoryId: VEHICLE_CATEGORY_ID,
        subcategoryId: null,
        name: MILEAGE_LINE_NAMES[language],
        taxLine: vehicleLine?.taxLine ?? 'Schedule C line 9 — Car and truck expenses',
        sortOrder: vehicleSort,
        months: mileageMonths,
      });
    }

    const bySection = (section: PnlLine['section']) => [...buckets.values()].filter((b) => b.section === section && b.level === 0);
    const monthly = (section: PnlLine['section']) => twelve().map((_, i) => sum(bySection(section).map((b) => b.months[i]!)));
    const income = monthly('income');
    const costOfGoods = monthly('cost_of_goods');
    const operatingExpenses = monthly('operating_expenses');
    const grossProfit = income.map((v, i) => v - costOfGoods[i]!);
    const net = grossProfit.map((v, i) => v - operatingExpenses[i]!);
    const totalIncome = sum(income);

    // Sections in order; within one, categories by the chart's order, each followed by its subcategories
    // (alphabetical, as the reader reads them) and, under Gastos de vehículo, the mileage line.
    const rank = { category: 0, subcategory: 1, mileage: 2 } as const;
    const byName = (a: Bucket, b: Bucket) => a.name.localeCompare(b.name, language);
    const lines = [...buckets.values()]
      .sort(
        (a, b) =>
          PNL_ORDER[a.section] - PNL_ORDER[b.section] ||
          a.sortOrder - b.sortOrder ||
          (a.categoryId === b.categoryId ? rank[a.kind] - rank[b.kind] || byName(a, b) : byName(a, b)),
      )
      // In the contract's key order, so the answer's JSON is written straight from it (`pnlJson`).
      .map((b) => {
        const amount = sum(b.months);
        const line = {
          section: b.section,
          level: b.level,
          kind: b.kind,
          categoryId: b.categoryId,
          subcategoryId: b.subcategoryId,
          name: b.name,
          taxLine: b.taxLine,
        };
        return { ...line, amount, share: shareOf(amount, totalIncome), ...(month ? {} : { months: b.months }) };
      });
    const totals = {
      income: totalIncome,
      costOfGoods: sum(costOfGoods),
      grossProfit: sum(grossProfit),
      operatingExpenses: sum(operatingExpenses),
      mileageDeduction: sum(mileageMonths),
      net: sum(net),
    };
    const pnl = {
      year,
      month: month ?? null,
      lines,
      ...totals,
      ...(month ? {} : { monthly: { income, costOfGoods, grossProfit, operatingExpenses, mileageDeduction: mileageMonths, net } }),
      notDeductible,
    };
    return { pnl, kinds };
  }

  /** The year's totals as they go on the return: categories on their lines, mileage, workers, an estimate of SE tax. */
  async annual(auth: Authenticated, year: number): Promise<Annual> {
    return (await this.year(auth, year)).annual;
  }

  /** The year's profit and loss and its annual total, from one set of aggregates (the year-end package needs both). */
  async year(auth: Authenticated, year: number): Promise<{ pnl: Pnl; annual: Annual }> {
    const repo = new ReportsRepository(this.db, auth.user.id, readerLanguage(auth));
    const from = `${year}-01-01`;
    const to = `${year}-12-31`;
    const [{ pnl, kinds }, byVehicle, byWorker, rule] = await Promise.all([
      this.compute(auth, year),
      new VehicleMethodsRepository(this.db, auth.user.id).year(year),
      repo.workerPayments(from, to),
      taxRuleFor(this.db, year),
    ]);
    const threshold = rule?.contractorThreshold ?? 0;
    const annual: Annual = {
      year,
      categories: pnl.lines
        .filter((l) => l.level === 0)
        .map((l) => ({
          kind: l.kind === 'mileage' ? ('mileage' as const) : ('category' as const),
          categoryId: l.categoryId,
          name: l.name,
          categoryKind: kinds.get(l.categoryId) ?? 'expense',
          taxLine: l.taxLine,
          amount: l.amount,
        })),
      income: pnl.income,
      costOfGoods: pnl.costOfGoods,
      grossProfit: pnl.grossProfit,
      operatingExpenses: pnl.operatingExpenses,
      mileageDeduction: pnl.mileageDeduction,
      net: pnl.net,
      vehicles: byVehicle.map((v) => {
        const off = pnl.notDeductible.find((l) => l.vehicleId === v.vehicleId)?.amount ?? 0;
        return {
          vehicleId: v.vehicleId,
          name: v.vehicleName,
          method: v.method,
          trips: v.trips,
          miles: fromScaled(v.businessMiles, 1),
          totalMiles: v.totalMiles === null ? null : fromScaled(v.totalMiles, 1),
          businessShare: businessShare(v.businessMiles, v.totalMiles),
          // With actual expenses the mileage deduction is not taken for this vehicle.
          deduction: v.method === 'actual' ? 0 : v.mileageDeduction,
          expenses: v.expenses,
          expensesDeducted: v.expenses - off,
        };
      }),
      miles: fromScaled(
        byVehicle.reduce((n, v) => n + v.businessMiles, 0),
        1,
      ),
      notDeductible: pnl.notDeductible.map(({ months: _m, ...l }) => l),
      workers: byWorker.map((w) => ({
        workerId: w.workerId,
        name: w.name,
        kind: w.kind,
        taxIdMasked: maskTaxId(w.taxId),
        amount: w.amount,
        payments: w.payments,
        overThreshold: w.kind === 'contractor' && w.amount >= threshold,
      })),
      contractorThreshold: threshold,
      selfEmploymentTax: selfEmploymentTax(pnl.net, rule?.socialSecurityWageBase ?? 0),
    };
    return { pnl, annual };
  }

  async taxRules(): Promise<{ items: TaxRule[] }> {
    return { items: (await listTaxRules(this.db)).map(({ updatedAt: _u, ...r }) => r) };
  }

  async setTaxRule(year: number, body: TaxRuleBody): Promise<TaxRule> {
    const { updatedAt: _u, ...row } = await upsertTaxRule(this.db, year, body.contractorThreshold, body.socialSecurityWageBase);
    return row;
  }

  async removeTaxRule(year: number): Promise<true> {
    if (!(await deleteTaxRule(this.db, year))) throw notFound('Tax rules of that year');
    return true;
  }
}

const PNL_ORDER = { income: 0, cost_of_goods: 1, operating_expenses: 2 } as const;
