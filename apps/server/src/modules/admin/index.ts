import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PlanRequestsService, PlansRepository } from '../plans/index.js';
import { AdminRepository } from './admin.repository.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** Users administration and its statistics. */
export default async function adminArea(app: FastifyInstance, { core }: AreaOptions) {
  const plans = new PlansRepository(core.db);
  const planRequests = new PlanRequestsService(core.db, plans, core.events, core.mailQueue);
  adminRoutes(app, new AdminService(core.db, new AdminRepository(core.db), plans, core.auth, planRequests), core.guards);
}
