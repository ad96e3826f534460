import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PlanRequestsService } from './plan-requests.service.js';
import { PlansRepository } from './plans.repository.js';
import { plansRoutes } from './plans.routes.js';

export { PlanRequestsService } from './plan-requests.service.js';
export { PlansRepository } from './plans.repository.js';

/** The plans on offer, the trial a new account gets, and the owners' requests for a plan. */
export default async function plansArea(app: FastifyInstance, { core }: AreaOptions) {
  const repo = new PlansRepository(core.db);
  plansRoutes(app, repo, new PlanRequestsService(core.db, repo, core.events, core.mailQueue), core.guards, {
    trialDays: core.config.trialDays,
    ipLimit: core.config.rateLimits.authIpPerMinute,
  });
}
