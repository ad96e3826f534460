import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { EntryType } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { inventoryProducts, stockMovements } from '../../db/schema/index.js';

/** What an entry says about stock, as it stands now (or `productId: null` for an entry being removed). */
export interface StockLine {
  entryId: string;
  type: EntryType;
  date: string;
  productId: string | null;
  /** Whole units, or null. */
  units: number | null;
}

/** A line the stock cannot follow: the product is not the owner's, or it would end below what is reserved. */
export interface StockProblem {
  index: number;
  field: 'inventoryProductId' | 'quantity';
  message: string;
}

/** How many units an entry moves: a purchase adds, an income takes away, any other entry none. */
export function unitsMoved(type: EntryType, units: number | null): number {
  if (!units) return 0;
  return type === 'purchase' ? units : type === 'income' ? -units : 0;
}

/**
 * The stock side of the books, run by the entries' writes inside their transaction: each entry's
 * movement is set to what the entry now says, and each product's stock moves by the difference. A
 * product never ends with less stock than it has reserved (nor below zero); such a write is refused
 * and, the transaction rolling back, nothing of it stays.
 */
export class StockLedger {
  private readonly s: OwnerScope;
  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  /** Which of these product ids are the owner's (an entry may name only those). */
  async known(ids: (string | null | undefined)[]): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Set();
    const rows = await this.s.selectFields(inventoryProducts, { id: inventoryProducts.id }).where(inArray(inventoryProducts.id, wanted));
    return new Set(rows.map((r) => r.id));
  }

  async sync(lines: StockLine[]): Promise<StockProblem[]> {
    if (!lines.length) return [];
    const entryIds = lines.map((l) => l.entryId);
    const before = await this.s.selectFrom(stockMovements).where(inArray(stockMovements.entryId, entryIds));
    const wanted = lines.map((l) => (l.productId ? unitsMoved(l.type, l.units) : 0));
    const named = lines.map((l) => l.productId).filter((id): id is string => !!id);
    if (!before.length && !named.length) return [];

    // Lock every product involved, in one order, so two writers never wait on each other in a circle.
    const productIds = [...new Set([...before.map((m) => m.productId), ...named])].sort();
    const products = await this.s
      .selectFields(inventoryProducts, {
        id: inventoryProducts.id,
        name: inventoryProducts.name,
        stock: inventoryProducts.stock,
        reserved: inventoryProducts.reserved,
      })
      .where(inArray(inventoryProducts.id, productIds))
      .orderBy(asc(inventoryProducts.id))
      .for('update');
    const byId = new Map(products.map((p) => [p.id, p]));

    const problems: StockProblem[] = [];
    lines.forEach((l, index) => {
      if (l.productId && !byId.has(l.productId)) problems.push({ index, field: 'inventoryProductId', message: 'No such inventory product' });
    });
    if (problems.length) return problems;

    const change = new Map<string, number>();
    for (const m of before) change.set(m.productId, (change.get(m.productId) ?? 0) - m.quantity);
    lines.forEach((l, i) => {
      if (l.productId && wanted[i]) change.set(l.productId, (change.get(l.productId) ?? 0) + wanted[i]);
    });
    for (const [productId, delta] of change) {
      const p = byId.get(productId)!;
      const after = p.stock + delta;
      if (delta < 0 && after < p.reserved) {
        const message =
          after < 0
            ? `${p.name} has ${p.stock} in stock; this would take it to ${after}`
            : `${p.name} has ${p.stock} in stock and ${p.reserved} reserved; this would leave ${after}, less than the reserved`;
        const at = lines.findIndex((l) => l.productId === productId);
        problems.push({ index: Math.max(at, 0), field: 'quantity', message });
      }
    }
    if (problems.length) return problems;

    for (const [productId, delta] of change) {
      if (!delta) continue;
      await this.s
        .updateSet(inventoryProducts, { stock: sql`${inventoryProducts.stock} + ${delta}`, updatedAt: new Date() })
        .where(eq(inventoryProducts.id, productId));
    }
    if (before.length) await this.s.deleteFrom(stockMovements).where(inArray(stockMovements.entryId, entryIds));
    const rows = lines.flatMap((l, i) => (l.productId && wanted[i] ? [{ productId: l.productId, entryId: l.entryId, quantity: wanted[i], date: l.date }] : []));
    if (rows.length) await this.s.insertInto(stockMovements, rows);
    return [];
  }
}
