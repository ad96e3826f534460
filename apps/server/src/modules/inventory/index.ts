import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { inventoryRoutes } from './inventory.routes.js';
import { InventoryService } from './inventory.service.js';

// The books move stock with the entries that name a product, in their own transaction.
export { StockLedger, unitsMoved, type StockLine, type StockProblem } from './stock.js';
export { InventoryService } from './inventory.service.js';

/** Inventory: the stock the business sells: products, their categories, brands, vendors and tags, and the stock the books move. */
export default async function inventoryArea(app: FastifyInstance, { core }: AreaOptions) {
  inventoryRoutes(app, new InventoryService(core.db), core.guards);
}
