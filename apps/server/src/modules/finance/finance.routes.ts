import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBudget, ZBudgetBody, ZBudgetIdParams, ZBudgetList, ZBudgetQuery, ZFinanceDashboard, ZOk } from '@cuadre/contracts';
import { bookErrors as errors } from '../../lib/errors.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import { cachedRead } from '../../plugins/read-cache.js';
import type { FinanceService } from './finance.service.js';

/** Budgets (new, issue 29) and `GET api/dashboards/finance` (spec 001 §7), from the owner's books: a plan that keeps books is needed. */
export function financeRoutes(app: FastifyInstance, finance: FinanceService, guards: Guards) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opts = { onRequest: guards.requireBooks };
  // One tag for the budgets and the dashboard they feed (the access matrix counts it among the books').
  const tags = ['finance'];

  r.get(
    '/api/budgets',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary: 'My monthly budgets per outflow category, each with what was spent in it in the month (default: this month)',
        querystring: ZBudgetQuery,
        response: { 200: ZBudgetList, ...errors },
      },
    },
    (req) => finance.budgets(authOf(req), req.query.month),
  );
  r.put(
    '/api/budgets',
    {
      ...opts,
      schema: {
        tags,
        summary:
          "Set a category's monthly budget (integer cents; made, or changed if the category has one). It applies to every month until changed or removed",
        body: ZBudgetBody,
        response: { 200: ZBudget, ...errors },
      },
    },
    (req) => finance.setBudget(authOf(req), req.body),
  );
  r.delete('/api/budgets/:id', { ...opts, schema: { tags, summary: 'Remove a budget', params: ZBudgetIdParams, response: { 200: ZOk, ...errors } } }, (req) =>
    finance.removeBudget(authOf(req), req.params.id),
  );
  r.get(
    '/api/dashboards/finance',
    {
      ...opts,
      ...cachedRead,
      schema: {
        tags,
        summary:
          "The finance dashboard from my books: the year's net as the balance, this month's spending against the budgets, the previous and current month as statements, the latest entries",
        description: [
          'accountBalance: balance = the year’s profit-and-loss net (income − outflows − mileage deduction) to the cent; growRate = the net so far against the same days of last year, in percent (null when that was zero); ami = the year’s income over the months begun; series = the year’s running net in 3-day steps.',
          'budget: expenses / expensesLimit = this month’s spending in the budgeted categories / the budgets’ sum; bills / billsLimit = this month’s outflows in the bill categories (insurance, interest, rent, utilities) / their budgets; savings = this month’s net; savingsGoal = the net the month would have with every budgeted category at its budget.',
          'previousStatement, currentStatement: date = the month’s last day; spent = the month’s outflows; limit = the budgets’ sum; minimum = the month’s bills; status paid for a closed month, pending otherwise.',
          'recentTransactions: the latest 10 entries; amount signed (income positive); status pending for an entry dated after today; link = its month’s list, found by its text.',
        ].join('\n\n'),
        response: { 200: ZFinanceDashboard, ...errors },
      },
    },
    (req) => finance.dashboard(authOf(req)),
  );
}
