import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PlansRepository } from '../plans/plans.routes.js';
import { AdminRepository } from './admin.repository.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';

/** Users administration and its statistics. */
export default async function adminArea(app: FastifyInstance, { core }: AreaOptions) {
  adminRoutes(app, new AdminService(core.db, new AdminRepository(core.db), new PlansRepository(core.db), core.auth), core.guards);
}
