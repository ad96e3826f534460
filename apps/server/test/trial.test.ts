import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { supportRequests, users } from '../src/db/schema/index.js';
import { createTestApp, GOOD_PASSWORD, uniqueEmail, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t?.close();
});

/** An income of `amount` cents today, in the first income category of the chart. */
async function recordIncome(token: string, amount: number) {
  const categories = await t.api('GET', '/api/categories', { token });
  if (categories.status !== 200) return categories;
  const income = (categories.body.items as { id: string; kind: string }[]).find((c) => c.kind === 'income')!;
  return t.api('POST', '/api/entries', { token, body: { type: 'income', date: new Date().toISOString().slice(0, 10), amount, categoryId: income.id } });
}

/** A second active administrator, signed in: a plan request reaches every administrator, not only the first. */
async function anotherAdmin() {
  const email = uniqueEmail('admin');
  expectOk(
    await t.api('POST', '/api/admin/users', { token: admin, body: { name: 'Berta Admin', email, password: GOOD_PASSWORD, role: 'admin', plan: 'pro' } }),
    201,
  );
  return (await t.signIn(email, GOOD_PASSWORD)).accessToken;
}

const notifications = async (token: string) =>
  expectOk(await t.api('GET', '/api/common/notifications', { token })) as { title: string; description: string; link: string }[];

describe('the trial of the paid plan', () => {
  it('says how long the trial of a new account is, to visitors too', async () => {
    expect(expectOk(await t.api('GET', '/api/plans/trial'))).toEqual({ days: 30 });
  });

  it('starts with a new account, which keeps books at once; the user resource says until when', async () => {
    const before = Date.now();
    const { owner, token } = await t.ownerToken();
    const me = expectOk(await t.api('GET', '/api/common/user', { token }));
    expect(me).toMatchObject({ id: owner.id, plan: 'free', onTrial: true });
    const ends = Date.parse(me.trialEndsAt);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const entry = expectOk(await recordIncome(token, 60550), 201);
    expect(entry).toMatchObject({ type: 'income', amount: 60550 });
    expect(expectOk(await t.api('GET', '/api/entries', { token })).items.map((e: { id: string }) => e.id)).toEqual([entry.id]);
  });

  it('when its end passes, the books answer as for the free plan and the user resource says so', async () => {
    const { owner, token } = await t.ownerToken();
    expectOk(await recordIncome(token, 1000), 201);
    await t.endTrial(owner.id);

    const me = expectOk(await t.api('GET', '/api/common/user', { token }));
    expect(me).toMatchObject({ plan: 'free', onTrial: false });
    expect(Date.parse(me.trialEndsAt)).toBeLessThan(Date.now());
    expectError(await t.api('GET', '/api/entries', { token }), 403, 'PLAN_REQUIRED');
    expectError(await t.api('GET', '/api/categories', { token }), 403, 'PLAN_REQUIRED');
    expectError(
      await t.api('POST', '/api/entries', {
        token,
        body: { type: 'income', date: '2026-03-01', amount: 100, categoryId: '00000000-0000-4000-8000-000000000001' },
      }),
      403,
      'PLAN_REQUIRED',
    );
    // What a free-plan owner may still do: their settings, the plans and asking for one.
    expectOk(await t.api('GET', '/api/settings', { token }));
    expectOk(await t.api('GET', '/api/plans', { token }));
    // The records kept during the trial stay; they come back with a plan.
    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { plan: 'basic' } }));
    expect(expectOk(await t.api('GET', '/api/entries', { token })).items).toHaveLength(1);
  });

  it('is not given to accounts an administrator makes (they choose the plan), nor with TRIAL_DAYS=0', async () => {
    const email = uniqueEmail('made');
    const made = expectOk(await t.api('POST', '/api/admin/users', { token: admin, body: { name: 'Hecha Por Admin', email, password: GOOD_PASSWORD } }), 201);
    expect(made).toMatchObject({ plan: 'free', trialEndsAt: null, onTrial: false });

    const off = await createTestApp({ TRIAL_DAYS: '0' });
    try {
      expect(expectOk(await off.api('GET', '/api/plans/trial'))).toEqual({ days: 0 });
      const { owner, token } = await off.ownerToken();
      expect(expectOk(await off.api('GET', '/api/common/user', { token }))).toMatchObject({ plan: 'free', trialEndsAt: null, onTrial: false });
      expect((await off.db.select({ trialEndsAt: users.trialEndsAt }).from(users).where(eq(users.id, owner.id)))[0]!.trialEndsAt).toBeNull();
      expectError(await off.api('GET', '/api/entries', { token }), 403, 'PLAN_REQUIRED');
    } finally {
      await off.close();
    }
  });

  it('shows administrators the trial of each account, and lets them move or end it', async () => {
    const { owner, token } = await t.ownerToken();
    const listed = expectOk(await t.api('GET', '/api/admin/users', { token: admin, query: { search: owner.email } })).items[0];
    expect(listed).toMatchObject({ id: owner.id, plan: 'free', onTrial: true });
    expect(Date.parse(listed.trialEndsAt)).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    const later = new Date(Date.now() + 45 * DAY_MS).toISOString();
    expect(expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { trialEndsAt: later } }))).toMatchObject({
      trialEndsAt: later,
      onTrial: true,
    });
    expectError(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { trialEndsAt: 'next month' } }), 400, 'VALIDATION');
    expect(expectOk(await t.api('GET', `/api/admin/users/${owner.id}`, { token: admin })).trialEndsAt).toBe(later);

    expect(expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { trialEndsAt: null } }))).toMatchObject({
      trialEndsAt: null,
      onTrial: false,
    });
    expectError(await t.api('GET', '/api/entries', { token }), 403, 'PLAN_REQUIRED');
  });
});

describe('a plan request', () => {
  it('reaches every administrator as a support request and a notification, and its state reads back to its owner alone', async () => {
    const second = await anotherAdmin();
    const { owner, token } = await t.freeOwnerToken({ name: 'Nuria Planes' });
    const other = await t.ownerToken();
    expect(expectOk(await t.api('GET', '/api/plans/request', { token }))).toEqual({ request: null });

    const made = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'pro' } }), 201);
    expect(made).toMatchObject({
      planId: 'pro',
      status: 'pending',
      answer: null,
      answeredAt: null,
      message: `Please activate the Pro plan for my account (${owner.email}).`,
    });
    expect(expectOk(await t.api('GET', '/api/plans/request', { token }))).toEqual({ request: made });

    // Each administrator: a notification that leads to the owner in Users, and the request in the support list.
    for (const adminToken of [admin, second]) {
      // Told once, as a plan request (not a second time as a plain support request), beside the sign-up.
      const told = (await notifications(adminToken)).filter((n) => n.description.includes('Nuria Planes') && n.title !== 'New sign-up');
      expect(told.map((n) => [n.title, n.description, n.link])).toEqual([
        ['Plan requested', 'Nuria Planes asks for the Pro plan. Activate it in Users.', `/users?search=${encodeURIComponent(owner.email)}`],
      ]);
      const listed = expectOk(await t.api('GET', '/api/admin/support-requests', { token: adminToken, query: { status: 'open', search: owner.email } })).items;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: made.id, subject: 'Plan request: Pro', planId: 'pro', status: 'open', user: { id: owner.id, plan: 'free' } });
    }

    // Only its owner sees it.
    expect(expectOk(await t.api('GET', '/api/plans/request', { token: other.token }))).toEqual({ request: null });
    expect(expectOk(await t.api('GET', '/api/support-requests', { token: other.token })).items).toEqual([]);
    expect(expectOk(await t.api('GET', '/api/support-requests', { token })).items.map((r: { id: string }) => r.id)).toEqual([made.id]);

    // One waits at a time.
    expectError(await t.api('POST', '/api/plans/request', { token, body: { planId: 'basic' } }), 409, 'CONFLICT');
    expect(await t.count(supportRequests, eq(supportRequests.userId, owner.id))).toBe(1);
  });

  it('refuses a plan that is not a paid one on offer, and administrators, writing nothing', async () => {
    const { owner, token } = await t.freeOwnerToken();
    expectError(await t.api('POST', '/api/plans/request', { token, body: { planId: 'free' } }), 400, 'VALIDATION');
    expectError(await t.api('POST', '/api/plans/request', { token, body: { planId: 'platinum' } }), 400, 'VALIDATION');
    expectError(await t.api('POST', '/api/plans/request', { token, body: {} }), 400, 'VALIDATION');
    expectError(await t.api('POST', '/api/plans/request', { token, body: { planId: 'pro', extra: 1 } }), 400, 'VALIDATION');
    expectError(await t.api('POST', '/api/plans/request', { body: { planId: 'pro' } }), 401, 'UNAUTHORIZED');
    expectError(await t.api('POST', '/api/plans/request', { token: admin, body: { planId: 'pro' } }), 403, 'FORBIDDEN');
    expect(await t.count(supportRequests, eq(supportRequests.userId, owner.id))).toBe(0);

    const paid = await t.bookkeeper({ plan: 'pro' });
    expectError(await t.api('POST', '/api/plans/request', { token: paid.token, body: { planId: 'pro' } }), 409, 'CONFLICT');
    // A move to another paid plan may be asked for.
    expectOk(await t.api('POST', '/api/plans/request', { token: paid.token, body: { planId: 'basic', message: 'Fewer features will do.' } }), 201);
  });

  it('is answered by an administrator activating the plan: the owner reads the answer, gets a notification and a mail, and keeps books', async () => {
    const { owner, token } = await t.freeOwnerToken();
    const made = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'pro', message: 'For the year-end package.' } }), 201);
    expect(made.message).toBe('For the year-end package.');

    // An edit that activates no plan leaves it waiting.
    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { name: 'Nuevo Nombre', plan: 'free' } }));
    expect(expectOk(await t.api('GET', '/api/plans/request', { token })).request.status).toBe('pending');

    const updated = expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { plan: 'pro' } }));
    expect(updated).toMatchObject({ plan: 'pro', trialEndsAt: null, onTrial: false });
    const { request } = expectOk(await t.api('GET', '/api/plans/request', { token }));
    expect(request).toMatchObject({ id: made.id, status: 'answered', answer: 'The Pro plan is now active on your account.' });
    expect(Date.parse(request.answeredAt)).not.toBeNaN();
    expect((await notifications(token)).map((n) => [n.title, n.link])).toContainEqual(['Your support request was answered', '/user/pricing']);
    const mail = await t.lastMailTo(owner.email);
    expect(mail.subject).toBe('Your support request: Plan request: Pro');
    expect(mail.text).toContain('The Pro plan is now active on your account.');
    expect(mail.text).toContain('http://cuadre.test/user/pricing');
    expectOk(await recordIncome(token, 2500), 201);
  });

  it('is answered when an administrator answers it in the support list; the owner may then ask again', async () => {
    const { token } = await t.freeOwnerToken();
    const first = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'basic' } }), 201);
    expectOk(await t.api('PATCH', `/api/admin/support-requests/${first.id}`, { token: admin, body: { answer: 'Write to billing@example.com first.' } }));
    expect(expectOk(await t.api('GET', '/api/plans/request', { token })).request).toMatchObject({
      id: first.id,
      status: 'answered',
      answer: 'Write to billing@example.com first.',
    });
    const second = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'pro' } }), 201);
    expect(expectOk(await t.api('GET', '/api/plans/request', { token })).request).toMatchObject({ id: second.id, status: 'pending' });
  });

  it('cannot be opened again while another request of the owner waits', async () => {
    const { token } = await t.freeOwnerToken();
    const first = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'basic' } }), 201);
    expectOk(await t.api('PATCH', `/api/admin/support-requests/${first.id}`, { token: admin, body: { status: 'closed' } }));
    expect(expectOk(await t.api('GET', '/api/plans/request', { token })).request).toMatchObject({ id: first.id, status: 'closed', answer: null });
    const second = expectOk(await t.api('POST', '/api/plans/request', { token, body: { planId: 'pro' } }), 201);
    expectError(await t.api('PATCH', `/api/admin/support-requests/${first.id}`, { token: admin, body: { status: 'open' } }), 409, 'CONFLICT');
    const [a, b] = await Promise.all(
      [first.id, second.id].map(
        async (id) => (await t.db.select({ status: supportRequests.status }).from(supportRequests).where(eq(supportRequests.id, id)))[0]!.status,
      ),
    );
    expect([a, b]).toEqual(['closed', 'open']);
  });
});
