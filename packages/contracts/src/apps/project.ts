import { z } from 'zod/mini';
import { ZCents } from '../common/money.js';

/**
 * The project dashboard (spec 001 §3 "Dashboards", Project; issue 29), field for field, computed from
 * the owner's tasks, boards, books, budgets and conversations instead of the specification's mock.
 * Weeks start on Monday and days are UTC days, like the rest of the books.
 */

export const PROJECT_PERIODS = ['this-week', 'last-week'] as const;
export type ProjectPeriod = (typeof PROJECT_PERIODS)[number];

const perPeriod = <T extends z.core.SomeType>(t: T) => z.object({ 'this-week': t, 'last-week': t });

/** The six counts of a week (see the route's description for what each one counts). */
export const ZProjectIssueCounts = z.object({
  'new-issues': z.number(),
  'closed-issues': z.number(),
  fixed: z.number(),
  'wont-fix': z.number(),
  're-opened': z.number(),
  'needs-triage': z.number(),
});
export type ProjectIssueCounts = z.infer<typeof ZProjectIssueCounts>;

export const ZProjectSeries = z.object({ name: z.string(), type: z.enum(['line', 'column']), data: z.array(z.number()) });

export const ZProjectScheduleItem = z.object({ title: z.string(), time: z.string(), location: z.optional(z.string()) });
export type ProjectScheduleItem = z.infer<typeof ZProjectScheduleItem>;

/** Outflows (integer cents) of consecutive windows ending today; `amount` is the latest window's. */
export const ZProjectExpenses = z.object({
  amount: ZCents,
  /** One `dd MMM - dd MMM` label per window, oldest first. */
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(ZCents) })),
});
export type ProjectExpenses = z.infer<typeof ZProjectExpenses>;

export const ZProjectBudgetRow = z.object({
  id: z.number(),
  /** The budgeted category's name, in the reader's language. */
  type: z.string(),
  total: ZCents,
  expensesAmount: ZCents,
  /** Spent over budget, in percent rounded half up to 2 decimals. */
  expensesPercentage: z.number(),
  remainingAmount: ZCents,
  remainingPercentage: z.number(),
});
export type ProjectBudgetRow = z.infer<typeof ZProjectBudgetRow>;

export const ZProjectTeamMember = z.object({
  id: z.string(),
  avatar: z.nullable(z.string()),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
});
export type ProjectTeamMember = z.infer<typeof ZProjectTeamMember>;

export const ZProjectDashboard = z.object({
  githubIssues: z.object({
    overview: perPeriod(ZProjectIssueCounts),
    /** Mon … Sun. */
    labels: z.array(z.string()),
    series: perPeriod(z.array(ZProjectSeries)),
  }),
  taskDistribution: z.object({
    overview: perPeriod(z.object({ new: z.number(), completed: z.number() })),
    /** The owner's task tags, the most used first, then "Other" and "No tag" when they have tasks. */
    labels: z.array(z.string()),
    series: perPeriod(z.array(z.number())),
  }),
  schedule: z.object({ today: z.array(ZProjectScheduleItem), tomorrow: z.array(ZProjectScheduleItem) }),
  budgetDistribution: z.object({
    categories: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(ZCents) })),
  }),
  weeklyExpenses: ZProjectExpenses,
  monthlyExpenses: ZProjectExpenses,
  yearlyExpenses: ZProjectExpenses,
  budgetDetails: z.object({
    columns: z.array(z.string()),
    rows: z.array(ZProjectBudgetRow),
  }),
  teamMembers: z.array(ZProjectTeamMember),
});
export type ProjectDashboard = z.infer<typeof ZProjectDashboard>;
