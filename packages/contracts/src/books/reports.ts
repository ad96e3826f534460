import { z } from 'zod/mini';
import { ZDate, ZMonth, ZYear } from './numbers.js';

/** `?year` and an optional `month`: without it, the profit and loss is the year's, with 12 columns. */
export const ZPnlQuery = z.object({ year: ZYear, month: z.optional(ZMonth) });
export const ZAnnualQuery = z.object({ year: ZYear });

export const PNL_SECTIONS = ['income', 'cost_of_goods', 'operating_expenses'] as const;

/**
 * One line of a profit and loss: a category (level 0) or, under an operating expense, one of its
 * subcategories (level 1); the mileage deduction is its own line under Gastos de vehículo.
 * `share` is the line's part of income (0.2534 is 25.34 %), null when there is no income.
 */
export const ZPnlLine = z.object({
  section: z.enum(PNL_SECTIONS),
  level: z.union([z.literal(0), z.literal(1)]),
  kind: z.enum(['category', 'subcategory', 'mileage']),
  categoryId: z.string(),
  subcategoryId: z.nullable(z.string()),
  name: z.string(),
  taxLine: z.string(),
  amount: z.int(),
  share: z.nullable(z.number()),
  /** For a year: the twelve months' amounts, January first (their sum is `amount`). */
  months: z.optional(z.array(z.int())),
});
export type PnlLine = z.infer<typeof ZPnlLine>;

/**
 * What a vehicle's method for the year keeps off Schedule C line 9 (Pub. 463; docs/product.md, "Vehicle
 * methods"): with the standard rate, its operating expenses; with actual expenses, their personal-use part.
 * Kept in the books, shown apart, not in any total.
 */
export const ZNotDeductibleLine = z.object({
  vehicleId: z.string(),
  vehicleName: z.string(),
  method: z.enum(['standard', 'actual']),
  /** Actual expenses: business miles ÷ all miles (0.625 is 62.5 %); null when the year's miles are missing. */
  businessShare: z.nullable(z.number()),
  /** "Not deductible: standard mileage chosen for Van", in the reader's language. */
  name: z.string(),
  amount: z.int(),
  /** For a year: the twelve months' amounts. */
  months: z.optional(z.array(z.int())),
});
export type NotDeductibleLine = z.infer<typeof ZNotDeductibleLine>;

const ZPnlTotals = {
  income: z.int(),
  costOfGoods: z.int(),
  grossProfit: z.int(),
  operatingExpenses: z.int(),
  /** Part of operatingExpenses: the standard mileage deduction. */
  mileageDeduction: z.int(),
  net: z.int(),
};
export const ZPnl = z.object({
  year: z.int(),
  month: z.nullable(z.int()),
  lines: z.array(ZPnlLine),
  ...ZPnlTotals,
  /** For a year: each total month by month. */
  monthly: z.optional(
    z.object({
      income: z.array(z.int()),
      costOfGoods: z.array(z.int()),
      grossProfit: z.array(z.int()),
      operatingExpenses: z.array(z.int()),
      mileageDeduction: z.array(z.int()),
      net: z.array(z.int()),
    }),
  ),
  /** Vehicle expenses kept off line 9 by the vehicle's method for the year, one line per vehicle. */
  notDeductible: z.array(ZNotDeductibleLine),
});
export type Pnl = z.infer<typeof ZPnl>;

export const ZAnnual = z.object({
  year: z.int(),
  /** Every category with a total in the year, with the year's tax line; the mileage deduction as its own line. */
  categories: z.array(
    z.object({
      kind: z.enum(['category', 'mileage']),
      categoryId: z.string(),
      name: z.string(),
      categoryKind: z.enum(['income', 'cost_of_goods', 'expense', 'payroll']),
      taxLine: z.string(),
      amount: z.int(),
    }),
  ),
  ...ZPnlTotals,
  /**
   * Each vehicle with trips or expenses in the year and its method: `deduction` is the standard mileage
   * deduction taken (0 with actual expenses); `expensesDeducted` the expenses naming it that line 9 takes.
   */
  vehicles: z.array(
    z.object({
      vehicleId: z.string(),
      name: z.string(),
      method: z.enum(['standard', 'actual']),
      trips: z.int(),
      miles: z.number(),
      totalMiles: z.nullable(z.number()),
      businessShare: z.nullable(z.number()),
      deduction: z.int(),
      expenses: z.int(),
      expensesDeducted: z.int(),
    }),
  ),
  miles: z.number(),
  notDeductible: z.array(ZNotDeductibleLine),
  workers: z.array(
    z.object({
      workerId: z.string(),
      name: z.string(),
      kind: z.enum(['employee', 'contractor']),
      taxIdMasked: z.nullable(z.string()),
      amount: z.int(),
      payments: z.int(),
      /** A contractor paid at or over the year's information-return threshold. */
      overThreshold: z.boolean(),
    }),
  ),
  contractorThreshold: z.int(),
  /** An estimate, labelled as one: 15.3 % on 92.35 % of net profit, Social Security capped at the wage base. */
  selfEmploymentTax: z.object({
    estimate: z.literal(true),
    netEarnings: z.int(),
    socialSecurityWageBase: z.int(),
    socialSecurity: z.int(),
    medicare: z.int(),
    total: z.int(),
  }),
});
export type Annual = z.infer<typeof ZAnnual>;

/** The per-year figures of the tax rules, kept by administrators. */
export const ZTaxRule = z.object({ year: z.int(), contractorThreshold: z.int(), socialSecurityWageBase: z.int() });
export type TaxRule = z.infer<typeof ZTaxRule>;
export const ZTaxRuleList = z.object({ items: z.array(ZTaxRule) });
export const ZTaxRuleBody = z.strictObject({
  contractorThreshold: z.int().check(z.gte(0), z.lte(10_000_000_000)),
  socialSecurityWageBase: z.int().check(z.gte(0), z.lte(10_000_000_000)),
});
export type TaxRuleBody = z.infer<typeof ZTaxRuleBody>;

/** An optional period: `?from=&to=` (dates), either or both. */
export const ZDateRangeQuery = z.object({ from: z.optional(ZDate), to: z.optional(ZDate) });
