import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, inventoryProducts, stockMovements } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let token: string;
let other: string;
const INV = '/api/apps/ecommerce/inventory';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.bookkeeper()).token;
  other = (await t.bookkeeper()).token;
});
afterAll(async () => {
  await t?.close();
});

/** A product of `as`, made by POST and set by PATCH. */
async function product(fields: Record<string, unknown>, as = token) {
  const made = expectOk(await api('POST', `${INV}/product`, undefined, as));
  return expectOk(await api('PATCH', `${INV}/product`, { id: made.id, product: fields }, as));
}
const page = async (query: string, as = token) => expectOk(await api('GET', `${INV}/products${query}`, undefined, as));

describe('a new account', () => {
  it('starts empty: no products, categories, brands, vendors or tags', async () => {
    const fresh = (await t.ownerToken()).token;
    for (const list of ['categories', 'brands', 'vendors', 'tags']) expect(expectOk(await api('GET', `${INV}/${list}`, undefined, fresh))).toEqual([]);
    // Page 0 of nothing: one (empty) page.
    expect(await page('?page=0', fresh)).toEqual({ products: [], pagination: { length: 0, size: 10, page: 0, lastPage: 1, startIndex: 0, endIndex: -1 } });
  });

  it('needs a session, but no paid plan', async () => {
    expectError(await t.api('GET', `${INV}/products`), 401, 'UNAUTHORIZED');
    const free = (await t.freeOwnerToken()).token;
    expect(expectOk(await api('POST', `${INV}/product`, undefined, free)).name).toBe('A New Product');
  });
});

describe('a product', () => {
  it('is made as "A New Product" with empty fields, inactive', async () => {
    const made = expectOk(await api('POST', `${INV}/product`));
    expect(made).toEqual({
      id: expect.any(String),
      category: null,
      name: 'A New Product',
      description: '',
      tags: [],
      sku: '',
      barcode: '',
      brand: null,
      vendor: null,
      stock: 0,
      reserved: 0,
      cost: 0,
      basePrice: 0,
      taxPercent: 0,
      price: 0,
      weight: 0,
      thumbnail: null,
      images: [],
      active: false,
    });
    expect(expectOk(await api('GET', `${INV}/product?id=${made.id}`))).toEqual(made);
  });

  it('merges a PATCH, keeps money in cents and the tax exactly, and prices it with its tax', async () => {
    const p = await product({ name: 'Harina 25 kg', sku: 'HAR-25', stock: 40, reserved: 5, cost: 1850, basePrice: 2999, taxPercent: 18.25, weight: 25.5 });
    expect(p).toMatchObject({ name: 'Harina 25 kg', sku: 'HAR-25', stock: 40, reserved: 5, cost: 1850, basePrice: 2999, taxPercent: 18.25, weight: 25.5 });
    // 2999 × 1.1825 = 3546.3175 → 3546; a price sent is replaced.
    expect(p.price).toBe(3546);
    const merged = expectOk(await api('PATCH', `${INV}/product`, { id: p.id, product: { description: 'Harina de trigo', price: 1, active: true } }));
    expect(merged).toMatchObject({ name: 'Harina 25 kg', description: 'Harina de trigo', price: 3546, active: true, stock: 40 });
    // Half up: 100 × 1.005 = 100.5 → 101.
    expect(expectOk(await api('PATCH', `${INV}/product`, { id: p.id, product: { basePrice: 100, taxPercent: '0.5' } })).price).toBe(101);
  });

  it('refuses reserved above the stock, a bad number, an unknown field, and writes nothing', async () => {
    const p = await product({ name: 'Azúcar', stock: 10, reserved: 2 });
    const refused = expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { reserved: 11, name: 'Changed' } }), 400, 'VALIDATION', {
      paths: ['product.reserved'],
    });
    expect(refused.details![0]!.message).toMatch(/Reserved \(11\) cannot be more than the stock \(10\)/);
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { stock: 1 } }), 400, 'VALIDATION', { paths: ['product.stock'] });
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { taxPercent: 18.123 } }), 400, 'VALIDATION');
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { cost: 10.5 } }), 400, 'VALIDATION');
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { stock: -1 } }), 400, 'VALIDATION');
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { colour: 'red' } }), 400, 'VALIDATION');
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { thumbnail: 'javascript:alert(1)' } }), 400, 'VALIDATION');
    expect(expectOk(await api('GET', `${INV}/product?id=${p.id}`))).toMatchObject({ name: 'Azúcar', stock: 10, reserved: 2 });
  });

  it('takes categories, brands, vendors and tags of the owner only', async () => {
    const cat = expectOk(await api('POST', `${INV}/category`, { category: { name: 'Harinas' } }));
    const brand = expectOk(await api('POST', `${INV}/brand`, { brand: { name: 'Molinos del Sur' } }));
    const vendor = expectOk(await api('POST', `${INV}/vendor`, { vendor: { name: 'Distribuidora Central' } }));
    const tag = expectOk(await api('POST', `${INV}/tag`, { tag: { title: 'Bulk' } }));
    const p = await product({ name: 'Harina integral', category: cat.id, brand: brand.id, vendor: vendor.id, tags: [tag.id] });
    expect(p).toMatchObject({ category: cat.id, brand: brand.id, vendor: vendor.id, tags: [tag.id] });
    const theirTag = expectOk(await api('POST', `${INV}/tag`, { tag: { title: 'Theirs' } }, other));
    const theirCat = expectOk(await api('POST', `${INV}/category`, { category: { name: 'Theirs' } }, other));
    expectError(await api('PATCH', `${INV}/product`, { id: p.id, product: { tags: [tag.id, theirTag.id], category: theirCat.id } }), 400, 'VALIDATION', {
      paths: ['product.category', 'product.tags.1'],
    });
    expect(expectOk(await api('GET', `${INV}/product?id=${p.id}`))).toMatchObject({ category: cat.id, tags: [tag.id] });
  });

  it('is deleted with DELETE ?id=, answering true', async () => {
    const p = await product({ name: 'Temporary' });
    expect(expectOk(await api('DELETE', `${INV}/product?id=${p.id}`))).toBe(true);
    expectError(await api('GET', `${INV}/product?id=${p.id}`), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `${INV}/product?id=${p.id}`), 404, 'NOT_FOUND');
  });
});

describe('the products list', () => {
  let owner: string;
  beforeAll(async () => {
    owner = (await t.ownerToken()).token;
    // 25 products: names whose text order differs from their numbers' order.
    for (let i = 1; i <= 25; i++) await product({ name: `Item ${i}`, sku: `S-${26 - i}`, stock: i * 7, basePrice: (i % 5) * 100, active: i % 2 === 0 }, owner);
  });

  it('answers page 1 (the second slice) when no page is given, sorted by name ascending, 10 a page', async () => {
    const res = await page('', owner);
    expect(res.pagination).toEqual({ length: 25, size: 10, page: 1, lastPage: 3, startIndex: 10, endIndex: 19 });
    const all = (await page('?page=0&size=25', owner)).products.map((p: { name: string }) => p.name);
    expect(res.products.map((p: { name: string }) => p.name)).toEqual(all.slice(10, 20));
    // Text: "ITEM 1" < "ITEM 10" < ... < "ITEM 19" < "ITEM 2" < "ITEM 20".
    expect(all.slice(0, 4)).toEqual(['Item 1', 'Item 10', 'Item 11', 'Item 12']);
  });

  it('slices from 0, gives the last page in part, an empty one at lastPage and null beyond it', async () => {
    expect((await page('?page=0', owner)).pagination).toEqual({ length: 25, size: 10, page: 0, lastPage: 3, startIndex: 0, endIndex: 9 });
    const last = await page('?page=2', owner);
    expect(last.pagination).toEqual({ length: 25, size: 10, page: 2, lastPage: 3, startIndex: 20, endIndex: 24 });
    expect(last.products).toHaveLength(5);
    const atLastPage = await page('?page=3', owner);
    expect(atLastPage).toEqual({ products: [], pagination: { length: 25, size: 10, page: 3, lastPage: 3, startIndex: 30, endIndex: 24 } });
    expect(await page('?page=4', owner)).toEqual({ products: null, pagination: { lastPage: 3 } });
    expect(await page('?page=99&size=50', owner)).toEqual({ products: null, pagination: { lastPage: 1 } });
    expect((await page('?page=0&size=7', owner)).pagination).toEqual({ length: 25, size: 7, page: 0, lastPage: 4, startIndex: 0, endIndex: 6 });
  });

  it('sorts sku, name and active as text and the others as numbers, either way', async () => {
    const names = async (q: string) => (await page(`?page=0&size=25&${q}`, owner)).products.map((p: { name: string }) => p.name);
    const stocks = (await page('?page=0&size=25&sort=stock', owner)).products.map((p: { stock: number }) => p.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.slice(0, 3)).toEqual([7, 14, 21]);
    expect((await page('?page=0&size=3&sort=stock&order=desc', owner)).products.map((p: { stock: number }) => p.stock)).toEqual([175, 168, 161]);
    // sku as text: "S-1" < "S-10" < "S-11" ...; Item 25 has S-1, Item 16 has S-10.
    expect((await names('sort=sku')).slice(0, 2)).toEqual(['Item 25', 'Item 16']);
    // active as text: FALSE before TRUE; ties by name.
    const byActive = await names('sort=active');
    expect(byActive.slice(0, 2)).toEqual(['Item 1', 'Item 11']);
    expect(byActive.at(-1)).toBe('Item 8');
    expect((await names('sort=name&order=desc')).slice(0, 2)).toEqual(['Item 9', 'Item 8']);
    // Numeric with ties: basePrice 0 first (5, 10, 15, 20, 25), by name.
    expect((await names('sort=basePrice')).slice(0, 5)).toEqual(['Item 10', 'Item 15', 'Item 20', 'Item 25', 'Item 5']);
    expectError(await api('GET', `${INV}/products?sort=colour`, undefined, owner), 400, 'VALIDATION');
    expectError(await api('GET', `${INV}/products?page=-1`, undefined, owner), 400, 'VALIDATION');
    expectError(await api('GET', `${INV}/products?size=0`, undefined, owner), 400, 'VALIDATION');
  });

  it('searches the name, case-insensitive, contains, with LIKE characters taken literally', async () => {
    const res = await page('?page=0&search=TEM 2', owner);
    expect(res.products.map((p: { name: string }) => p.name)).toEqual(['Item 2', 'Item 20', 'Item 21', 'Item 22', 'Item 23', 'Item 24', 'Item 25']);
    expect(res.pagination).toEqual({ length: 7, size: 10, page: 0, lastPage: 1, startIndex: 0, endIndex: 6 });
    expect((await page('?page=0&search=%25', owner)).products).toEqual([]);
    expect((await page('?page=0&search=S-1', owner)).products).toEqual([]);
  });
});

describe('tags, categories, brands and vendors', () => {
  it('deleting a tag removes it from every product', async () => {
    const a = expectOk(await api('POST', `${INV}/tag`, { tag: { title: 'Seasonal' } }));
    const b = expectOk(await api('POST', `${INV}/tag`, { tag: { title: 'Organic' } }));
    expect(expectOk(await api('PATCH', `${INV}/tag`, { id: a.id, tag: { title: 'Season' } }))).toEqual({ id: a.id, title: 'Season' });
    const p1 = await product({ name: 'Pan', tags: [a.id, b.id] });
    const p2 = await product({ name: 'Bollo', tags: [a.id] });
    expect(expectOk(await api('DELETE', `${INV}/tag?id=${a.id}`))).toBe(true);
    expect(expectOk(await api('GET', `${INV}/product?id=${p1.id}`)).tags).toEqual([b.id]);
    expect(expectOk(await api('GET', `${INV}/product?id=${p2.id}`)).tags).toEqual([]);
    expect(expectOk(await api('GET', `${INV}/tags`)).map((x: { id: string }) => x.id)).not.toContain(a.id);
    expectError(await api('DELETE', `${INV}/tag?id=${a.id}`), 404, 'NOT_FOUND');
    expectError(await api('POST', `${INV}/tag`, { tag: { title: '' } }), 400, 'VALIDATION');
  });

  it('derive slugs from names, with -1, -2 on creation and none on rename', async () => {
    const owner = (await t.ownerToken()).token;
    const b1 = expectOk(await api('POST', `${INV}/brand`, { brand: { name: 'Molino  Rojo!' } }, owner));
    const b2 = expectOk(await api('POST', `${INV}/brand`, { brand: { name: 'Molino Rojo' } }, owner));
    const b3 = expectOk(await api('POST', `${INV}/brand`, { brand: { name: 'molino rojo' } }, owner));
    expect([b1.slug, b2.slug, b3.slug]).toEqual(['molino-rojo', 'molino-rojo-1', 'molino-rojo-2']);
    expect(expectOk(await api('PATCH', `${INV}/brand`, { id: b3.id, brand: { name: 'Molino Rojo' } }, owner))).toEqual({
      id: b3.id,
      name: 'Molino Rojo',
      slug: 'molino-rojo',
    });
    const v = expectOk(await api('POST', `${INV}/vendor`, { vendor: { name: 'Mayorista Norte' } }, owner));
    expect(v).toEqual({ id: v.id, name: 'Mayorista Norte', slug: 'mayorista-norte' });
    expect(expectOk(await api('GET', `${INV}/vendors`, undefined, owner))).toEqual([v]);
    const parent = expectOk(await api('POST', `${INV}/category`, { category: { name: 'Panadería' } }, owner));
    const child = expectOk(await api('POST', `${INV}/category`, { category: { name: 'Pan dulce', parentId: parent.id } }, owner));
    expect(child).toEqual({ id: child.id, parentId: parent.id, name: 'Pan dulce', slug: 'pan-dulce' });
    expect(parent.slug).toBe('panadera');
    expectError(await api('PATCH', `${INV}/category`, { id: parent.id, category: { parentId: child.id } }, owner), 400, 'VALIDATION');
    const p = await product({ name: 'Concha', category: child.id, brand: b1.id }, owner);
    expect(expectOk(await api('DELETE', `${INV}/category?id=${parent.id}`, undefined, owner))).toBe(true);
    expect(expectOk(await api('GET', `${INV}/categories`, undefined, owner))).toEqual([{ ...child, parentId: null }]);
    expect(expectOk(await api('DELETE', `${INV}/brand?id=${b1.id}`, undefined, owner))).toBe(true);
    expect(expectOk(await api('GET', `${INV}/product?id=${p.id}`, undefined, owner))).toMatchObject({ category: child.id, brand: null });
  });
});

describe("another owner's inventory", () => {
  it('answers 404 and never appears in a list or a search', async () => {
    const mine = await product({ name: 'Secret flour' });
    const tag = expectOk(await api('POST', `${INV}/tag`, { tag: { title: 'Mine' } }));
    const brand = expectOk(await api('POST', `${INV}/brand`, { brand: { name: 'Mine' } }));
    expectError(await api('GET', `${INV}/product?id=${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', `${INV}/product`, { id: mine.id, product: { name: 'x' } }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `${INV}/product?id=${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('GET', `${INV}/product/movements?id=${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', `${INV}/tag`, { id: tag.id, tag: { title: 'x' } }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `${INV}/tag?id=${tag.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `${INV}/brand?id=${brand.id}`, undefined, other), 404, 'NOT_FOUND');
    expect((await page('?page=0&search=secret', other)).products).toEqual([]);
    expect(expectOk(await api('GET', `${INV}/tags`, undefined, other)).map((x: { id: string }) => x.id)).not.toContain(tag.id);
    expect(expectOk(await api('GET', `${INV}/product?id=${mine.id}`)).name).toBe('Secret flour');
  });
});

describe('stock moves with the books', () => {
  let cats: { id: string; name: string; kind: string }[];
  const catOf = (kind: string) => cats.find((c) => c.kind === kind)!.id;
  beforeAll(async () => {
    cats = expectOk(await api('GET', '/api/categories')).items;
  });
  const stockOf = async (id: string) => expectOk(await api('GET', `${INV}/product?id=${id}`)).stock as number;
  const purchase = (productId: string, quantity: unknown, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/entries', {
      type: 'purchase',
      date: '2026-05-04',
      categoryId: catOf('cost_of_goods'),
      inventoryProductId: productId,
      quantity,
      unitCost: 1850,
      ...extra,
    });
  const sale = (productId: string, quantity: unknown, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/entries', {
      type: 'income',
      date: '2026-05-06',
      amount: 4500,
      categoryId: catOf('income'),
      inventoryProductId: productId,
      quantity,
      ...extra,
    });

  it('a purchase adds its quantity, a sale takes it away, each recorded with its entry', async () => {
    const flour = await product({ name: 'Flour sack', stock: 4, reserved: 2 });
    const bought = expectOk(await purchase(flour.id, 10), 201);
    expect(bought).toMatchObject({ inventoryProductId: flour.id, quantity: 10, amount: 18500 });
    expect(await stockOf(flour.id)).toBe(14);
    const sold = expectOk(await sale(flour.id, 3), 201);
    expect(sold).toMatchObject({ inventoryProductId: flour.id, quantity: 3, amount: 4500 });
    expect(await stockOf(flour.id)).toBe(11);
    expect(expectOk(await api('GET', `${INV}/product/movements?id=${flour.id}`)).items).toEqual([
      { id: expect.any(String), entryId: sold.id, entryType: 'income', date: '2026-05-06', quantity: -3 },
      { id: expect.any(String), entryId: bought.id, entryType: 'purchase', date: '2026-05-04', quantity: 10 },
    ]);

    // Editing moves the difference; changing the product moves both.
    expectOk(await api('PATCH', `/api/entries/${sold.id}`, { quantity: 5 }));
    expect(await stockOf(flour.id)).toBe(9);
    const sugar = await product({ name: 'Sugar sack', stock: 6 });
    expectOk(await api('PATCH', `/api/entries/${sold.id}`, { inventoryProductId: sugar.id }));
    expect([await stockOf(flour.id), await stockOf(sugar.id)]).toEqual([14, 1]);
    // Clearing the product (and its quantity) gives the stock back.
    expectOk(await api('PATCH', `/api/entries/${sold.id}`, { inventoryProductId: null, quantity: null }));
    expect(await stockOf(sugar.id)).toBe(6);
    expect(expectOk(await api('GET', `${INV}/product/movements?id=${sugar.id}`)).items).toEqual([]);

    // Deleting an entry moves its stock back.
    expectOk(await api('PATCH', `/api/entries/${sold.id}`, { inventoryProductId: flour.id, quantity: 2 }));
    expect(await stockOf(flour.id)).toBe(12);
    expect(expectOk(await api('DELETE', `/api/entries/${sold.id}`))).toBe(true);
    expect(await stockOf(flour.id)).toBe(14);
    expect(expectOk(await api('DELETE', `/api/entries/${bought.id}`))).toBe(true);
    expect(await stockOf(flour.id)).toBe(4);
    expect(expectOk(await api('GET', `${INV}/product/movements?id=${flour.id}`)).items).toEqual([]);
  });

  it('refuses a sale or a change that would leave less stock than reserved, and writes nothing', async () => {
    const p = await product({ name: 'Yeast', stock: 5, reserved: 2 });
    const entriesBefore = await t.count(entries);
    const movementsBefore = await t.count(stockMovements);
    const refused = expectError(await sale(p.id, 4), 400, 'VALIDATION', { paths: ['quantity'] });
    expect(refused.details![0]!.message).toMatch(/5 in stock and 2 reserved/);
    expect(await t.count(entries)).toBe(entriesBefore);
    expect(await t.count(stockMovements)).toBe(movementsBefore);
    expect(await stockOf(p.id)).toBe(5);

    const bought = expectOk(await purchase(p.id, 10), 201);
    const sold = expectOk(await sale(p.id, 12), 201);
    expect(await stockOf(p.id)).toBe(3);
    // Deleting the purchase would leave -7.
    expectError(await api('DELETE', `/api/entries/${bought.id}`), 409, 'CONFLICT');
    expectError(await api('PATCH', `/api/entries/${bought.id}`, { quantity: 8 }), 400, 'VALIDATION', { paths: ['quantity'] });
    expect(await stockOf(p.id)).toBe(3);
    expect(expectOk(await api('GET', `/api/entries/${bought.id}`)).quantity).toBe(10);
    // A batch: one bad line and nothing is written.
    const batch = await api('POST', '/api/entries/batch', {
      entries: [
        { type: 'income', date: '2026-05-07', amount: 100, categoryId: catOf('income'), inventoryProductId: p.id, quantity: 1 },
        { type: 'income', date: '2026-05-07', amount: 100, categoryId: catOf('income'), inventoryProductId: p.id, quantity: 1 },
      ],
    });
    expectError(batch, 400, 'VALIDATION', { paths: ['entries.0.quantity'] });
    expect(await stockOf(p.id)).toBe(3);
    expect(expectOk(await api('DELETE', `/api/entries/${sold.id}`))).toBe(true);
    expect(await stockOf(p.id)).toBe(15);
  });

  it('takes whole units of the owner’s own product, on a purchase or an income only', async () => {
    const p = await product({ name: 'Butter', stock: 10 });
    const before = await t.count(entries);
    expectError(await sale(p.id, 1.5), 400, 'VALIDATION', { paths: ['quantity'] });
    expectError(await sale(p.id, null), 400, 'VALIDATION', { paths: ['quantity'] });
    expectError(
      await api('POST', '/api/entries', { type: 'expense', date: '2026-05-06', amount: 100, categoryId: catOf('expense'), inventoryProductId: p.id }),
      400,
      'VALIDATION',
      { paths: ['inventoryProductId'] },
    );
    const theirs = await product({ name: 'Their butter', stock: 10 }, other);
    expectError(await sale(theirs.id, 1), 400, 'VALIDATION', { paths: ['inventoryProductId'] });
    expectError(await sale(crypto.randomUUID(), 1), 400, 'VALIDATION', { paths: ['inventoryProductId'] });
    // An income without a product takes no quantity, as before.
    expectError(
      await api('POST', '/api/entries', { type: 'income', date: '2026-05-06', amount: 100, categoryId: catOf('income'), quantity: 2 }),
      400,
      'VALIDATION',
      {
        paths: ['quantity'],
      },
    );
    expect(await t.count(entries)).toBe(before);
    expect(await stockOf(p.id)).toBe(10);
    expect(expectOk(await api('GET', `${INV}/product?id=${theirs.id}`, undefined, other)).stock).toBe(10);
  });

  it('a deleted product leaves its entries, unlinked', async () => {
    const p = await product({ name: 'Short-lived' });
    const bought = expectOk(await purchase(p.id, 3), 201);
    expect(expectOk(await api('DELETE', `${INV}/product?id=${p.id}`))).toBe(true);
    expect(expectOk(await api('GET', `/api/entries/${bought.id}`))).toMatchObject({ inventoryProductId: null, quantity: 3 });
    expect(await t.count(inventoryProducts)).toBeGreaterThan(0);
  });
});
