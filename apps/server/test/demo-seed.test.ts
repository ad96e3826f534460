import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, entries, trips, users } from '../src/db/schema/index.js';
import { seedDemo } from '../src/db/seed/demo.js';
import { createTestApp, testEnv, type TestApp } from './helpers/app.js';
import { createTestStore, type TestStore } from './helpers/database.js';
import { expectOk } from './helpers/expect.js';

let store: TestStore;
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  await store?.drop();
});

describe('npm run seed:demo', () => {
  it('writes a year of a bakery’s books once, across a rate change, with receipts and a closed month; a second run changes nothing', async () => {
    store = await createTestStore({ persistent: true });
    const env = testEnv(store);
    const email = 'demo@bakery.test';
    const password = 'Demo-Bakery-Books-2026';
    const lines: string[] = [];
    const first = await seedDemo({ email, password, now: new Date(Date.UTC(2026, 5, 15)), log: (l) => lines.push(l), env });
    expect(first.created).toBe(true);
    expect(lines.join('\n')).toContain(email);

    t = await createTestApp({}, { store });
    const counts = async () => ({
      users: await t!.count(users),
      entries: await t!.count(entries),
      trips: await t!.count(trips),
      audit: await t!.count(auditLog),
    });
    const before = await counts();
    const again = await seedDemo({ email, password, now: new Date(Date.UTC(2026, 5, 15)), log: (l) => lines.push(l), env });
    expect(again.created).toBe(false);
    expect(await counts()).toEqual(before);

    const { accessToken: token } = await t.signIn(email, password);
    const years = expectOk(await t.api('GET', '/api/tax-years', { token }));
    expect(years.map((y: { year: number }) => y.year)).toEqual([2026, 2025]);
    const months2025 = expectOk(await t.api('GET', '/api/tax-years/2025/months', { token }));
    expect(months2025[6]).toMatchObject({ month: 7, status: 'closed' });
    for (const type of ['income', 'expense', 'purchase', 'worker_payment', 'supplier_payment']) {
      expect(expectOk(await t.api('GET', '/api/entries', { token, query: { type } })).totals.count, type).toBeGreaterThan(0);
    }
    // Trips on both sides of 1 January take each year's rate.
    const dec = expectOk(await t.api('GET', '/api/trips', { token, query: { from: '2025-12-01', to: '2025-12-31' } }));
    const jan = expectOk(await t.api('GET', '/api/trips', { token, query: { from: '2026-01-01', to: '2026-01-31' } }));
    expect(new Set(dec.items.map((x: { centsPerMile: number }) => x.centsPerMile))).toEqual(new Set([70]));
    expect(new Set(jan.items.map((x: { centsPerMile: number }) => x.centsPerMile))).toEqual(new Set([72.5]));
    const withReceipt = expectOk(await t.api('GET', '/api/entries', { token, query: { type: 'expense', search: 'Shop rent', size: 50 } }));
    expect(withReceipt.items.every((e: { attachments: unknown[] }) => e.attachments.length === 1)).toBe(true);
  }, 120_000);
});
