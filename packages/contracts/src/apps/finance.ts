import { z } from 'zod/mini';
import { ZCents, ZLineCents } from '../common/money.js';
import { ZUuid } from '../common/text.js';

/**
 * Budgets and the finance dashboard (spec 001 §3 "Dashboards", Finance; issue 29). A budget is one
 * monthly amount per outflow category (kind expense, cost of goods or payroll) that applies to every
 * month, the past ones included, until it is changed or removed: one figure an owner keeps, compared
 * with each month's spending. The dashboard is computed from the owner's books.
 */

/** One category's monthly budget and what was spent in it in the month asked for (integer cents). */
export const ZBudget = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  amount: ZCents,
  spent: ZCents,
});
export type Budget = z.infer<typeof ZBudget>;

/** The owner's budgets, against the spending of `month` (YYYY-MM, the current month unless asked). */
export const ZBudgetList = z.object({ month: z.string(), items: z.array(ZBudget) });
export type BudgetList = z.infer<typeof ZBudgetList>;

export const ZBudgetQuery = z.strictObject({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the form YYYY-MM'))),
});
export type BudgetQuery = z.infer<typeof ZBudgetQuery>;

/** Sets a category's monthly budget (made, or changed when the category has one). */
export const ZBudgetBody = z.strictObject({ categoryId: ZUuid, amount: ZLineCents });
export type BudgetBody = z.infer<typeof ZBudgetBody>;

export const ZBudgetIdParams = z.strictObject({ id: ZUuid });

/** The share of a month's budget whose passing warns, once each per category and month. */
export const BUDGET_THRESHOLDS = [80, 100] as const;

/** Statement: one month of the books. `date` is the month's last day. */
export const ZFinanceStatement = z.object({
  status: z.enum(['paid', 'pending']),
  date: z.string(),
  limit: ZCents,
  spent: ZCents,
  minimum: ZCents,
});
export type FinanceStatement = z.infer<typeof ZFinanceStatement>;

export const ZFinanceTransaction = z.object({
  id: z.string(),
  transactionId: z.string(),
  name: z.string(),
  status: z.enum(['completed', 'pending']),
  date: z.string(),
  /** Signed cents: income positive, an outflow negative. */
  amount: z.optional(ZCents),
  /** Where the entry is shown (its month's list, found by its text). */
  link: z.string(),
});
export type FinanceTransaction = z.infer<typeof ZFinanceTransaction>;

export const ZFinanceDashboard = z.object({
  accountBalance: z.object({
    /** The year's net so far: the year's profit and loss net, to the cent. */
    balance: ZCents,
    year: z.number(),
    /** The year's net against the same days of last year, in percent with two decimals; null when last year's was zero. */
    growRate: z.nullable(z.number()),
    /** Average monthly income: the year's income over the months begun so far. */
    ami: ZCents,
    /** The year's running net in 3-day steps from 1 January to today. */
    series: z.array(z.object({ name: z.string(), data: z.array(z.object({ x: z.string(), y: ZCents })) })),
  }),
  budget: z.object({
    expenses: ZCents,
    expensesLimit: ZCents,
    savings: ZCents,
    savingsGoal: ZCents,
    bills: ZCents,
    billsLimit: ZCents,
  }),
  previousStatement: ZFinanceStatement,
  currentStatement: ZFinanceStatement,
  recentTransactions: z.array(ZFinanceTransaction),
});
export type FinanceDashboard = z.infer<typeof ZFinanceDashboard>;
