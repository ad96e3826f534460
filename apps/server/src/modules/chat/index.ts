import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { chatRoutes } from './chat.routes.js';
import { ChatService } from './chat.service.js';

// The demo seed writes its conversation as the service writes messages.
export { writeConversation } from './demo.js';
// The project dashboard's team is the people of the owner's conversations.
export { conversationPeople } from './chat.service.js';

/** Chat between the people of the service (spec 001 §7 "Chat"): owners and support, live over the events channel. */
export default async function chatArea(app: FastifyInstance, { core }: AreaOptions) {
  chatRoutes(app, new ChatService(core.db, core.events, core.mailQueue, core.config.publicUrl), core.guards);
}
