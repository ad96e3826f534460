import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, uniqueEmail, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

/**
 * Its own app, so the counts are exactly the users made here. The database sessions run in New
 * York time: months are UTC months whatever the database server's zone.
 */
const DB_TIME_ZONE = 'America/New_York';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { timeZone: DB_TIME_ZONE });
});
afterAll(async () => {
  await t?.close();
});

const now = new Date();
const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsAgo = (n: number, day = 15, hour = 12, minute = 0) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, hour, minute));

describe('GET api/admin/stats', () => {
  it('counts users by plan and status, sign-ups per UTC month for 12 months, the active, and the newest', async () => {
    const { rows } = await t.db.execute(sql`select current_setting('TimeZone') as tz`);
    expect(rows[0]?.tz).toBe(DB_TIME_ZONE);

    const admin = await t.adminToken();
    const create = async (name: string, plan: string, password?: string) => {
      const email = uniqueEmail('stats');
      const body = expectOk(await t.api('POST', '/api/admin/users', { token: admin, body: { name, email, plan, ...(password ? { password } : {}) } }), 201);
      return { id: body.id as string, email, password };
    };
    const setCreated = (id: string, at: Date, lastActiveAt: Date | null = null) =>
      t.db.update(users).set({ createdAt: at, lastActiveAt }).where(eq(users.id, id));

    // This month: the administrator (bootstrap, pro) and four more.
    const o1 = await t.signUpOwner({ name: 'Owner One' });
    const o2 = await t.signUpOwner({ name: 'Owner Two' });
    const b = await create('Basic Person', 'basic', 'Basic-Person-Pass-1');
    const p = await create('Pro Person', 'pro');
    expectOk(await t.api('POST', `/api/admin/users/${p.id}/disable`, { token: admin }));
    // Earlier months.
    const edge = await create('Edge Of Window', 'free');
    await setCreated(edge.id, monthsAgo(11, 1, 0, 30)); // 00:30 UTC on the first day of the oldest month shown
    const old = await create('Three Months Ago', 'basic');
    await setCreated(old.id, monthsAgo(3), new Date(Date.now() - 40 * 24 * 3600_000));
    const ancient = await create('Before The Window', 'free');
    await setCreated(ancient.id, monthsAgo(12, 28, 23, 30));

    // Active in the last 30 days: owners who used the app (following the confirmation link signs an owner
    // in, so both owners who signed up count). The administrator's own sign-in does not count.
    await t.signIn(o1.email, o1.password);
    await t.signIn(b.email, b.password!);

    const stats = expectOk(await t.api('GET', '/api/admin/stats', { token: admin }));
    expect(Object.keys(stats).sort()).toEqual([
      'activeLast30Days',
      'byPlan',
      'byStatus',
      'openSupportRequests',
      'recentSignups',
      'signupsPerMonth',
      'totalUsers',
    ]);
    expect(stats.totalUsers).toBe(8);
    expect(stats.byPlan).toEqual([
      { plan: 'basic', count: 2 },
      { plan: 'free', count: 4 },
      { plan: 'pro', count: 2 },
    ]);
    expect(stats.byStatus).toEqual([
      { status: 'active', count: 7 },
      { status: 'disabled', count: 1 },
    ]);
    expect(stats.activeLast30Days).toBe(3);

    const expectedMonths = Array.from({ length: 12 }, (_, i) => monthKey(monthsAgo(11 - i, 1)));
    expect(stats.signupsPerMonth.map((m: { month: string }) => m.month)).toEqual(expectedMonths);
    expect(stats.signupsPerMonth.at(-1)).toEqual({ month: monthKey(now), count: 5 });
    const counts = Object.fromEntries(stats.signupsPerMonth.map((m: { month: string; count: number }) => [m.month, m.count]));
    expect(counts).toEqual(
      Object.fromEntries(expectedMonths.map((m) => [m, m === monthKey(now) ? 5 : m === monthKey(monthsAgo(3)) ? 1 : m === expectedMonths[0] ? 1 : 0])),
    );

    // Newest first, at most five, in the admin user shape.
    expect(stats.recentSignups.map((u: { id: string }) => u.id)).toEqual([p.id, b.id, o2.id, o1.id, (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).user.id]);
    expect(stats.recentSignups[0]).toMatchObject({ email: p.email, plan: 'pro', accountStatus: 'disabled', lastActiveAt: null });
    expect(stats.recentSignups[1].lastActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    for (const u of stats.recentSignups) expect(u).not.toHaveProperty('passwordHash');
  });

  it('answers 403 to an owner', async () => {
    const { token } = await t.ownerToken();
    expectError(await t.api('GET', '/api/admin/stats', { token }), 403, 'FORBIDDEN');
  });
});
