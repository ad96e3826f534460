import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { liveChannel } from './live-channel.js';
import { panelRoutes } from './panels.routes.js';
import { PanelsService } from './panels.service.js';

// Support requests and plan requests leave messages in the panels; search links to an entry as the panels do.
export { entryLink, monthLink } from './links.js';
export { PanelItemsRepository } from './panels.repository.js';
export { PANEL_TEXTS } from './texts.js';
export { tellAdministratorsDiskFull } from './disk-notice.js';

/** The shell's panels: messages, notifications (made by rules from the books), shortcuts, and the live channel that updates their badges. */
export default async function panelsArea(app: FastifyInstance, { core }: AreaOptions) {
  panelRoutes(app, new PanelsService(core.db, core.events), core.guards);
  liveChannel(app, core.events, core.auth.sessions);
}
