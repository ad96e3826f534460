import { z } from 'zod/mini';
import { MAX_LINE_CENTS } from '../common/money.js';
import { text, ZUuid } from '../common/text.js';
import { decimal, requiredText } from '../books/numbers.js';

// Inventory: the stock the business sells (spec 001 §3 "Inventory", §7 "Inventory", §9).
// Prices and costs are integer cents; taxPercent a number with at most two decimals; weight in
// kilograms with at most three; stock and reserved whole units, reserved never above stock.

export const ZInventoryCategory = z.object({ id: z.string(), parentId: z.nullable(z.string()), name: z.string(), slug: z.string() });
export type InventoryCategory = z.infer<typeof ZInventoryCategory>;
export const ZInventoryBrand = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type InventoryBrand = z.infer<typeof ZInventoryBrand>;
export const ZInventoryVendor = ZInventoryBrand;
export type InventoryVendor = InventoryBrand;
export const ZInventoryTag = z.object({ id: z.string(), title: z.string() });
export type InventoryTag = z.infer<typeof ZInventoryTag>;

export const ZInventoryProduct = z.object({
  id: z.string(),
  /** The category's id, or null. */
  category: z.nullable(z.string()),
  name: z.string(),
  description: z.string(),
  /** Tag ids. */
  tags: z.array(z.string()),
  sku: z.string(),
  barcode: z.string(),
  brand: z.nullable(z.string()),
  vendor: z.nullable(z.string()),
  stock: z.int(),
  reserved: z.int(),
  /** Cents. */
  cost: z.int(),
  /** Cents, before tax. */
  basePrice: z.int(),
  taxPercent: z.number(),
  /** Cents: basePrice plus its tax, rounded half up to the cent (the server computes it). */
  price: z.int(),
  /** Kilograms. */
  weight: z.number(),
  thumbnail: z.nullable(z.string()),
  images: z.array(z.string()),
  active: z.boolean(),
});
export type InventoryProduct = z.infer<typeof ZInventoryProduct>;

/** Sorting by these compares text; by the others, numbers (spec 001 §7). */
export const INVENTORY_TEXT_SORTS = ['name', 'sku', 'active'] as const;
export const INVENTORY_NUMERIC_SORTS = ['stock', 'reserved', 'cost', 'basePrice', 'taxPercent', 'price', 'weight'] as const;
export const INVENTORY_SORTS = [...INVENTORY_TEXT_SORTS, ...INVENTORY_NUMERIC_SORTS] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];
export const MAX_INVENTORY_PAGE_SIZE = 100;

/**
 * The products list's query. `page` is the index of the page, counted from 0 in the slicing
 * (`startIndex = page × size`); when left out it is 1, as the specification states, so a call
 * without it gets the SECOND page. Clients send `page` always (the web app does: 0 for the first).
 */
export const ZInventoryQuery = z.object({
  search: z.optional(text(120, z.trim())),
  sort: z._default(z.enum(INVENTORY_SORTS), 'name'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
  page: z._default(z.coerce.number().check(z.int('page is a whole number'), z.gte(0, 'page starts at 0'), z.lte(1_000_000, 'page is too large')), 1),
  size: z._default(
    z.coerce
      .number()
      .check(z.int('size is a whole number'), z.gte(1, 'size is at least 1'), z.lte(MAX_INVENTORY_PAGE_SIZE, `size is at most ${MAX_INVENTORY_PAGE_SIZE}`)),
    10,
  ),
});
export type InventoryQuery = z.infer<typeof ZInventoryQuery>;
export type InventoryQueryInput = z.input<typeof ZInventoryQuery>;

export const ZProductPagination = z.object({
  /** How many products match. */
  length: z.int(),
  size: z.int(),
  page: z.int(),
  /** The number of pages, at least 1. */
  lastPage: z.int(),
  /** page × size. */
  startIndex: z.int(),
  /** The index of the page's last product (inclusive). */
  endIndex: z.int(),
});
export type ProductPagination = z.infer<typeof ZProductPagination>;
/** Beyond the last page: no products, and only the last page, so a client can go there. */
export const ZProductPastEnd = z.object({ lastPage: z.int() });

export const ZProductPage = z.object({
  products: z.nullable(z.array(ZInventoryProduct)),
  pagination: z.union([ZProductPagination, ZProductPastEnd]),
});
export type ProductPage = z.infer<typeof ZProductPage>;

/** An uploaded product image: JPEG, PNG or WebP, checked by its bytes, at most this size. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How many images a product keeps. */
export const PRODUCT_IMAGES_MAX = 20;

const ZOptionalUuid = z.nullable(ZUuid);
/** An image's address: a path on this site or an https URL. */
const ZImageUrl = text(500, z.trim(), z.regex(/^(?:\/(?!\/)|https:\/\/)\S*$/, 'Use a path starting with / or an https:// address'));
const ZCentsOrZero = z.int('Use whole cents').check(z.gte(0, 'Use zero or more'), z.lte(MAX_LINE_CENTS, 'The amount is too large'));
const ZUnits = z.int('Use a whole number of units').check(z.gte(0, 'Use zero or more'), z.lte(1_000_000_000, 'Use at most 1,000,000,000'));

/** What a product's PATCH may change; a field left out stays as it is. */
export const ZProductFields = z.strictObject({
  category: z.optional(ZOptionalUuid),
  name: z.optional(requiredText(200, 'The name')),
  description: z.optional(text(5000, z.trim())),
  tags: z.optional(z.array(ZUuid).check(z.maxLength(50, 'Use at most 50 tags'))),
  sku: z.optional(text(64, z.trim())),
  barcode: z.optional(text(64, z.trim())),
  brand: z.optional(ZOptionalUuid),
  vendor: z.optional(ZOptionalUuid),
  stock: z.optional(ZUnits),
  reserved: z.optional(ZUnits),
  cost: z.optional(ZCentsOrZero),
  basePrice: z.optional(ZCentsOrZero),
  taxPercent: z.optional(decimal(2, 100, 'The tax percentage')),
  /** Accepted for clients that send the whole product, and replaced by basePrice plus its tax. */
  price: z.optional(ZCentsOrZero),
  weight: z.optional(decimal(3, 100_000, 'The weight')),
  thumbnail: z.optional(z.nullable(ZImageUrl)),
  images: z.optional(z.array(ZImageUrl).check(z.maxLength(PRODUCT_IMAGES_MAX, `Use at most ${PRODUCT_IMAGES_MAX} images`))),
  active: z.optional(z.boolean()),
});
export type ProductFields = z.input<typeof ZProductFields>;
export type ProductFieldsInput = z.infer<typeof ZProductFields>;
export const ZProductPatchBody = z.strictObject({ id: ZUuid, product: ZProductFields });
export type ProductPatchBody = z.input<typeof ZProductPatchBody>;

/** A product's price: basePrice plus basePrice × taxPercent / 100, rounded half up to the cent, in integers (tax in hundredths of a percent). */
export function priceWithTax(basePriceCents: number, taxHundredths: number): number {
  return Number((BigInt(basePriceCents) * BigInt(10_000 + taxHundredths) + 5_000n) / 10_000n);
}

// Tags, categories, brands and vendors.
export const ZTagFields = z.strictObject({ title: requiredText(60, 'The title') });
export const ZTagCreateBody = z.strictObject({ tag: ZTagFields });
export const ZTagPatchBody = z.strictObject({ id: ZUuid, tag: ZTagFields });
export const ZCategoryFields = z.strictObject({ name: requiredText(120, 'The name'), parentId: z.optional(ZOptionalUuid) });
export const ZCategoryCreateBody = z.strictObject({ category: ZCategoryFields });
export const ZCategoryPatchBody = z.strictObject({ id: ZUuid, category: z.partial(ZCategoryFields) });
export const ZNamedFields = z.strictObject({ name: requiredText(120, 'The name') });
export const ZBrandCreateBody = z.strictObject({ brand: ZNamedFields });
export const ZBrandPatchBody = z.strictObject({ id: ZUuid, brand: ZNamedFields });
export const ZVendorCreateBody = z.strictObject({ vendor: ZNamedFields });
export const ZVendorPatchBody = z.strictObject({ id: ZUuid, vendor: ZNamedFields });

/**
 * A slug from a name, as the specification derives a label's (spec 001 §5): lower case, spaces
 * become hyphens, repeated hyphens collapse, characters other than word characters and hyphens go.
 */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/[^\w-]+/g, '');
}

/** One stock movement of a product: an entry of the books that named it (a purchase adds, a sale takes away). */
export const ZStockMovement = z.object({
  id: z.string(),
  entryId: z.string(),
  entryType: z.enum(['income', 'purchase']),
  date: z.string(),
  /** Units: more than zero in, less than zero out. */
  quantity: z.int(),
});
export type StockMovement = z.infer<typeof ZStockMovement>;
export const ZStockMovementList = z.object({ items: z.array(ZStockMovement) });
export type StockMovementList = z.infer<typeof ZStockMovementList>;
