import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { PlansRepository, plansRoutes } from './plans.routes.js';

/** The plans on offer. */
export default async function plansArea(app: FastifyInstance, { core }: AreaOptions) {
  plansRoutes(app, new PlansRepository(core.db), core.guards);
}
