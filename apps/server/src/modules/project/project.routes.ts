import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProjectDashboard } from '@cuadre/contracts';
import { bookErrors as errors } from '../../lib/errors.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import type { ProjectService } from './project.service.js';

/** What each figure of the project dashboard counts (the route's description, and docs/product.md). */
export const PROJECT_DASHBOARD_DESCRIPTION = [
  'Weeks start on Monday and days are UTC days, like the rest of the books. Tasks are the owner’s tasks (sections are not counted).',
  'githubIssues.overview per week: new-issues = tasks made in the week; closed-issues = tasks completed in the week (their latest completion, still completed); fixed = those of them with high priority (2); wont-fix = open tasks whose due date fell in the week and has passed without them being completed; re-opened = completed tasks reopened in the week (the latest reopening of each); needs-triage = tasks made in the week, still open, with neither a tag nor a due date. labels Mon … Sun; series: New issues (line) and Closed issues (column), per weekday.',
  'taskDistribution: overview new / completed = the week’s new-issues / closed-issues; labels = the owner’s tags, the most used first (at most four; unused ones after used ones), then "Other" for the other tags and "No tag" for tasks without one, when they have tasks; series per week = the tasks made or completed in the week that carry each label (a task counts under each of its tags).',
  'schedule: open tasks and board cards due today and tomorrow, by due time; time = HH:mm of the due time (UTC); no location (the data holds none).',
  'budgetDistribution and budgetDetails: one per budget, as GET /api/budgets shows them (the category’s name in the reader’s language; this month’s spending: every entry type but income). expensesPercentage = spent over budget in percent, rounded half up to two decimals; remainingAmount = budget − spent (negative when over); remainingPercentage = 100 − expensesPercentage.',
  'weeklyExpenses, monthlyExpenses, yearlyExpenses: outflows (every entry type but income, integer cents) of consecutive windows ending today, oldest first: 6 windows of 7 days, 4 of a month (the day after the same day a month earlier, to today), 10 of a year; amount = the latest window (the one ending today); one `dd MMM - dd MMM` label per window, both days included (a yearly window’s label adds the years: `dd MMM yyyy - dd MMM yyyy`).',
  'teamMembers: the owner first, then the people the owner has a conversation with in the chat, the latest conversation first; title Owner, or Support for the service’s administrators; the accounts keep no phone, so phone is empty.',
].join('\n\n');

/** `GET api/dashboards/project` (spec 001 §7), from the owner's tasks, boards, books, budgets and chat: a plan that keeps books is needed. */
export function projectRoutes(app: FastifyInstance, project: ProjectService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboards/project',
    {
      onRequest: guards.requireBooks,
      ...cachedRead,
      schema: {
        tags: ['project'],
        summary:
          'The project dashboard from my tasks, boards, books and budgets: tasks opened and closed per weekday this week and last, their tags, what is due today and tomorrow, expenses by week, month and year, the budgets, and the people I work with',
        description: PROJECT_DASHBOARD_DESCRIPTION,
        response: { 200: ZProjectDashboard, ...errors },
      },
    },
    (req) => project.dashboard(authOf(req)),
  );
}
