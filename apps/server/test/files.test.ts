import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileItems } from '../src/db/schema/index.js';
import { loadConfig } from '../src/config/env.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let token: string;
let ownerId: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.bookkeeper({ name: 'Ana Files' });
  token = a.token;
  ownerId = a.owner.id;
  other = (await t.ownerToken()).token;
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/apps/file-manager';
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });
const list = async (folderId: string, as = token) => expectOk(await t.api('GET', BASE, { token: as, query: { folderId } }));
const folder = async (name: string, folderId: string | null = null, as = token) => expectOk(await api('POST', `${BASE}/folder`, { name, folderId }, as), 201);
const form = (data: Buffer, name: string, type = 'application/octet-stream') => {
  const f = new FormData();
  f.append('file', new Blob([data], { type }), name);
  return f;
};
const upload = (data: Buffer, name: string, folderId = 'null', as = token) =>
  t.api('POST', `${BASE}/upload`, { token: as, body: form(data, name), query: { folderId } });
const pdf = (text = 'hello') => Buffer.from(`%PDF-1.4\n${text}\n%%EOF`);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('the file manager listing (spec 001 §7)', () => {
  it('starts with only the Receipts folder, at the root named by the text null', async () => {
    const fresh = (await t.ownerToken()).token;
    const root = await list('null', fresh);
    expect(root).toEqual({
      folders: [expect.objectContaining({ id: 'receipts', name: 'Receipts', type: 'folder', readOnly: true, folderId: null })],
      files: [],
      path: [],
    });
    // Without folderId: the root too.
    expect(expectOk(await t.api('GET', BASE, { token: fresh })).files).toEqual([]);
  });

  it('lists folders and files each sorted by name, with every field, and the breadcrumb of ancestors', async () => {
    const top = await folder('Zeta contracts');
    await folder('alpha invoices', top.id);
    await folder('Beta', top.id);
    const inner = await folder('2 notes', top.id);
    const deep = await folder('Deepest', inner.id);
    expectOk(await upload(pdf('b'), 'b-invoice.pdf', top.id), 201);
    expectOk(await upload(Buffer.from('a,b\n1,2\n'), 'Accounts.csv', top.id), 201);
    expectOk(await upload(png, 'logo.png', top.id), 201);

    const got = await list(top.id);
    expect(names(got.folders)).toEqual(['2 notes', 'alpha invoices', 'Beta']);
    expect(names(got.files)).toEqual(['Accounts.csv', 'b-invoice.pdf', 'logo.png']);
    expect(got.files.map((f: { type: string }) => f.type)).toEqual(['CSV', 'PDF', 'PNG']);
    expect(got.path.map((p: { id: string }) => p.id)).toEqual([top.id]);
    const file = got.files[1];
    expect(Object.keys(file).sort()).toEqual(
      ['contents', 'createdAt', 'createdBy', 'description', 'folderId', 'id', 'link', 'modifiedAt', 'name', 'readOnly', 'size', 'type'].sort(),
    );
    expect(file).toMatchObject({ folderId: top.id, createdBy: 'Ana Files', size: pdf('b').length, contents: null, description: null, readOnly: false });

    const deepList = await list(deep.id);
    expect(deepList.path.map((p: { name: string }) => p.name)).toEqual(['Zeta contracts', '2 notes', 'Deepest']);
    expect(deepList).toMatchObject({ folders: [], files: [] });
    // A folder's size is everything inside it; contents counts what is directly inside.
    const root = await list('null');
    const zeta = root.folders.find((f: { id: string }) => f.id === top.id);
    expect(zeta).toMatchObject({ contents: 6, type: 'folder', size: pdf('b').length + 'a,b\n1,2\n'.length + png.length });
    expect(names(root.folders)).toEqual([...names(root.folders)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  });

  it('answers 404 for an unknown folder and 400 for one that is not an id', async () => {
    expectError(await t.api('GET', BASE, { token, query: { folderId: '00000000-0000-4000-8000-000000000000' } }), 404, 'NOT_FOUND');
    expectError(await t.api('GET', BASE, { token, query: { folderId: '../etc' } }), 400, 'VALIDATION');
    expectError(await t.api('GET', BASE, {}), 401, 'UNAUTHORIZED');
  });
});

describe('uploads, downloads, rename, move, delete', () => {
  it('keeps a file by its bytes and refuses a disguised one, writing nothing', async () => {
    const before = await t.count(fileItems, eq(fileItems.ownerId, ownerId));
    // An executable named as a PDF.
    expectError(await upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), 'invoice.pdf'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A PNG named as a PDF: the name says another type than the bytes.
    expectError(await upload(png, 'scan.pdf'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Binary bytes with no known type.
    expectError(await upload(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'data.bin'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await t.count(fileItems, eq(fileItems.ownerId, ownerId))).toBe(before);
    expectError(await t.api('POST', `${BASE}/upload`, { token, body: { file: 'x' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('downloads a file with its stored type and name, to its owner only', async () => {
    const f = expectOk(await upload(pdf('download me'), 'Factura año.pdf'), 201);
    const got = await t.api('GET', `${BASE}/download`, { token, query: { id: f.id, download: 1 } });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('attachment;');
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Factura año.pdf')}`);
    expect(Buffer.from(got.raw.rawPayload).equals(pdf('download me'))).toBe(true);
    expectError(await t.api('GET', `${BASE}/download`, { token: other, query: { id: f.id } }), 404, 'NOT_FOUND');
    expectError(await api('PATCH', BASE, { id: f.id, name: 'x.pdf' }, other), 404, 'NOT_FOUND');
    expectError(await t.api('DELETE', BASE, { token: other, query: { id: f.id } }), 404, 'NOT_FOUND');
    expectError(await upload(pdf(), 'x.pdf', f.id), 400, 'VALIDATION');
  });

  it('renames and moves, never into the folder itself or one inside it', async () => {
    const a = await folder('Move A');
    const b = await folder('Move B', a.id);
    const c = await folder('Move C', b.id);
    const f = expectOk(await upload(pdf(), 'memo.pdf', a.id), 201);
    expect(expectOk(await api('PATCH', BASE, { id: f.id, name: 'Memo final.pdf' })).name).toBe('Memo final.pdf');
    const moved = expectOk(await api('PATCH', BASE, { id: f.id, folderId: c.id }));
    expect(moved.folderId).toBe(c.id);
    expect(names((await list(c.id)).files)).toEqual(['Memo final.pdf']);
    expectError(await api('PATCH', BASE, { id: a.id, folderId: a.id }), 409, 'CONFLICT');
    expectError(await api('PATCH', BASE, { id: a.id, folderId: c.id }), 409, 'CONFLICT');
    expectError(await api('PATCH', BASE, { id: a.id, folderId: f.id }), 400, 'VALIDATION');
    expectError(await api('PATCH', BASE, { id: a.id, folderId: 'receipts' }), 409, 'CONFLICT');
    // To the root.
    expect(expectOk(await api('PATCH', BASE, { id: c.id, folderId: null })).folderId).toBeNull();
    expect((await list('null')).folders.some((x: { id: string }) => x.id === c.id)).toBe(true);
    // Another owner's folder is not a place to move into.
    const theirs = await folder('Theirs', null, other);
    expectError(await api('PATCH', BASE, { id: f.id, folderId: theirs.id }), 400, 'VALIDATION');
    expectError(await api('POST', `${BASE}/folder`, { name: 'In theirs', folderId: theirs.id }), 400, 'VALIDATION');
  });

  it('deletes a folder with everything inside it, stored bytes included', async () => {
    const top = await folder('Doomed');
    const mid = await folder('Doomed inner', top.id);
    const f = expectOk(await upload(pdf('gone'), 'gone.pdf', mid.id), 201);
    const [row] = await t.db.select().from(fileItems).where(eq(fileItems.id, f.id));
    expect(row!.storageKey).toBeTruthy();
    expect(expectOk(await t.api('DELETE', BASE, { token, query: { id: top.id } }))).toBe(true);
    expect(await t.count(fileItems, eq(fileItems.id, mid.id))).toBe(0);
    expect(await t.count(fileItems, eq(fileItems.id, f.id))).toBe(0);
    expectError(await t.api('GET', `${BASE}/download`, { token, query: { id: f.id } }), 404, 'NOT_FOUND');
    expectError(await t.api('GET', BASE, { token, query: { folderId: mid.id } }), 404, 'NOT_FOUND');
  });

  it('never shows one owner’s items to another', async () => {
    const mine = await folder('Private');
    expectError(await t.api('GET', BASE, { token: other, query: { folderId: mine.id } }), 404, 'NOT_FOUND');
    expect((await list('null', other)).folders.some((x: { id: string }) => x.id === mine.id)).toBe(false);
  });
});

describe('the storage quota', () => {
  it('answers 413 STORAGE_FULL once the quota would be passed, writing nothing', async () => {
    const q = await createTestApp({ FILES_QUOTA_MB: '1' });
    try {
      const { token: tk, owner } = await q.ownerToken();
      const up = (size: number, name: string) =>
        q.api('POST', `${BASE}/upload`, { token: tk, body: form(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x41)]), name) });
      expectOk(await up(700 * 1024, 'big.pdf'), 201);
      const quota = expectOk(await q.api('GET', `${BASE}/quota`, { token: tk }));
      expect(quota).toEqual({
        used: 700 * 1024,
        limit: 1024 * 1024,
        left: 324 * 1024,
        maxFileBytes: 25 * 1024 * 1024,
        parts: { files: 700 * 1024, receipts: 0, avatars: 0, productImages: 0 },
      });
      const full = expectError(await up(400 * 1024, 'more.pdf'), 413, 'STORAGE_FULL');
      expect(full.message).toMatch(/storage is full/i);
      expect(await q.count(fileItems, eq(fileItems.ownerId, owner.id))).toBe(1);
      expectOk(await up(300 * 1024, 'fits.pdf'), 201);
    } finally {
      await q.close();
    }
  });
});

describe('the Receipts folder', () => {
  it('shows the books’ receipts by year and month, each linking to its entry and downloadable; read-only', async () => {
    const cats = expectOk(await api('GET', '/api/categories')).items as { id: string; kind: string }[];
    const expense = cats.find((c) => c.kind === 'expense')!;
    const e = expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2025-03-14', amount: 1200, categoryId: expense.id, description: 'Toner' }),
      201,
    );
    const receipt = expectOk(await t.api('POST', `/api/entries/${e.id}/attachments`, { token, body: form(png, 'toner.png', 'image/png') }), 201);

    const receipts = await list('receipts');
    expect(receipts.path.map((p: { id: string }) => p.id)).toEqual(['receipts']);
    expect(receipts.folders).toEqual([expect.objectContaining({ id: 'receipts:2025', name: '2025', folderId: 'receipts', readOnly: true, contents: 1 })]);
    const year = await list('receipts:2025');
    expect(year.folders).toEqual([expect.objectContaining({ id: 'receipts:2025-03', name: '2025-03', contents: 1, size: png.length })]);
    const month = await list('receipts:2025-03');
    expect(month.path.map((p: { id: string }) => p.id)).toEqual(['receipts', 'receipts:2025', 'receipts:2025-03']);
    expect(month.files).toEqual([
      expect.objectContaining({
        id: `receipt:${receipt.id}`,
        name: 'toner.png',
        type: 'PNG',
        readOnly: true,
        link: expect.stringContaining('/user/dailyoperationalexpenses?year=2025&month=3'),
      }),
    ]);
    const got = await t.api('GET', `${BASE}/download`, { token, query: { id: `receipt:${receipt.id}` } });
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.from(got.raw.rawPayload).equals(png)).toBe(true);

    expectError(await api('PATCH', BASE, { id: 'receipts', name: 'Mine' }), 409, 'CONFLICT');
    expectError(await api('PATCH', BASE, { id: `receipt:${receipt.id}`, name: 'x.png' }), 409, 'CONFLICT');
    expectError(await t.api('DELETE', BASE, { token, query: { id: 'receipts' } }), 409, 'CONFLICT');
    expectError(await t.api('DELETE', BASE, { token, query: { id: 'receipts:2025' } }), 409, 'CONFLICT');
    expectError(await api('POST', `${BASE}/folder`, { name: 'Sneaky', folderId: 'receipts' }), 409, 'CONFLICT');
    expectError(await upload(pdf(), 'in.pdf', 'receipts:2025-03'), 409, 'CONFLICT');
    const mine = await folder('Movable');
    expectError(await api('PATCH', BASE, { id: mine.id, folderId: 'receipts:2025' }), 409, 'CONFLICT');

    // Another owner sees none of it.
    expect((await list('receipts', other)).folders).toEqual([]);
    expectError(await t.api('GET', BASE, { token: other, query: { folderId: 'receipts:2025' } }), 404, 'NOT_FOUND');
    expectError(await t.api('GET', `${BASE}/download`, { token: other, query: { id: `receipt:${receipt.id}` } }), 404, 'NOT_FOUND');
  });
});

describe('the icon sets (spec 001 §7)', () => {
  const sets = [
    ['feather', 'feather', 'icon-size-6', 'activity'],
    ['heroicons-outline', 'heroicons_outline', 'icon-size-6', 'academic-cap'],
    ['heroicons-solid', 'heroicons_solid', 'icon-size-6', 'archive-box'],
    ['heroicons-mini', 'heroicons_mini', 'icon-size-5', 'bars-3'],
    ['material-solid', 'mat_solid', 'icon-size-6', 'home'],
    ['material-outline', 'mat_outline', 'icon-size-6', 'delete'],
    ['material-twotone', '', 'icon-size-6', 'account-circle'],
  ] as const;
  it.each(sets)('%s: namespace, grid and the real names', async (set, namespace, grid, known) => {
    const got = expectOk(await api('GET', `/api/ui/icons/${set}`));
    expect(got).toMatchObject({ namespace, grid });
    expect(typeof got.name).toBe('string');
    expect(got.list).toContain(known);
    expect(got.list.length).toBeGreaterThan(200);
    expect(got.list).toEqual([...got.list].sort());
    // No variant prefixes or suffixes left in the names.
    expect(got.list.some((n: string) => /^(baseline|outline|twotone)-|-solid$/.test(n))).toBe(false);
  });
  it('answers 404 with the error shape for an unknown set', async () => {
    expectError(await api('GET', '/api/ui/icons/fontawesome'), 404, 'NOT_FOUND');
    expectError(await api('GET', '/api/ui/icons/fontawesome/svg?names=home'), 404, 'NOT_FOUND');
    expectError(await t.api('GET', '/api/ui/icons/feather'), 401, 'UNAUTHORIZED');
  });
  it('draws the icons the screen asks for, from the package, leaving unknown names out', async () => {
    const got = expectOk(await api('GET', '/api/ui/icons/material-twotone/svg?names=account-circle,home,no-such-icon'));
    expect(Object.keys(got.icons).sort()).toEqual(['account-circle', 'home']);
    expect(got.icons.home).toMatchObject({ width: 24, height: 24, body: expect.stringContaining('<path') });
    const mini = expectOk(await api('GET', '/api/ui/icons/heroicons-mini/svg?names=bars-3'));
    expect(mini.icons['bars-3']).toMatchObject({ width: 20, height: 20 });
    const many = Array.from({ length: 201 }, (_, i) => `x${i}`).join(',');
    expectError(await api('GET', `/api/ui/icons/feather/svg?names=${many}`), 400, 'VALIDATION');
  });
});

describe('API_DELAY_MS', () => {
  it('defaults to 0 and delays every API answer when set', async () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).apiDelayMs).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), API_DELAY_MS: '-5' })).toThrow(/API_DELAY_MS/);
    const slow = await createTestApp({ API_DELAY_MS: '400' });
    try {
      const started = performance.now();
      expect((await slow.api('GET', '/api/health')).status).toBeLessThan(600);
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
      const fastStart = performance.now();
      await t.api('GET', '/api/health');
      expect(performance.now() - fastStart).toBeLessThan(390);
    } finally {
      await slow.close();
    }
  });
});
