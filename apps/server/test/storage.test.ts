import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { attachments, contacts, fileItems, inventoryProductImages, inventoryProducts } from '../src/db/schema/index.js';
import { attachmentKeys } from '../src/modules/backup/backup.repository.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

// Issue 27's finish: product images, one storage quota over everything an owner stores, duplicate
// names refused in a folder, the file manager sorted in the reader's language, and the flags.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const FM = '/api/apps/file-manager';
const INV = '/api/apps/ecommerce/inventory';
const png = (fill = 1, size = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size, fill)]);
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x41)]);
const fileForm = (field: string, data: Buffer, name: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([data]), name);
  return f;
};

function helpers(t: TestApp, token: string) {
  const api = (method: Method, url: string, body?: unknown, as = token, headers?: Record<string, string>) => t.api(method, url, { token: as, body, headers });
  return {
    api,
    folder: async (name: string, folderId: string | null = null) => expectOk(await api('POST', `${FM}/folder`, { name, folderId }), 201),
    upload: (data: Buffer, name: string, folderId = 'null', as = token) =>
      t.api('POST', `${FM}/upload`, { token: as, body: fileForm('file', data, name), query: { folderId } }),
    product: async (as = token) => expectOk(await api('POST', `${INV}/product`, undefined, as)),
    addImage: (id: string, data: Buffer, as = token) => t.api('POST', `${INV}/product/image`, { token: as, body: fileForm('image', data, 'p.png', { id }) }),
  };
}

describe('product images', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.bookkeeper()).token;
    other = (await t.bookkeeper()).token;
    h = helpers(t, token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads images checked by their bytes, served by URL under the owner; the first is the thumbnail', async () => {
    const p = await h.product();
    const one = expectOk(await h.addImage(p.id, png(1)));
    expect(one.images).toHaveLength(1);
    // Signed for its owner (test/pictures.test.ts walks who may see it): an <img> sends no bearer token.
    expect(one.images[0]).toMatch(/^\/api\/apps\/ecommerce\/inventory\/images\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?u=[0-9a-f-]{36}&exp=\d+&sig=[\w-]{43}$/);
    expect(one.thumbnail).toBe(one.images[0]);
    const two = expectOk(await h.addImage(p.id, png(2)));
    expect(two.images).toHaveLength(2);
    expect(two.thumbnail).toBe(one.images[0]);
    const got = await t.api('GET', two.images[1]);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.raw.rawPayload.equals(png(2))).toBe(true);
    // The product answers the URLs (the spec's product shape).
    expect(expectOk(await h.api('GET', `${INV}/product?id=${p.id}`))).toMatchObject({ images: two.images, thumbnail: one.images[0] });
    // In the products list too.
    const list = expectOk(await h.api('GET', `${INV}/products?page=0&size=100`));
    expect(list.products.find((x: { id: string }) => x.id === p.id).thumbnail).toBe(one.images[0]);
  });

  it('picks the thumbnail and removes an image (its bytes and row go)', async () => {
    const p = await h.product();
    expectOk(await h.addImage(p.id, png(3)));
    const both = expectOk(await h.addImage(p.id, png(4)));
    const [first, second] = both.images as string[];
    const picked = expectOk(await h.api('PATCH', `${INV}/product`, { id: p.id, product: { thumbnail: second } }));
    expect(picked.thumbnail).toBe(second);
    const kept = expectOk(await h.api('PATCH', `${INV}/product`, { id: p.id, product: { images: [second] } }));
    expect(kept.images).toEqual([second]);
    expect(await t.count(inventoryProductImages, eq(inventoryProductImages.productId, p.id))).toBe(1);
    expect((await t.api('GET', first!)).status).toBe(404);
    expect((await t.api('GET', second!)).status).toBe(200);
    // Deleting the product deletes its images.
    expectOk(await h.api('DELETE', `${INV}/product?id=${p.id}`));
    expect(await t.count(inventoryProductImages, eq(inventoryProductImages.productId, p.id))).toBe(0);
    expect((await t.api('GET', second!)).status).toBe(404);
  });

  it('refuses what is not an image, another owner’s product, no id; writes nothing', async () => {
    const p = await h.product();
    const before = await t.count(inventoryProductImages);
    expectError(await h.addImage(p.id, Buffer.from('<svg onload=alert(1)/>')), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await h.addImage(p.id, pdf(200)), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await h.addImage(p.id, png(), other), 404, 'NOT_FOUND');
    const noId = fileForm('image', png(), 'a.png');
    expectError(await t.api('POST', `${INV}/product/image`, { token, body: noId }), 400, 'VALIDATION');
    expectError(await t.api('POST', `${INV}/product/image`, { body: fileForm('image', png(), 'a.png', { id: p.id }) }), 401, 'UNAUTHORIZED');
    expect(await t.count(inventoryProductImages)).toBe(before);
    expect(expectOk(await h.api('GET', `${INV}/product?id=${p.id}`)).images).toEqual([]);
  });

  it('serves an image only under its own owner', async () => {
    const p = await h.product();
    const url = expectOk(await h.addImage(p.id, png(5))).images[0] as string;
    const [, , , , , , owner, file] = url.split('/');
    const otherOwner = (await t.bookkeeper()).owner.id;
    expect((await t.api('GET', `${INV}/images/${otherOwner}/${file}`)).status).toBe(404);
    expect((await t.api('GET', `${INV}/images/${owner}/not-a-uuid`)).status).toBe(400);
  });

  it('backups carry them', async () => {
    const p = await h.product();
    const url = expectOk(await h.addImage(p.id, png(6))).images[0] as string;
    const key = url.split('?')[0]!.split('/').slice(-2).join('/');
    expect(await attachmentKeys(t.db)).toContain(key);
  });
});

describe('the storage quota counts everything an owner stores', () => {
  it('files, receipts, avatars and product images in one quota, reported by part; 413 STORAGE_FULL for each kind', async () => {
    const q = await createTestApp({ FILES_QUOTA_MB: '1' });
    try {
      const { token, owner } = await q.bookkeeper();
      const h = helpers(q, token);
      const KB = 1024;
      expectOk(await h.upload(pdf(300 * KB), 'doc.pdf'), 201);
      // A receipt.
      const cats = expectOk(await h.api('GET', '/api/categories')).items as { id: string; kind: string }[];
      const e = expectOk(
        await h.api('POST', '/api/entries', { type: 'expense', date: '2025-03-14', amount: 1200, categoryId: cats.find((c) => c.kind === 'expense')!.id }),
        201,
      );
      expectOk(await q.api('POST', `/api/entries/${e.id}/attachments`, { token, body: fileForm('file', png(7, 200 * KB), 'r.png') }), 201);
      // An avatar.
      const c = expectOk(await h.api('POST', '/api/apps/contacts/contact'));
      expectOk(await q.api('POST', '/api/apps/contacts/avatar', { token, body: fileForm('avatar', png(8, 100 * KB), 'a.png', { id: c.id }) }));
      // A product image.
      const p = await h.product();
      expectOk(await h.addImage(p.id, png(9, 150 * KB)));

      const quota = expectOk(await h.api('GET', `${FM}/quota`));
      const parts = { files: 300 * KB, receipts: 200 * KB + 8, avatars: 100 * KB + 8, productImages: 150 * KB + 8 };
      const used = parts.files + parts.receipts + parts.avatars + parts.productImages;
      expect(quota).toEqual({ used, limit: 1024 * KB, left: 1024 * KB - used, maxFileBytes: 25 * 1024 * KB, parts });

      // 274 KB left: each kind of upload that would pass it is refused with the same clear error, writing nothing.
      const counts = async () => [
        await q.count(fileItems, eq(fileItems.ownerId, owner.id)),
        await q.count(attachments, eq(attachments.ownerId, owner.id)),
        await q.count(inventoryProductImages, eq(inventoryProductImages.ownerId, owner.id)),
      ];
      const before = await counts();
      const big = 300 * KB;
      for (const res of [
        await h.upload(pdf(big), 'more.pdf'),
        await q.api('POST', `/api/entries/${e.id}/attachments`, { token, body: fileForm('file', png(1, big), 'r2.png') }),
        await q.api('POST', '/api/apps/contacts/avatar', { token, body: fileForm('avatar', png(2, big + 110 * KB), 'b.png', { id: c.id }) }),
        await h.addImage(p.id, png(3, big)),
      ]) {
        const err = expectError(res, 413, 'STORAGE_FULL');
        expect(err.message).toMatch(/storage is full: .* used \(files, receipts, contact pictures and product images together\), .* left/i);
      }
      expect(await counts()).toEqual(before);
      const [contact] = await q.db.select().from(contacts).where(eq(contacts.id, c.id));
      expect(contact!.avatarSize).toBe(100 * KB + 8);
      // Replacing an avatar counts only the difference: a same-size one fits even when nearly full.
      expectOk(await q.api('POST', '/api/apps/contacts/avatar', { token, body: fileForm('avatar', png(4, 100 * KB), 'c.png', { id: c.id }) }));
      // Removing a product image makes room again.
      expectOk(await h.api('PATCH', `${INV}/product`, { id: p.id, product: { images: [], thumbnail: null } }));
      expect(expectOk(await h.api('GET', `${FM}/quota`)).parts.productImages).toBe(0);
      expect(await q.count(inventoryProducts, eq(inventoryProducts.id, p.id))).toBe(1);
    } finally {
      await q.close();
    }
  });
});

describe('the file manager', () => {
  let t: TestApp;
  let token: string;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.bookkeeper()).token;
    h = helpers(t, token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const png1 = png(1);
  describe('refuses a second item of one name in a folder (409 CONFLICT), whatever its case', () => {
    it('on create folder', async () => {
      const top = await h.folder('Invoices');
      const count = await t.count(fileItems);
      const err = expectError(await h.api('POST', `${FM}/folder`, { name: 'INVOICES', folderId: null }), 409, 'CONFLICT');
      expect(err.message).toBe('A folder named "Invoices" is already in this folder: choose another name');
      expectError(await h.api('POST', `${FM}/folder`, { name: 'receipts', folderId: null }), 409, 'CONFLICT');
      expect(await t.count(fileItems)).toBe(count);
      // The same name elsewhere is fine; and so is a name that differs by an accent.
      await h.folder('Invoices', top.id);
      await h.folder('Invóices');
    });

    it('on upload', async () => {
      const f = await h.folder('Uploads');
      expectOk(await h.upload(png1, 'Logo.png', f.id), 201);
      const count = await t.count(fileItems);
      const err = expectError(await h.upload(png1, 'logo.PNG', f.id), 409, 'CONFLICT');
      expect(err.message).toBe('A file named "Logo.png" is already in this folder: choose another name');
      expect(await t.count(fileItems)).toBe(count);
      // A folder's name counts too.
      await h.folder('Report', f.id);
      expectError(await h.upload(Buffer.from('a,b\n'), 'report', f.id), 409, 'CONFLICT');
    });

    it('on rename', async () => {
      const f = await h.folder('Renames');
      const a = expectOk(await h.upload(png1, 'a.png', f.id), 201);
      expectOk(await h.upload(png1, 'b.png', f.id), 201);
      expectError(await h.api('PATCH', FM, { id: a.id, name: 'B.png' }), 409, 'CONFLICT');
      expect(expectOk(await h.api('GET', `${FM}?folderId=${f.id}`)).files.map((x: { name: string }) => x.name)).toEqual(['a.png', 'b.png']);
      // Its own name in another case is a rename, not a clash.
      expect(expectOk(await h.api('PATCH', FM, { id: a.id, name: 'A.png' })).name).toBe('A.png');
      // At the root, the read-only Receipts folder's name is taken; inside a folder it is free.
      expectError(await h.api('PATCH', FM, { id: f.id, name: 'RECEIPTS' }), 409, 'CONFLICT');
      const sub = await h.folder('Sub', f.id);
      expect(expectOk(await h.api('PATCH', FM, { id: sub.id, name: 'Receipts' })).name).toBe('Receipts');
    });

    it('on move', async () => {
      const from = await h.folder('Move from');
      const to = await h.folder('Move to');
      const moving = expectOk(await h.upload(png1, 'Plan.png', from.id), 201);
      expectOk(await h.upload(png1, 'plan.png', to.id), 201);
      const err = expectError(await h.api('PATCH', FM, { id: moving.id, folderId: to.id }), 409, 'CONFLICT');
      expect(err.message).toMatch(/"plan\.png" is already in this folder/);
      expect(expectOk(await h.api('GET', `${FM}?folderId=${from.id}`)).files.map((x: { id: string }) => x.id)).toEqual([moving.id]);
      // To the root, where a folder of that name is.
      const dup = await h.folder('Move from', to.id);
      expectError(await h.api('PATCH', FM, { id: dup.id, folderId: null }), 409, 'CONFLICT');
    });
  });

  it('sorts folders and files by name in the reader’s language', async () => {
    const f = await h.folder('Collation');
    for (const name of ['nz', 'ña', 'cz', 'çay', 'Ab', 'ab2', 'ab10']) await h.folder(name, f.id);
    for (const name of ['nz.txt', 'ña.txt', 'cz.txt', 'çay.txt']) expectOk(await h.upload(Buffer.from('x\n'), name, f.id), 201);
    const names = async (language: string) => {
      const got = expectOk(await h.api('GET', `${FM}?folderId=${f.id}`, undefined, token, { 'x-language': language }));
      return [got.folders.map((x: { name: string }) => x.name), got.files.map((x: { name: string }) => x.name)];
    };
    // English: ç and ñ are c and n with accents; numbers in names in numeric order.
    expect(await names('en')).toEqual([
      ['Ab', 'ab2', 'ab10', 'çay', 'cz', 'ña', 'nz'],
      ['çay.txt', 'cz.txt', 'ña.txt', 'nz.txt'],
    ]);
    // Spanish: ñ is its own letter after n.
    expect(await names('es')).toEqual([
      ['Ab', 'ab2', 'ab10', 'çay', 'cz', 'nz', 'ña'],
      ['çay.txt', 'cz.txt', 'nz.txt', 'ña.txt'],
    ]);
    // Turkish: ç is its own letter after c.
    expect(await names('tr')).toEqual([
      ['Ab', 'ab2', 'ab10', 'cz', 'çay', 'ña', 'nz'],
      ['cz.txt', 'çay.txt', 'ña.txt', 'nz.txt'],
    ]);
  });
});

describe('country flags', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each country’s flagImagePos is the address of its flag, an SVG this server serves from the flag-icons package', async () => {
    const { token } = await t.ownerToken();
    const list = expectOk(await t.api('GET', '/api/apps/contacts/countries', { token }));
    const es = list.find((c: { iso: string }) => c.iso === 'ES');
    expect(es.flagImagePos).toBe('/api/apps/contacts/flags/es.svg');
    const got = await t.api('GET', es.flagImagePos);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.headers['content-security-policy']).toContain("default-src 'none'");
    const bytes = got.raw.rawPayload.toString('utf8');
    expect(bytes).toContain('<svg');
    const flags = path.join(path.dirname(require.resolve('flag-icons/country.json')), 'flags', '4x3');
    expect(bytes).toBe((await import('node:fs')).readFileSync(path.join(flags, 'es.svg'), 'utf8'));
    // Every country listed has its flag.
    for (const c of list as { iso: string }[]) expect(existsSync(path.join(flags, `${c.iso.toLowerCase()}.svg`)), c.iso).toBe(true);
    expect((await t.api('GET', '/api/apps/contacts/flags/zz.svg')).status).toBe(404);
    expect((await t.api('GET', '/api/apps/contacts/flags/..%2Fx.svg')).status).toBe(400);
  });
});
