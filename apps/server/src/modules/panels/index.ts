import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { panelRoutes } from './panels.routes.js';
import { PanelsService } from './panels.service.js';

/** The shell's panels: messages, notifications (made by rules from the books), shortcuts, and the live channel that updates their badges. */
export default async function panelsArea(app: FastifyInstance, { core }: AreaOptions) {
  panelRoutes(app, new PanelsService(core.db, core.events), core.events, core.guards, (token) => core.auth.authenticate(token));
}
