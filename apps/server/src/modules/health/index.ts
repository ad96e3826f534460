import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness. */
export default async function healthArea(app: FastifyInstance, { core }: AreaOptions) {
  healthRoutes(app, core.database, core.redis, core.outages, core.disk);
}
