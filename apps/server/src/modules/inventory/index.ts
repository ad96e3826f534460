import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileStore } from '../../lib/file-store.js';
import type { AreaOptions } from '../core.js';
import { StorageQuota } from '../files/index.js';
import { inventoryRoutes } from './inventory.routes.js';
import { InventoryService } from './inventory.service.js';

// The books move stock with the entries that name a product, in their own transaction.
export { StockLedger, unitsMoved, type StockLine, type StockProblem } from './stock.js';
export { InventoryService } from './inventory.service.js';

/** Inventory: the stock the business sells: products, their categories, brands, vendors and tags, and the stock the books move. */
export default async function inventoryArea(app: FastifyInstance, { core }: AreaOptions) {
  // Product images in the receipts' file store, so a backup carries them and the storage quota counts them.
  const files = new FileStore(path.join(core.config.dataDir, 'attachments'));
  inventoryRoutes(app, new InventoryService(core.db, files, new StorageQuota(core.config.filesQuotaBytes)), core.guards, core.pictures);
}
