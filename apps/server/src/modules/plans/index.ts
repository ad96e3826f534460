import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PlanRequestsService } from './plan-requests.service.js';
import { PlansRepository, plansRoutes } from './plans.routes.js';

/** The plans on offer, the trial a new account gets, and the owners' requests for a plan. */
export default async function plansArea(app: FastifyInstance, { core }: AreaOptions) {
  const repo = new PlansRepository(core.db);
  plansRoutes(app, repo, new PlanRequestsService(core.db, repo, core.events, core.mailQueue), core.guards, {
    trialDays: core.config.trialDays,
    ipLimit: core.config.rateLimits.authIpPerMinute,
  });
}
