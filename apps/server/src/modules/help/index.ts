import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { helpRoutes } from './help.routes.js';
import { SupportService } from './support.service.js';

// A plan request is a support request the administrators answer in the same place.
export { SupportRepository } from './support.repository.js';
export { tellAsker, type Joined } from './support.service.js';

/** The help center: guides and FAQs from the repository's Markdown, and support requests answered by the administrators. */
export default async function helpArea(app: FastifyInstance, { core }: AreaOptions) {
  helpRoutes(app, new SupportService(core.db, core.events, core.mailQueue, core.config.publicUrl), core.guards);
}
