import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { InventoryQuery, InventorySort } from '@cuadre/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import {
  entries,
  inventoryBrands,
  inventoryCategories,
  inventoryProductImages,
  inventoryProducts,
  inventoryTags,
  inventoryVendors,
  stockMovements,
} from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type ProductRow = typeof inventoryProducts.$inferSelect;
export type ProductValues = Partial<Omit<typeof inventoryProducts.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>>;
export type CategoryRow = typeof inventoryCategories.$inferSelect;
export type NamedRow = typeof inventoryBrands.$inferSelect;
export type TagRow = typeof inventoryTags.$inferSelect;
export type ImageRow = typeof inventoryProductImages.$inferSelect;
export type NamedTable = typeof inventoryBrands | typeof inventoryVendors;

const p = inventoryProducts;
/** Text sorts compare the upper-cased text byte by byte ("C"), so both databases give one order; the indexes match. */
const textKey = (column: SQL | AnyPgColumn) => sql`(upper(${column}) collate "C")`;
const SORT_KEYS: Record<InventorySort, SQL | AnyPgColumn> = {
  name: textKey(p.name),
  sku: textKey(p.sku),
  // As text, "FALSE" comes before "TRUE": the boolean's own order, which its index serves.
  active: p.active,
  stock: p.stock,
  reserved: p.reserved,
  cost: p.cost,
  basePrice: p.basePrice,
  taxPercent: p.taxHundredths,
  price: p.price,
  weight: p.weightGrams,
};

/** One owner's inventory: every query through the owner scope. */
export class InventoryRepository {
  private readonly s: OwnerScope;
  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  // Products

  /** A page of products (`page` counted from 0) and how many match, in two index-backed queries. */
  async page(q: InventoryQuery): Promise<{ rows: ProductRow[]; length: number }> {
    const where = q.search ? ilike(p.name, `%${escapeLike(q.search)}%`) : undefined;
    const [counted] = await this.s.selectFields(p, { n: sql<number>`count(*)::int` }).where(where);
    const length = counted?.n ?? 0;
    const dir = q.order === 'desc' ? desc : asc;
    // Ties keep one order: by name, then id (the name's own ties by id alone).
    const keys = q.sort === 'name' ? [dir(SORT_KEYS.name), dir(p.id)] : [dir(SORT_KEYS[q.sort]), asc(SORT_KEYS.name), asc(p.id)];
    const start = q.page * q.size;
    if (start >= length) return { rows: [], length };
    const rows = await this.s
      .selectFrom(p)
      .where(where)
      .orderBy(...keys)
      .limit(q.size)
      .offset(start);
    return { rows, length };
  }

  async product(id: string, lock = false): Promise<ProductRow | undefined> {
    const query = this.s.selectFrom(p).where(eq(p.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async insertProduct(values: ProductValues & { name: string }): Promise<ProductRow> {
    const [row] = await this.s.insertInto(p, values).returning();
    return row!;
  }

  async updateProduct(id: string, values: ProductValues): Promise<ProductRow> {
    const [row] = await this.s
      .updateSet(p, { ...values, updatedAt: new Date() })
      .where(eq(p.id, id))
      .returning();
    return row!;
  }

  async deleteProduct(id: string): Promise<boolean> {
    const gone = await this.s.deleteFrom(p).where(eq(p.id, id)).returning({ id: p.id });
    return gone.length > 0;
  }

  // Uploaded images

  /** A product's uploaded images (what its image URLs point at). */
  images(productId: string): Promise<ImageRow[]> {
    return this.s.selectFrom(inventoryProductImages).where(eq(inventoryProductImages.productId, productId));
  }

  /** An uploaded image by its key in the file store. */
  async imageByKey(key: string): Promise<ImageRow | undefined> {
    const [row] = await this.s.selectFrom(inventoryProductImages).where(eq(inventoryProductImages.storageKey, key));
    return row;
  }

  async insertImage(values: { productId: string; storageKey: string; mime: string; size: number }): Promise<ImageRow> {
    const [row] = await this.s.insertInto(inventoryProductImages, values).returning();
    return row as ImageRow;
  }

  async removeImages(ids: string[]): Promise<void> {
    if (ids.length) await this.s.deleteFrom(inventoryProductImages).where(inArray(inventoryProductImages.id, ids));
  }

  /** The stock movements of a product, newest first, each with its entry. */
  async movements(productId: string) {
    return this.s
      .selectFields(stockMovements, {
        id: stockMovements.id,
        entryId: stockMovements.entryId,
        entryType: entries.type,
        date: stockMovements.date,
        quantity: stockMovements.quantity,
      })
      .innerJoin(...this.s.join(entries, eq(entries.id, stockMovements.entryId)))
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.date), desc(stockMovements.createdAt));
  }

  // Tags

  tags(): Promise<TagRow[]> {
    return this.s.selectFrom(inventoryTags).orderBy(asc(sql`upper(${inventoryTags.title}) collate "C"`), asc(inventoryTags.id));
  }

  async tag(id: string): Promise<TagRow | undefined> {
    const [row] = await this.s.selectFrom(inventoryTags).where(eq(inventoryTags.id, id));
    return row;
  }

  async insertTag(title: string): Promise<TagRow> {
    const [row] = await this.s.insertInto(inventoryTags, { title }).returning();
    return row!;
  }

  async updateTag(id: string, title: string): Promise<TagRow | undefined> {
    const [row] = await this.s.updateSet(inventoryTags, { title }).where(eq(inventoryTags.id, id)).returning();
    return row;
  }

  /** Deletes the tag and takes it off every product of the owner that carries it. */
  async deleteTag(id: string): Promise<boolean> {
    const gone = await this.s.deleteFrom(inventoryTags).where(eq(inventoryTags.id, id)).returning({ id: inventoryTags.id });
    if (!gone.length) return false;
    await this.s.updateSet(p, { tagIds: sql`array_remove(${p.tagIds}, ${id}::uuid)` }).where(sql`${p.tagIds} @> array[${id}::uuid]`);
    return true;
  }

  /** Which of these tag ids are the owner's. */
  async ownTagIds(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.s.selectFields(inventoryTags, { id: inventoryTags.id }).where(inArray(inventoryTags.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  // Categories

  categories(): Promise<CategoryRow[]> {
    return this.s.selectFrom(inventoryCategories).orderBy(asc(sql`upper(${inventoryCategories.name}) collate "C"`), asc(inventoryCategories.id));
  }

  async category(id: string): Promise<CategoryRow | undefined> {
    const [row] = await this.s.selectFrom(inventoryCategories).where(eq(inventoryCategories.id, id));
    return row;
  }

  async insertCategory(values: { name: string; slug: string; parentId: string | null }): Promise<CategoryRow> {
    const [row] = await this.s.insertInto(inventoryCategories, values).returning();
    return row!;
  }

  async updateCategory(id: string, values: Partial<{ name: string; slug: string; parentId: string | null }>): Promise<CategoryRow | undefined> {
    const [row] = await this.s.updateSet(inventoryCategories, values).where(eq(inventoryCategories.id, id)).returning();
    return row;
  }

  /** Deletes the category; its children move to the top level and its products keep no category (the foreign key). */
  async deleteCategory(id: string): Promise<boolean> {
    const gone = await this.s.deleteFrom(inventoryCategories).where(eq(inventoryCategories.id, id)).returning({ id: inventoryCategories.id });
    if (!gone.length) return false;
    await this.s.updateSet(inventoryCategories, { parentId: null }).where(eq(inventoryCategories.parentId, id));
    return true;
  }

  // Brands and vendors

  named(t: NamedTable): Promise<NamedRow[]> {
    return this.s.selectFrom(t).orderBy(asc(sql`upper(${t.name}) collate "C"`), asc(t.id));
  }

  async namedOne(t: NamedTable, id: string): Promise<NamedRow | undefined> {
    const [row] = (await this.s.selectFrom(t).where(eq(t.id, id))) as NamedRow[];
    return row;
  }

  async insertNamed(t: NamedTable, values: { name: string; slug: string }): Promise<NamedRow> {
    const [row] = (await this.s.insertInto(t, values).returning()) as NamedRow[];
    return row!;
  }

  async updateNamed(t: NamedTable, id: string, values: { name: string; slug: string }): Promise<NamedRow | undefined> {
    const [row] = (await this.s.updateSet(t, values).where(eq(t.id, id)).returning()) as NamedRow[];
    return row;
  }

  async deleteNamed(t: NamedTable, id: string): Promise<boolean> {
    const gone = await this.s.deleteFrom(t).where(eq(t.id, id)).returning({ id: t.id });
    return gone.length > 0;
  }

  /** The slugs in use in a table that start with `slug` (for the -1, -2 suffix of a new one). */
  async slugsLike(t: NamedTable | typeof inventoryCategories, slug: string): Promise<Set<string>> {
    const rows = await this.s.selectFields(t, { slug: t.slug }).where(and(ilike(t.slug, `${escapeLike(slug)}%`)));
    return new Set(rows.map((r) => r.slug));
  }
}
