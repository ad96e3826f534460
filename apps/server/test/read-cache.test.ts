import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/lib/read-cache.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestStore } from './helpers/database.js';
import { expectOk } from './helpers/expect.js';
import { needs } from './helpers/services.js';

// Lists and reports are kept per owner until their books change (lib/read-cache.ts). Each case reads
// twice (the second answer comes from the cache, `x-read-cache: hit`), then changes something the
// way a client or another actor would, and checks that the very next read shows it.
let t: TestApp;
let admin: string;
let cats: { id: string; name: string; kind: string }[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const { token } = await t.bookkeeper();
  cats = expectOk(await t.api('GET', '/api/categories', { token })).items;
});
afterAll(async () => {
  await t?.close();
});

const income = () => cats.find((c) => c.kind === 'income')!;
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

async function readTwice(token: string, url: string, query?: Record<string, string | number>) {
  const first = await t.api('GET', url, { token, query });
  const second = await t.api('GET', url, { token, query });
  expect(first.status).toBe(200);
  expect(second.headers['x-read-cache']).toBe('hit');
  expect(second.body).toEqual(first.body);
  return second.body;
}

async function add(token: string, amount: number, date = '2026-03-10') {
  return expectOk(await t.api('POST', '/api/entries', { token, body: { type: 'income', date, amount, categoryId: income().id } }), 201);
}

describe('kept answers never outlive a change', () => {
  it("an owner's own writes show on the next read: create, change, delete, a batch, a closed month", async () => {
    const { token } = await t.bookkeeper();
    expect((await readTwice(token, '/api/entries', MARCH)).totals).toEqual({ amount: 0, count: 0 });

    const entry = await add(token, 12_345);
    const list = expectOk(await t.api('GET', '/api/entries', { token, query: MARCH }));
    expect(list.totals).toEqual({ amount: 12_345, count: 1 });

    await readTwice(token, '/api/entries', MARCH);
    expectOk(await t.api('PATCH', `/api/entries/${entry.id}`, { token, body: { amount: 20_000 } }));
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: MARCH })).totals).toEqual({ amount: 20_000, count: 1 });

    await readTwice(token, '/api/reports/month-summary', { year: 2026, month: 3 });
    expectOk(
      await t.api('POST', '/api/entries/batch', {
        token,
        body: { entries: [1, 2, 3].map((n) => ({ type: 'income', date: '2026-03-1' + n, amount: 100 * n, categoryId: income().id })) },
      }),
      201,
    );
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: MARCH })).totals).toEqual({ amount: 20_600, count: 4 });
    const summary = expectOk(await t.api('GET', '/api/reports/month-summary', { token, query: { year: 2026, month: 3 } }));
    expect(JSON.stringify(summary)).toContain('20600');

    const months = await readTwice(token, '/api/tax-years/2026/months');
    expect(months.find((m: { month: number }) => m.month === 3).status).toBe('open');
    expectOk(await t.api('POST', '/api/tax-years/2026/months/3/close', { token }));
    const after = expectOk(await t.api('GET', '/api/tax-years/2026/months', { token }));
    expect(after.find((m: { month: number }) => m.month === 3).status).toBe('closed');

    // A refused write changes nothing, and the next read is still right.
    expect((await t.api('DELETE', `/api/entries/${entry.id}`, { token })).status).toBe(409);
    expectOk(await t.api('POST', '/api/tax-years/2026/months/3/reopen', { token }));
    expectOk(await t.api('DELETE', `/api/entries/${entry.id}`, { token }));
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: MARCH })).totals).toEqual({ amount: 600, count: 3 });
  });

  it('a kept answer goes out compressed to a client that accepts it, and as it is to one that does not', async () => {
    const { token } = await t.bookkeeper();
    expectOk(
      await t.api('POST', '/api/entries/batch', {
        token,
        body: { entries: Array.from({ length: 20 }, (_, n) => ({ type: 'income', date: '2026-03-20', amount: 1000 + n, categoryId: income().id })) },
      }),
      201,
    );
    const plain = await readTwice(token, '/api/entries', MARCH);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync], // the second time, the bytes kept
    ] as const) {
      const res = await t.api('GET', '/api/entries', { token, query: MARCH, headers: { 'accept-encoding': accept } });
      expect(res.headers['x-read-cache']).toBe('hit');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(res.raw.rawPayload).toString('utf8'))).toEqual(plain);
    }
    const identity = await t.api('GET', '/api/entries', { token, query: MARCH, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(plain);
  });

  it("keeps each owner's answers to them: the same address read by another owner is theirs", async () => {
    const a = await t.bookkeeper();
    const b = await t.bookkeeper();
    await add(a.token, 5_000);
    expect((await readTwice(a.token, '/api/entries', MARCH)).totals.amount).toBe(5_000);
    expect(expectOk(await t.api('GET', '/api/entries', { token: b.token, query: MARCH })).totals).toEqual({ amount: 0, count: 0 });
    // Nor does a change of one owner's books show in another's.
    await add(b.token, 7_000);
    expect((await readTwice(a.token, '/api/entries', MARCH)).totals.amount).toBe(5_000);
  });

  it("an administrator's change of the shared chart shows in every owner's next read", async () => {
    const { token } = await t.bookkeeper();
    const created = expectOk(
      await t.api('POST', '/api/admin/categories', { token: admin, body: { name: 'Ventas de temporada', kind: 'income', taxLine: '1' } }),
      201,
    );
    expectOk(await t.api('POST', '/api/entries', { token, body: { type: 'income', date: '2026-03-05', amount: 900, categoryId: created.id } }), 201);
    const before = await readTwice(token, '/api/entries', MARCH);
    expect(before.items[0].categoryName).toBe('Ventas de temporada');
    expectOk(await t.api('PATCH', `/api/admin/categories/${created.id}`, { token: admin, body: { name: 'Ventas de invierno' } }));
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: MARCH })).items[0].categoryName).toBe('Ventas de invierno');
  });

  it('what a job wrote (an import) shows on the next read', async () => {
    const { token } = await t.bookkeeper();
    const may = { from: '2024-05-01', to: '2024-05-31' };
    expect((await readTwice(token, '/api/entries', may)).totals.count).toBe(0);
    const rows = [1, 2].map((n) => ({ date: `2024-05-0${n}`, type: 'income', amount: 1_000 * n, categoryId: income().id, description: `Deposit ${n}` }));
    const job = expectOk(await t.api('POST', '/api/jobs/import-commit', { token, body: { rows } }), 202);
    let status = job.status;
    // Polled as the screen does, for a minute: a busy machine is slow, a stuck job is not.
    for (const until = Date.now() + 60_000; status === 'running' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 25));
      status = expectOk(await t.api('GET', `/api/jobs/${job.id}`, { token })).status;
    }
    expect(status).toBe('done');
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: may })).totals).toEqual({ amount: 3_000, count: 2 });
  });

  it('the same read arriving many times at once is answered from the database once, and a refused one is not shared', async () => {
    const { token } = await t.bookkeeper();
    await add(token, 3_100);
    const burst = await Promise.all(Array.from({ length: 12 }, () => t.api('GET', '/api/entries', { token, query: MARCH })));
    for (const res of burst) expect(expectOk(res).totals).toEqual({ amount: 3_100, count: 1 });
    // One of them read the database; every other one was given its answer.
    expect(burst.filter((res) => res.headers['x-read-cache'] !== 'hit')).toHaveLength(1);
    // An answer that is not kept (here a 400) is not handed to the others: each gets its own.
    const bad = await Promise.all(Array.from({ length: 4 }, () => t.api('GET', '/api/entries', { token, query: { from: '2026-02-30' } })));
    for (const res of bad) {
      expect(res.status).toBe(400);
      expect(res.headers['x-read-cache']).toBeUndefined();
    }
    // A change ends the sharing too: the next burst reads the database again, and sees it.
    await add(token, 900);
    const after = await Promise.all(Array.from({ length: 6 }, () => t.api('GET', '/api/entries', { token, query: MARCH })));
    for (const res of after) expect(expectOk(res).totals).toEqual({ amount: 4_000, count: 2 });
    expect(after.filter((res) => res.headers['x-read-cache'] !== 'hit')).toHaveLength(1);
  });

  it('serves nothing to a caller the guard turns away, kept or not', async () => {
    const { token } = await t.bookkeeper();
    await readTwice(token, '/api/entries', MARCH);
    expect((await t.api('GET', '/api/entries', { query: MARCH })).status).toBe(401);
    const free = await t.freeOwnerToken();
    expect((await t.api('GET', '/api/entries', { token: free.token, query: MARCH })).status).toBe(403);
    // An answer kept during a trial is not served once the trial has ended.
    const trial = await t.ownerToken();
    await readTwice(trial.token, '/api/entries', MARCH);
    await t.endTrial(trial.owner.id);
    expect((await t.api('GET', '/api/entries', { token: trial.token, query: MARCH })).status).toBe(403);
  });
});

describe('one answer for readers arriving together (ReadCache.share)', () => {
  const answer = (text: string) => ({ payload: Buffer.from(text), contentType: 'application/json' });

  it('lets the waiters of an older version go when its first reader answers, though a newer version is being read meanwhile', async () => {
    const cache = new ReadCache();
    expect(cache.share('k', '0.1')).toBeUndefined(); // the first reader of version 0.1 goes to the database
    const waiter = cache.share('k', '0.1'); // a second waits for it
    // The owner changes something: the next reader, of version 0.2, goes to the database too.
    expect(cache.share('k', '0.2')).toBeUndefined();
    const newer = cache.share('k', '0.2');
    cache.settle('k', '0.1', answer('old'));
    expect((await waiter)?.payload.toString()).toBe('old');
    cache.settle('k', '0.2', answer('new'));
    expect((await newer)?.payload.toString()).toBe('new');
    // Settled, the next reader starts again.
    expect(cache.share('k', '0.2')).toBeUndefined();
  });

  it('hands the waiters the kept answer itself, so what one of them compresses is kept for the next', () => {
    const cache = new ReadCache();
    const kept = cache.set('k', '1', answer('x'.repeat(2_000)));
    let compressions = 0;
    const compress = (payload: Buffer) => (compressions++, payload.subarray(0, 10));
    cache.compressed('k', kept, 'br', compress);
    cache.compressed('k', cache.get('k', '1')!, 'br', compress);
    expect(compressions).toBe(1);
  });

  it('a reader whose first reader gives up (no answer to keep) answers by itself', async () => {
    const cache = new ReadCache();
    expect(cache.share('k', '1')).toBeUndefined();
    const waiter = cache.share('k', '1');
    cache.settle('k', '1', undefined);
    expect(await waiter).toBeUndefined();
  });
});

describe('across processes (with Redis)', () => {
  needs('redis').it('a write through one server is seen by the next read through another', async () => {
    // Two servers on one database and one Redis, as behind a load balancer.
    const store = await createTestStore();
    const prefix = `cuadre-test:${randomUUID()}:`;
    const one = await createTestApp({ REDIS_PREFIX: prefix }, { store });
    const two = await createTestApp({ REDIS_PREFIX: prefix }, { store });
    try {
      const { token } = await one.bookkeeper();
      const entry = expectOk(
        await one.api('POST', '/api/entries', { token, body: { type: 'income', date: '2026-03-10', amount: 4_200, categoryId: income().id } }),
        201,
      );
      const first = await two.api('GET', '/api/entries', { token, query: MARCH });
      const again = await two.api('GET', '/api/entries', { token, query: MARCH });
      expect(again.headers['x-read-cache']).toBe('hit');
      expect(again.body).toEqual(first.body);
      expectOk(await one.api('PATCH', `/api/entries/${entry.id}`, { token, body: { amount: 4_300 } }));
      expect(expectOk(await two.api('GET', '/api/entries', { token, query: MARCH })).totals).toEqual({ amount: 4_300, count: 1 });
    } finally {
      await one.close();
      await two.close();
      await store.drop();
    }
  });
});
