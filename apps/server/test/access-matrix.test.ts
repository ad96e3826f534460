import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

/**
 * Walks every route the server registers (from its own OpenAPI document, so a new route is walked
 * the day it is added) as: nobody, a free-plan owner, an owner who is not an administrator, and an
 * owner who reaches for another owner's records.
 */
let t: TestApp;
let doc: { paths: Record<string, Record<string, { tags?: string[] }>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = expectOk(await t.api('GET', '/api/docs/json'));
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const BOOK_TAGS = ['registries', 'entries', 'trips', 'periods', 'reports', 'audit', 'chart', 'onboarding', 'finance', 'project'];
/** Routes anyone may call: signing in and up, health, the country flags an <img> loads, the trial a sign-up gets. */
const isPublic = (path: string) =>
  /^\/api\/(health|plans\/trial$|auth\/(sign-up|sign-in|sign-in\/mfa|sign-in\/mfa-setup|sign-in\/mfa-enable|sign-in-with-token|confirm-email|resend-confirmation|forgot-password|reset-password|unlock-session)$|apps\/contacts\/flags\/)/.test(
    path,
  ) ||
  path.startsWith('/api/health') ||
  path.startsWith('/api/docs');
/**
 * The pictures an <img> loads (users' and contacts' avatars, product and note images): an <img> sends
 * no token, so they take a signed address instead, and answer 404, not 401, to anyone who proves
 * nothing (test/pictures.test.ts walks each kind as a stranger, another owner and the owner).
 */
const isPicture = (path: string) => /^\/api\/(avatars\/|apps\/contacts\/avatars\/|apps\/ecommerce\/inventory\/images\/|apps\/notes\/images\/)/.test(path);

function routes() {
  const out: { method: Method; path: string; tags: string[] }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'patch', 'delete', 'put'].includes(method)) continue;
      out.push({ method: method.toUpperCase() as Method, path, tags: op.tags ?? [] });
    }
  }
  return out;
}

const fill = (path: string, id = '00000000-0000-4000-8000-00000000ffff') => path.replace('{id}', id).replace('{year}', '2026').replace('{month}', '1');
const bodyFor = (method: Method) => (method === 'POST' || method === 'PATCH' || method === 'PUT' ? {} : undefined);

describe('the access matrix', () => {
  it('walks a real set of routes', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((r) => r.tags.some((tag) => BOOK_TAGS.includes(tag))).length).toBeGreaterThan(35);
  });

  it('answers 401 UNAUTHORIZED to anonymous callers on every route that is not public', async () => {
    for (const r of routes().filter((x) => !isPublic(x.path) && !isPicture(x.path))) {
      const res = await t.api(r.method, fill(r.path), { body: bodyFor(r.method) });
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(401);
      expectError(res, 401, 'UNAUTHORIZED');
    }
  });

  it('answers 404 NOT_FOUND to anonymous callers on every picture, the bare address telling nothing', async () => {
    const pictures = routes().filter((x) => isPicture(x.path));
    expect(pictures.map((r) => r.path).sort()).toEqual([
      '/api/apps/contacts/avatars/{owner}/{file}',
      '/api/apps/ecommerce/inventory/images/{owner}/{file}',
      '/api/apps/notes/images/{owner}/{file}',
      '/api/avatars/{id}',
    ]);
    const { owner } = await t.bookkeeper();
    for (const r of pictures) {
      const path = fill(r.path, owner.id).replace('{owner}', owner.id).replace('{file}', '00000000-0000-4000-8000-00000000ffff');
      expectError(await t.api(r.method, path), 404, 'NOT_FOUND');
    }
  });

  it('answers 403 PLAN_REQUIRED to a free-plan owner (the trial over) on every call of the books', async () => {
    const { token } = await t.freeOwnerToken();
    for (const r of routes().filter((x) => x.tags.some((tag) => BOOK_TAGS.includes(tag)) && !x.path.startsWith('/api/admin/'))) {
      const res = await t.api(r.method, fill(r.path), { token, body: bodyFor(r.method) });
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(403);
      expectError(res, 403, 'PLAN_REQUIRED');
    }
  });

  it('answers 403 FORBIDDEN to an owner who is not an administrator on every admin route', async () => {
    const { token } = await t.bookkeeper({ plan: 'pro' });
    const admin = routes().filter((x) => x.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(15);
    for (const r of admin) {
      const res = await t.api(r.method, fill(r.path), { token, body: bodyFor(r.method) });
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(403);
      expectError(res, 403, 'FORBIDDEN');
    }
  });

  it('answers 404 to an owner who names another owner’s record, and never shows it in a list or a total', async () => {
    const a = (await t.bookkeeper()).token;
    const b = (await t.bookkeeper()).token;
    const post = async (url: string, body: unknown) => expectOk(await t.api('POST', url, { token: a, body }), 201);
    const cats = expectOk(await t.api('GET', '/api/categories', { token: a, headers: { 'x-language': 'es' } })).items as { id: string; name: string }[];
    const cat = (name: string) => cats.find((c) => c.name === name)!.id;
    const worker = await post('/api/workers', { name: 'A worker', kind: 'employee' });
    const provider = await post('/api/providers', { name: 'A provider' });
    const vehicle = await post('/api/vehicles', { name: 'A van' });
    const product = await post('/api/products', { name: 'A product', categoryId: cat('Compras de mercancía') });
    const entry = await post('/api/entries', {
      type: 'worker_payment',
      date: '2026-01-05',
      amount: 12345,
      categoryId: cat('Salarios y jornales'),
      workerId: worker.id,
    });
    const trip = await post('/api/trips', { vehicleId: vehicle.id, date: '2026-01-05', miles: 3, purpose: 'Bank' });
    const sub = await post('/api/subcategories', { categoryId: cat('Publicidad'), name: 'Radio A' });
    const budget = expectOk(await t.api('PUT', '/api/budgets', { token: a, body: { categoryId: cat('Publicidad'), amount: 5000 } }));
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF')], { type: 'application/pdf' }), 'a.pdf');
    const attachment = expectOk(await t.api('POST', `/api/entries/${entry.id}/attachments`, { token: a, body: form }), 201);
    const idFor: Record<string, string> = {
      '/api/workers/{id}': worker.id,
      '/api/providers/{id}': provider.id,
      '/api/vehicles/{id}': vehicle.id,
      '/api/vehicles/{id}/methods': vehicle.id,
      '/api/vehicles/{id}/methods/{year}': vehicle.id,
      '/api/products/{id}': product.id,
      '/api/entries/{id}': entry.id,
      '/api/entries/{id}/attachments': entry.id,
      '/api/trips/{id}': trip.id,
      '/api/attachments/{id}': attachment.id,
      '/api/subcategories/{id}': sub.id,
      '/api/budgets/{id}': budget.id,
    };
    const owned = routes().filter((r) => r.path.includes('{id}') && r.tags.some((tag) => BOOK_TAGS.includes(tag)) && !r.path.startsWith('/api/admin/'));
    expect(owned.map((r) => r.path).every((p) => idFor[p])).toBe(true);
    for (const r of owned) {
      // A body the route accepts, so the answer is about whose record it is, not about the body.
      const body = r.path.endsWith('/attachments')
        ? form
        : r.path.endsWith('/methods/{year}') && r.method === 'PUT'
          ? { method: 'standard' }
          : bodyFor(r.method);
      const res = await t.api(r.method, fill(r.path, idFor[r.path]), { token: b, body });
      expect(res.status, `${r.method} ${r.path}: ${JSON.stringify(res.body)}`).toBe(404);
      expectError(res, 404, 'NOT_FOUND');
    }
    expectError(await t.api('GET', `/api/audit?entity=entry&id=${entry.id}`, { token: b }), 404, 'NOT_FOUND');
    // B's lists and totals hold nothing of A's.
    for (const url of ['/api/workers', '/api/providers', '/api/vehicles', '/api/products', '/api/entries', '/api/trips', '/api/subcategories?own=true']) {
      const list = expectOk(await t.api('GET', url, { token: b }));
      expect(list.items, url).toEqual([]);
    }
    expect(expectOk(await t.api('GET', '/api/entries', { token: b })).totals).toEqual({ amount: 0, count: 0 });
    expect(expectOk(await t.api('GET', '/api/reports/month-summary?year=2026&month=1', { token: b }))).toMatchObject({ workerPayments: 0, miles: 0, net: 0 });
    expect(expectOk(await t.api('GET', '/api/tax-years', { token: b }))).toEqual([]);
    // And A's records are all still there, unchanged.
    expect(expectOk(await t.api('GET', `/api/entries/${entry.id}`, { token: a }))).toMatchObject({ amount: 12345, attachments: [{ id: attachment.id }] });
    expect(expectOk(await t.api('GET', `/api/workers/${worker.id}`, { token: a })).name).toBe('A worker');
  });
});
