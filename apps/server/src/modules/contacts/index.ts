import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import type { AreaOptions } from '../core.js';
import { StorageQuota } from '../files/index.js';
import { contactRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

// The search box lists contacts; the books check an entry's contact; the demo seeds them.
export { searchContacts, ContactsService } from './contacts.service.js';

/** Contacts: the business's customers (spec 001 §7 "Contacts"); avatars in the receipts' file store, so a backup carries them. */
export default async function contactsArea(app: FastifyInstance, { core }: AreaOptions) {
  const files = new FileStore(path.join(core.config.dataDir, 'attachments'));
  contactRoutes(app, new ContactsService(core.db, files, new StorageQuota(core.config.filesQuotaBytes)), core.guards, core.pictures);
}
