import { barePictureUrl } from '../../lib/picture-urls.js';
import {
  ErrorCode,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
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
import { afterCommit, withTransaction, type Db, type Tx } from '../../db/client.js';
import { inventoryBrands, inventoryCategories, inventoryVendors } from '../../db/schema/index.js';
import { AppError, notFound, validation } from '../../lib/errors.js';
import { sniffReceipt, type FileStore } from '../../lib/file-store.js';
import type { Authenticated } from '../auth/index.js';
import type { StorageQuota } from '../files/index.js';
import {
  InventoryRepository,
  type CategoryRow,
  type NamedRow,
  type NamedTable,
  type ProductRow,
  type ProductValues,
  type TagRow,
} from './inventory.repository.js';

/** Where an uploaded product image is served: under its owner, to its owner only, by an address signed for them on the way out (plugins/pictures.ts). */
export const productImageUrl = (key: string) => `/api/apps/ecommerce/inventory/images/${key}`;
const tooManyImages = () =>
  validation(`A product keeps at most ${PRODUCT_IMAGES_MAX} images: remove one first`, [{ path: 'image', message: `At most ${PRODUCT_IMAGES_MAX} images` }]);

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
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly storage: StorageQuota,
  ) {}

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
      // A client sends back the addresses it was given, signed for it: what is kept is the bare path.
      if (patch.thumbnail !== undefined) values.thumbnail = patch.thumbnail === null ? null : barePictureUrl(patch.thumbnail);
      if (patch.images !== undefined) values.images = patch.images.map(barePictureUrl);
      if (patch.active !== undefined) values.active = patch.active;
      // The price follows the base price and the tax; a price sent is replaced by that figure.
      values.price = priceWithTax(values.basePrice ?? before.basePrice, values.taxHundredths ?? before.taxHundredths);
      if (values.images !== undefined || values.thumbnail !== undefined) {
        // An uploaded image neither listed nor the thumbnail any more is deleted, bytes and all (after the commit).
        const kept = new Set<string | null>([...(values.images ?? before.images), values.thumbnail !== undefined ? values.thumbnail : before.thumbnail]);
        await this.dropImages(
          tx,
          repo,
          (await repo.images(id)).filter((img) => !kept.has(productImageUrl(img.storageKey))),
        );
      }
      return toProduct(await repo.updateProduct(id, values));
    });
  }

  /** Deletes the product and its uploaded images (their bytes after the commit). */
  async deleteProduct(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new InventoryRepository(tx, auth.user.id);
      const images = await repo.images(id);
      if (!(await repo.deleteProduct(id))) throw notFound('Product');
      await this.dropImages(tx, repo, images);
      return true as const;
    });
  }

  private async dropImages(tx: Tx, repo: InventoryRepository, images: { id: string; storageKey: string }[]) {
    if (!images.length) return;
    await repo.removeImages(images.map((i) => i.id));
    afterCommit(tx, () => void Promise.all(images.map((i) => this.files.remove(i.storageKey))).catch(() => undefined));
  }

  // Images

  /**
   * Adds an uploaded image to the product: checked by its bytes (JPEG, PNG or WebP), kept in the file
   * store within the owner's storage quota; its URL joins `images`, and becomes the thumbnail when
   * the product has none.
   */
  async addImage(auth: Authenticated, productId: string, data: Buffer): Promise<InventoryProduct> {
    if (data.length > PRODUCT_IMAGE_MAX_BYTES)
      throw new AppError(413, ErrorCode.TOO_LARGE, `The image is larger than ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    const mime = sniffReceipt(data);
    if (!mime || mime === 'application/pdf') throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Use a JPEG, PNG or WebP image');
    const ownerId = auth.user.id;
    // A first look before the bytes are written; the transaction looks again under the owner's lock.
    const current = await this.repo(auth).product(productId);
    if (!current) throw notFound('Product');
    if (current.images.length >= PRODUCT_IMAGES_MAX) throw tooManyImages();
    await this.storage.assertRoom(this.db, ownerId, data.length);
    const key = await this.files.put(ownerId, data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = new InventoryRepository(tx, ownerId);
        await this.storage.lock(tx, ownerId);
        const before = await repo.product(productId, true);
        if (!before) throw notFound('Product');
        if (before.images.length >= PRODUCT_IMAGES_MAX) throw tooManyImages();
        await this.storage.assertRoom(tx, ownerId, data.length);
        await repo.insertImage({ productId, storageKey: key, mime, size: data.length });
        const url = productImageUrl(key);
        return toProduct(await repo.updateProduct(productId, { images: [...before.images, url], thumbnail: before.thumbnail ?? url }));
      });
    } catch (err) {
      await this.files.remove(key);
      throw err;
    }
  }

  /** An uploaded image's bytes and type, by its owner and key (the type read again from the bytes). */
  async image(viewerId: string, ownerId: string, file: string): Promise<{ mime: string; data: Buffer }> {
    const key = `${ownerId}/${file}`;
    // Its owner's only: anyone else is told there is none.
    const row = viewerId === ownerId ? await new InventoryRepository(this.db, ownerId).imageByKey(key) : undefined;
    const data = row ? await this.files.bytes(key).catch(() => undefined) : undefined;
    const mime = data ? sniffReceipt(data) : undefined;
    if (!data || !mime || mime === 'application/pdf') throw notFound('Image');
    return { mime, data };
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
