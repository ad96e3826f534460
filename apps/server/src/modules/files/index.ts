import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import type { AreaOptions } from '../core.js';
import { fileRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';
import { StorageQuota } from './storage.js';

export { FilesService } from './files.service.js';
// Every area that stores bytes for an owner (receipts, avatars, product images) checks this one quota.
export { StorageQuota } from './storage.js';
// The mailbox checks its attachments' types the way the file manager does.
export { cleanName, sniffFile } from './file-types.js';

/** The file manager: the owner's folders and files, kept in the receipts' file store (so a backup carries them), and the read-only Receipts folder. */
export default async function filesArea(app: FastifyInstance, { core }: AreaOptions) {
  const store = new FileStore(path.join(core.config.dataDir, 'attachments'));
  fileRoutes(app, new FilesService(core.db, store, new StorageQuota(core.config.filesQuotaBytes)), core.guards);
}
