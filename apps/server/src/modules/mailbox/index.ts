import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import type { AreaOptions } from '../core.js';
import { mailboxRoutes } from './mailbox.routes.js';
import { MailboxService } from './mailbox.service.js';

// The demo seed writes mails between its users through the service.
export { MailboxService } from './mailbox.service.js';

/** The mailbox (spec 001 §7 "Mailbox"): mail between the users of the service; attachments in the receipts' file store, so a backup carries them. */
export default async function mailboxArea(app: FastifyInstance, { core }: AreaOptions) {
  const files = new FileStore(path.join(core.config.dataDir, 'attachments'));
  mailboxRoutes(app, new MailboxService(core.db, files, core.events, core.mailQueue, core.config.publicUrl), core.guards);
}
