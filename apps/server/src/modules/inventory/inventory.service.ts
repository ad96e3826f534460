import {
  fromScaled,
  priceWithTax,
  slugOf,
  toScaled,
  type ErrorDetail,
  type InventoryBrand,
  type InventoryCategory,
  type InventoryProduct,
  type InventoryTag,
  type ProductFieldsInput,
  type ProductPage,
  type InventoryQuery,
  type StockMovementList,
} from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { inventoryBrands, inventoryCategories, inventoryVendors } from '../../db/schema/index.js';
import { notFound, validation } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import {
  InventoryRepository,
  type CategoryRow,
  type NamedRow,
  type NamedTable,
  type ProductRow,
  type ProductValues,
  type TagRow,
} from './inventory.repository.js';

export const NEW_PRODUCT_NAME = 'A New Product';
const NAMED = { brands: inventoryBrands, vendors: inventoryVendors } as const;
export type NamedKind = keyof typeof NAMED;

export function toProduct(r: ProductRow): InventoryProduct {
  return {
    id: r.id,
    category: r.categoryId,
    name: r.name,
    description: r.description,
    tags: r.tagIds,
    sku: r.sku,
    barcode: r.barcode,
    brand: r.brandId,
    vendor: r.vendorId,
    stock: r.stock,
    reserved: r.reserved,
    cost: r.cost,
    basePrice: r.basePrice,
    taxPercent: fromScaled(r.taxHundredths, 2),
    price: r.price,
    weight: fromScaled(r.weightGrams, 3),
    thumbnail: r.thumbnail,
    images: r.images,
    active: r.active,
  };
}
const toTag = (r: TagRow): InventoryTag => ({ id: r.id, title: r.title });
const toCategory = (r: CategoryRow): InventoryCategory => ({ id: r.id, parentId: r.parentId, name: r.name, slug: r.slug });
const toNamed = (r: NamedRow): InventoryBrand => ({ id: r.id, name: r.name, slug: r.slug });

/** A slug not yet used in the table: the name's, or with -1, -2 ... after it (spec 001 §5, on creation). */
function freeSlug(base: string, used: Set<string>): string {
  if (!used.has(base)) return base;
  for (let n = 1; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The inventory's rules (spec 001 §7 "Inventory"): every record the signed-in user's own. */
export class InventoryService {
  constructor(private readonly db: Db) {}

  private repo(auth: Authenticated) {
    return new InventoryRepository(this.db, auth.user.id);
  }

  /**
   * The products list as the specification slices it: `page` counts from 0 in the slicing, so
   * startIndex = page × size and endIndex = min(size × (page + 1), length) − 1; lastPage is the
   * number of pages, at least 1; a page beyond lastPage answers `products: null` and only lastPage.
   */
  async products(auth: Authenticated, q: InventoryQuery): Promise<ProductPage> {
    const { rows, length } = await this.repo(auth).page(q);
    const lastPage = Math.max(Math.ceil(length / q.size), 1);
    if (q.page > lastPage) return { products: null, pagination: { lastPage } };
    const begin = q.page * q.size;
    const end = Math.min(q.size * (q.page + 1), length);
    return {
      products: rows.map(toProduct),
      pagination: { length, size: q.size, page: q.page, lastPage, startIndex: begin, endIndex: end - 1 },
    };
  }

  async product(auth: Authenticated, id: string): Promise<InventoryProduct> {
    const row = await this.repo(auth).product(id);
    if (!row) throw notFound('Product');
    return toProduct(row);
  }

  /** A new product named "A New Product", with empty fields, inactive. */
  async createProduct(auth: Authenticated): Promise<InventoryProduct> {
    return toProduct(await this.repo(auth).insertProduct({ name: NEW_PRODUCT_NAME, active: false }));
  }

  /** Merges the fields given into the product; references must be the owner's, reserved never above stock. */
  async updateProduct(auth: Authenticated, id: string, patch: ProductFieldsInput): Promise<InventoryProduct> {
    return withTransaction(this.db, async (tx) => {
      const repo = new InventoryRepository(tx, auth.user.id);
      const before = await repo.product(id, true);
      if (!before) throw notFound('Product');
      const details: ErrorDetail[] = [];
      const fail = (field: string, message: string) => details.push({ path: `product.${field}`, message });
      if (patch.category && !(await repo.category(patch.category))) fail('category', 'No such category');
      if (patch.brand && !(await repo.namedOne(inventoryBrands, patch.brand))) fail('brand', 'No such brand');
      if (patch.vendor && !(await repo.namedOne(inventoryVendors, patch.vendor))) fail('vendor', 'No such vendor');
      let tagIds: string[] | undefined;
      if (patch.tags) {
        tagIds = [...new Set(patch.tags)];
        const own = await repo.ownTagIds(tagIds);
        const missing = tagIds.findIndex((t) => !own.has(t));
        if (missing >= 0) fail(`tags.${patch.tags.indexOf(tagIds[missing]!)}`, 'No such tag');
      }
      const stock = patch.stock ?? before.stock;
      const reserved = patch.reserved ?? before.reserved;
      if (reserved > stock) fail(patch.reserved !== undefined ? 'reserved' : 'stock', `Reserved (${reserved}) cannot be more than the stock (${stock})`);
      if (details.length) throw validation('The product is not valid', details);

      const values: ProductValues = {};
      if (patch.category !== undefined) values.categoryId = patch.category;
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.description !== undefined) values.description = patch.description;
      if (tagIds) values.tagIds = tagIds;
      if (patch.sku !== undefined) values.sku = patch.sku;
      if (patch.barcode !== undefined) values.barcode = patch.barcode;
      if (patch.brand !== undefined) values.brandId = patch.brand;
      if (patch.vendor !== undefined) values.vendorId = patch.vendor;
      if (patch.stock !== undefined) values.stock = patch.stock;
      if (patch.reserved !== undefined) values.reserved = patch.reserved;
      if (patch.cost !== undefined) values.cost = patch.cost;
      if (patch.basePrice !== undefined) values.basePrice = patch.basePrice;
      if (patch.taxPercent !== undefined) values.taxHundredths = toScaled(patch.taxPercent, 2);
      if (patch.weight !== undefined) values.weightGrams = toScaled(patch.weight, 3);
      if (patch.thumbnail !== undefined) values.thumbnail = patch.thumbnail;
      if (patch.images !== undefined) values.images = patch.images;
      if (patch.active !== undefined) values.active = patch.active;
      // The price follows the base price and the tax; a price sent is replaced by that figure.
      values.price = priceWithTax(values.basePrice ?? before.basePrice, values.taxHundredths ?? before.taxHundredths);
      return toProduct(await repo.updateProduct(id, values));
    });
  }

  async deleteProduct(auth: Authenticated, id: string): Promise<true> {
    if (!(await this.repo(auth).deleteProduct(id))) throw notFound('Product');
    return true;
  }

  async movements(auth: Authenticated, productId: string): Promise<StockMovementList> {
    const repo = this.repo(auth);
    if (!(await repo.product(productId))) throw notFound('Product');
    const rows = await repo.movements(productId);
    return { items: rows.map((m) => ({ ...m, entryType: m.entryType as 'income' | 'purchase' })) };
  }

  // Tags

  async tags(auth: Authenticated): Promise<InventoryTag[]> {
    return (await this.repo(auth).tags()).map(toTag);
  }

  async createTag(auth: Authenticated, title: string): Promise<InventoryTag> {
    return toTag(await this.repo(auth).insertTag(title));
  }

  async updateTag(auth: Authenticated, id: string, title: string): Promise<InventoryTag> {
    const row = await this.repo(auth).updateTag(id, title);
    if (!row) throw notFound('Tag');
    return toTag(row);
  }

  /** Deletes the tag and removes it from every product, together. */
  async deleteTag(auth: Authenticated, id: string): Promise<true> {
    const gone = await withTransaction(this.db, (tx) => new InventoryRepository(tx, auth.user.id).deleteTag(id));
    if (!gone) throw notFound('Tag');
    return true;
  }

  // Categories

  async categories(auth: Authenticated): Promise<InventoryCategory[]> {
    return (await this.repo(auth).categories()).map(toCategory);
  }

  async createCategory(auth: Authenticated, body: { name: string; parentId?: string | null }): Promise<InventoryCategory> {
    return withTransaction(this.db, async (tx) => {
      const repo = new InventoryRepository(tx, auth.user.id);
      if (body.parentId && !(await repo.category(body.parentId)))
        throw validation('The category is not valid', [{ path: 'category.parentId', message: 'No such category' }]);
      const base = slugOf(body.name);
      const slug = freeSlug(base, await repo.slugsLike(inventoryCategories, base));
      return toCategory(await repo.insertCategory({ name: body.name, slug, parentId: body.parentId ?? null }));
    });
  }

  async updateCategory(auth: Authenticated, id: string, body: { name?: string; parentId?: string | null }): Promise<InventoryCategory> {
    return withTransaction(this.db, async (tx) => {
      const repo = new InventoryRepository(tx, auth.user.id);
      if (!(await repo.category(id))) throw notFound('Category');
      if (body.parentId) {
        // A parent must be the owner's, and not the category itself or one of its descendants.
        const all = await repo.categories();
        const parentOf = new Map(all.map((c) => [c.id, c.parentId]));
        if (!parentOf.has(body.parentId)) throw validation('The category is not valid', [{ path: 'category.parentId', message: 'No such category' }]);
        for (let at: string | null | undefined = body.parentId; at; at = parentOf.get(at))
          if (at === id) throw validation('The category is not valid', [{ path: 'category.parentId', message: 'A category cannot sit under itself' }]);
      }
      // On rename the slug is derived again, without a uniqueness check (spec 001 §5).
      const values = {
        ...(body.name !== undefined ? { name: body.name, slug: slugOf(body.name) } : {}),
        ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      };
      const row = Object.keys(values).length ? await repo.updateCategory(id, values) : await repo.category(id);
      return toCategory(row!);
    });
  }

  async deleteCategory(auth: Authenticated, id: string): Promise<true> {
    const gone = await withTransaction(this.db, (tx) => new InventoryRepository(tx, auth.user.id).deleteCategory(id));
    if (!gone) throw notFound('Category');
    return true;
  }

  // Brands and vendors

  async named(auth: Authenticated, kind: NamedKind): Promise<InventoryBrand[]> {
    return (await this.repo(auth).named(NAMED[kind])).map(toNamed);
  }

  async createNamed(auth: Authenticated, kind: NamedKind, name: string): Promise<InventoryBrand> {
    const t: NamedTable = NAMED[kind];
    return withTransaction(this.db, async (tx) => {
      const repo = new InventoryRepository(tx, auth.user.id);
      const base = slugOf(name);
      return toNamed(await repo.insertNamed(t, { name, slug: freeSlug(base, await repo.slugsLike(t, base)) }));
    });
  }

  async updateNamed(auth: Authenticated, kind: NamedKind, id: string, name: string): Promise<InventoryBrand> {
    const row = await this.repo(auth).updateNamed(NAMED[kind], id, { name, slug: slugOf(name) });
    if (!row) throw notFound(kind === 'brands' ? 'Brand' : 'Vendor');
    return toNamed(row);
  }

  async deleteNamed(auth: Authenticated, kind: NamedKind, id: string): Promise<true> {
    if (!(await this.repo(auth).deleteNamed(NAMED[kind], id))) throw notFound(kind === 'brands' ? 'Brand' : 'Vendor');
    return true;
  }
}
