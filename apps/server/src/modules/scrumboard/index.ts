import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { scrumboardRoutes } from './scrumboard.routes.js';
import { ScrumboardService } from './scrumboard.service.js';

// The demo seed fills a board through the service.
export { ScrumboardService } from './scrumboard.service.js';

/** Scrumboard: the owner's boards, lists, cards and labels (spec 001 §7 "Scrumboard"). */
export default async function scrumboardArea(app: FastifyInstance, { core }: AreaOptions) {
  scrumboardRoutes(app, new ScrumboardService(core.db), core.guards);
}
