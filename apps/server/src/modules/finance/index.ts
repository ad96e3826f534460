import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { BudgetWarnings } from './budget-warnings.js';
import { financeRoutes } from './finance.routes.js';
import { FinanceService } from './finance.service.js';

// The books check the budgets after each write of entries; the demo seed sets budgets.
export { BudgetWarnings, type BudgetOwner } from './budget-warnings.js';
export { FinanceRepository } from './finance.repository.js';

/** Budgets and the finance dashboard (issue 29), from the owner's books. */
export default async function financeArea(app: FastifyInstance, { core }: AreaOptions) {
  financeRoutes(app, new FinanceService(core.db, new BudgetWarnings(core.db, core.events)), core.guards);
}
