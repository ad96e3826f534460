import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

// Inventory: the stock the business sells (spec 001 §3 "Inventory"). Each row is one owner's.
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const inventoryCategories = pgTable(
  'inventory_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    /** The parent category, checked by the service (no foreign key: a backup restores a table's rows in any order). */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: created(),
  },
  (t) => [index('inventory_categories_owner_idx').on(t.ownerId, t.name)],
);

export const inventoryBrands = pgTable(
  'inventory_brands',
  { id: uuid('id').primaryKey().defaultRandom(), ownerId: owner(), name: text('name').notNull(), slug: text('slug').notNull(), createdAt: created() },
  (t) => [index('inventory_brands_owner_idx').on(t.ownerId, t.name)],
);

export const inventoryVendors = pgTable(
  'inventory_vendors',
  { id: uuid('id').primaryKey().defaultRandom(), ownerId: owner(), name: text('name').notNull(), slug: text('slug').notNull(), createdAt: created() },
  (t) => [index('inventory_vendors_owner_idx').on(t.ownerId, t.name)],
);

export const inventoryTags = pgTable(
  'inventory_tags',
  { id: uuid('id').primaryKey().defaultRandom(), ownerId: owner(), title: text('title').notNull(), createdAt: created() },
  (t) => [index('inventory_tags_owner_idx').on(t.ownerId, t.title)],
);

export const inventoryProducts = pgTable(
  'inventory_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    categoryId: uuid('category_id').references(() => inventoryCategories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Tag ids (the owner's inventory tags); a deleted tag is removed from every product. */
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sku: text('sku').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    brandId: uuid('brand_id').references(() => inventoryBrands.id, { onDelete: 'set null' }),
    vendorId: uuid('vendor_id').references(() => inventoryVendors.id, { onDelete: 'set null' }),
    /** Whole units. */
    stock: integer('stock').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** Cents. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    basePrice: bigint('base_price', { mode: 'number' }).notNull().default(0),
    /** Hundredths of a percent (18.5 % is 1850), so it is kept exactly. */
    taxHundredths: integer('tax_hundredths').notNull().default(0),
    /** Cents: base price plus its tax, rounded half up. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    /** Grams. */
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull().default(0),
    thumbnail: text('thumbnail'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(false),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts: text ones compare upper-cased text in byte order on both databases.
    index('inventory_products_owner_name_idx').on(t.ownerId, sql`(upper(${t.name}) collate "C")`, t.id),
    index('inventory_products_owner_sku_idx').on(t.ownerId, sql`(upper(${t.sku}) collate "C")`, t.id),
    index('inventory_products_owner_active_idx').on(t.ownerId, t.active, sql`(upper(${t.name}) collate "C")`, t.id),
    index('inventory_products_owner_stock_idx').on(t.ownerId, t.stock, sql`(upper(${t.name}) collate "C")`, t.id),
    index('inventory_products_owner_price_idx').on(t.ownerId, t.price, sql`(upper(${t.name}) collate "C")`, t.id),
    index('inventory_products_category_idx').on(t.categoryId),
    index('inventory_products_brand_idx').on(t.brandId),
    index('inventory_products_vendor_idx').on(t.vendorId),
    check('inventory_products_stock', sql`${t.stock} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.stock}`),
  ],
);

/**
 * A product's uploaded images: the bytes in the receipts' file store (so a backup carries them and the
 * storage quota counts them), served by URL under the owner. The product's `images` and `thumbnail`
 * hold the URLs; a row here is what an uploaded URL points at, and its size for the quota.
 */
export const inventoryProductImages = pgTable(
  'inventory_product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    productId: uuid('product_id')
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    /** The key in the file store (owner id / uuid). */
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: created(),
  },
  (t) => [index('inventory_product_images_product_idx').on(t.productId), index('inventory_product_images_owner_idx').on(t.ownerId)],
);
