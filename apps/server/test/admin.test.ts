import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { outbox, sessions, users } from '../src/db/schema/index.js';
import { ADMIN_EMAIL, createTestApp, tokenFromMail, uniqueEmail, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { claimsOf } from './helpers/tokens.js';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = claimsOf(admin).sub;
});
afterAll(async () => {
  await t?.close();
});

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const create = (body: Record<string, unknown>) => t.api('POST', '/api/admin/users', { token: admin, body });
const list = (query: Record<string, string | number>) => t.api('GET', '/api/admin/users', { token: admin, query });

describe('access', () => {
  it('answers 403 FORBIDDEN to an owner and 401 without a token on every admin call, and changes nothing', async () => {
    const { owner, token } = await t.ownerToken();
    const other = await t.signUpOwner();
    const usersBefore = await t.count(users);
    const mailsBefore = await t.count(outbox);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { name: 'Intruder', email: uniqueEmail('intruder'), password: 'Intruder-Pass-77', role: 'admin', plan: 'pro' }],
      ['GET', `/api/admin/users/${other.id}`],
      ['PATCH', `/api/admin/users/${owner.id}`, { plan: 'pro', role: 'admin' }],
      ['POST', `/api/admin/users/${other.id}/disable`],
      ['POST', `/api/admin/users/${other.id}/send-reset`],
      ['GET', '/api/admin/stats'],
    ];
    for (const [method, url, body] of calls) {
      const asOwner = await t.api(method, url, { token, body });
      expect(asOwner.status, `${method} ${url} as owner: ${JSON.stringify(asOwner.body)}`).toBe(403);
      expectError(asOwner, 403, 'FORBIDDEN');
      const anonymous = await t.api(method, url, { body });
      expect(anonymous.status, `${method} ${url} without token`).toBe(401);
      expectError(anonymous, 401, 'UNAUTHORIZED');
    }
    expect(await t.count(users)).toBe(usersBefore);
    expect(await t.count(outbox)).toBe(mailsBefore);
    expect(await userRow(owner.id)).toMatchObject({ role: 'user', plan: 'free' });
    expect(await userRow(other.id)).toMatchObject({ status: 'active' });
  });
});

describe('list', () => {
  // A dozen people under their own domain, so other tests' users do not enter the counts.
  const DOMAIN = 'listco.test';
  const PEOPLE = [
    { name: 'Ana Alvarez', local: 'ana', plan: 'free', role: 'user' },
    { name: 'Bruno Benitez', local: 'bruno', plan: 'basic', role: 'user' },
    { name: 'Carla Castro', local: 'carla', plan: 'pro', role: 'user' },
    { name: 'Dario Diaz', local: 'dario', plan: 'pro', role: 'admin' },
    { name: 'elena Escobar', local: 'elena', plan: 'basic', role: 'user' },
    { name: 'Fermin Fuentes', local: 'fermin', plan: 'free', role: 'user' },
    { name: 'Gloria Garcia', local: 'gloria', plan: 'free', role: 'user' },
    { name: 'Hugo Herrera', local: 'hugo', plan: 'basic', role: 'user' },
    { name: 'Irene Iglesias', local: 'irene', plan: 'free', role: 'user' },
    { name: 'Javier Jimenez', local: 'zz.javier', plan: 'pro', role: 'user' },
    { name: 'Kiara Klein', local: 'kiara', plan: 'free', role: 'user' },
    { name: 'Lucas Lorenzo', local: 'lucas', plan: 'free', role: 'user' },
  ];
  const ids = new Map<string, string>();
  type Row = { id: string; name: string; email: string; plan: string; role: string; accountStatus: string; createdAt: string };
  const names = (items: Row[]) => items.map((i) => i.name);

  beforeAll(async () => {
    for (const p of PEOPLE) {
      const res = await create({ name: p.name, email: `${p.local}@${DOMAIN}`, password: `Listco-${p.local}-Pass-1`, plan: p.plan, role: p.role });
      ids.set(p.name, expectOk(res, 201).id);
    }
    expectOk(await t.api('POST', `/api/admin/users/${ids.get('elena Escobar')}/disable`, { token: admin }));
  });

  it('pages with sizes 10, 25 and 50 and reports the totals', async () => {
    const first = expectOk(await list({ search: DOMAIN, size: 10, page: 1 }));
    expect(first.pagination).toEqual({ page: 1, size: 10, total: 12, lastPage: 2 });
    expect(first.items).toHaveLength(10);
    const second = expectOk(await list({ search: DOMAIN, size: 10, page: 2 }));
    expect(second.pagination).toEqual({ page: 2, size: 10, total: 12, lastPage: 2 });
    expect(second.items).toHaveLength(2);
    const seen = [...first.items, ...second.items].map((i: Row) => i.id);
    expect(new Set(seen).size).toBe(12);
    expect(new Set(seen)).toEqual(new Set(ids.values()));

    const beyond = expectOk(await list({ search: DOMAIN, size: 10, page: 3 }));
    expect(beyond.items).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 3, size: 10, total: 12, lastPage: 2 });

    expect(expectOk(await list({ search: DOMAIN, size: 25 })).items).toHaveLength(12);
    expect(expectOk(await list({ search: DOMAIN, size: 50 })).pagination).toEqual({ page: 1, size: 50, total: 12, lastPage: 1 });

    // Defaults: page 1, 10 a page, oldest first.
    const defaults = expectOk(await list({ search: DOMAIN }));
    expect(defaults.pagination).toEqual({ page: 1, size: 10, total: 12, lastPage: 2 });
    expect(names(defaults.items)).toEqual(PEOPLE.slice(0, 10).map((p) => p.name));
    for (const item of defaults.items) {
      expect(item).not.toHaveProperty('passwordHash');
      expect(item).toHaveProperty('lastActiveAt');
    }
  });

  it('searches by name or email, case-insensitively, with LIKE characters taken literally', async () => {
    expect(names(expectOk(await list({ search: 'CASTRO' })).items)).toEqual(['Carla Castro']);
    expect(names(expectOk(await list({ search: `bruno@${DOMAIN}` })).items)).toEqual(['Bruno Benitez']);
    expect(names(expectOk(await list({ search: 'zz.javier' })).items)).toEqual(['Javier Jimenez']);
    expect(expectOk(await list({ search: '%' })).pagination.total).toBe(0);
    expect(expectOk(await list({ search: 'a_a' })).pagination.total).toBe(0);
    expect(expectOk(await list({ search: 'nobody-by-this-name' })).items).toEqual([]);
  });

  it('filters by role, plan and status, alone and together', async () => {
    expect(names(expectOk(await list({ search: DOMAIN, role: 'admin' })).items)).toEqual(['Dario Diaz']);
    expect(names(expectOk(await list({ search: DOMAIN, plan: 'basic' })).items)).toEqual(['Bruno Benitez', 'elena Escobar', 'Hugo Herrera']);
    expect(names(expectOk(await list({ search: DOMAIN, status: 'disabled' })).items)).toEqual(['elena Escobar']);
    expect(names(expectOk(await list({ search: DOMAIN, plan: 'basic', status: 'active' })).items)).toEqual(['Bruno Benitez', 'Hugo Herrera']);
    expect(names(expectOk(await list({ search: DOMAIN, plan: 'pro', role: 'user' })).items)).toEqual(['Carla Castro', 'Javier Jimenez']);
    expect(expectOk(await list({ search: DOMAIN, plan: 'no-such-plan' })).pagination.total).toBe(0);
    // The bootstrap administrator is there too, without a search.
    const admins = expectOk(await list({ role: 'admin', size: 50 })).items as Row[];
    expect(admins.map((a) => a.email)).toContain(ADMIN_EMAIL);
    expect(admins.every((a) => a.role === 'admin')).toBe(true);
  });

  it('sorts by name, email, createdAt, plan, role and status in both orders', async () => {
    const sorted = PEOPLE.map((p) => p.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names(expectOk(await list({ search: DOMAIN, sort: 'name', order: 'asc', size: 25 })).items)).toEqual(sorted);
    expect(names(expectOk(await list({ search: DOMAIN, sort: 'name', order: 'desc', size: 25 })).items)).toEqual([...sorted].reverse());

    const byEmail = expectOk(await list({ search: DOMAIN, sort: 'email', order: 'desc', size: 25 })).items as Row[];
    expect(byEmail[0]!.email).toBe(`zz.javier@${DOMAIN}`);
    expect(byEmail.map((r) => r.email)).toEqual(
      byEmail
        .map((r) => r.email)
        .sort()
        .reverse(),
    );

    const newest = expectOk(await list({ search: DOMAIN, sort: 'createdAt', order: 'desc', size: 25 })).items as Row[];
    expect(names(newest)).toEqual(PEOPLE.map((p) => p.name).reverse());

    const byPlan = expectOk(await list({ search: DOMAIN, sort: 'plan', size: 25 })).items as Row[];
    expect(byPlan.map((r) => r.plan)).toEqual(['basic', 'basic', 'basic', 'free', 'free', 'free', 'free', 'free', 'free', 'pro', 'pro', 'pro']);
    const byRole = expectOk(await list({ search: DOMAIN, sort: 'role', size: 25 })).items as Row[];
    expect(byRole[0]!.role).toBe('admin');
    const byStatus = expectOk(await list({ search: DOMAIN, sort: 'status', order: 'desc', size: 25 })).items as Row[];
    expect(byStatus[0]!.accountStatus).toBe('disabled');
  });

  it('answers 400 VALIDATION to a bad page, size, sort, order or filter', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ size: 7 }, 'size'],
      [{ size: 100 }, 'size'],
      [{ size: 'ten' }, 'size'],
      [{ page: 0 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ sort: 'password' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ role: 'owner' }, 'role'],
      [{ status: 'sleeping' }, 'status'],
    ];
    for (const [query, path] of cases) expectError(await list(query), 400, 'VALIDATION', { paths: [path] });
  });
});

describe('create', () => {
  it('creates a confirmed account that signs in with the given password', async () => {
    const email = uniqueEmail('created');
    const res = await create({ name: 'Nuria Prieto', email: email.toUpperCase(), password: 'Prieto-Books-2030', plan: 'basic', company: 'Prieto SL' });
    const user = expectOk(res, 201);
    expect(user).toMatchObject({
      email,
      name: 'Nuria Prieto',
      role: 'user',
      plan: 'basic',
      accountStatus: 'active',
      emailConfirmed: true,
      company: 'Prieto SL',
      lastActiveAt: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    // The administrator chose the password: no mail.
    expect(await t.mailsTo(email)).toHaveLength(0);
    const signedIn = await t.signIn(email, 'Prieto-Books-2030');
    expect(signedIn.user).toMatchObject({ id: user.id, plan: 'basic' });

    const again = expectOk(await t.api('GET', `/api/admin/users/${user.id}`, { token: admin }));
    expect(again).toMatchObject({ id: user.id, email, plan: 'basic' });
    expect(again.lastActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('without a password, mails a reset link with which the person chooses one', async () => {
    const email = uniqueEmail('invited');
    const user = expectOk(await create({ name: 'Tomás Vidal', email, role: 'admin', plan: 'pro' }), 201);
    expect(user).toMatchObject({ role: 'admin', plan: 'pro', emailConfirmed: true });
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(1);
    const token = tokenFromMail(mails[0]!, '/reset-password');
    expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'Vidal-Chooses-This-1' } }));
    expect((await t.signIn(email, 'Vidal-Chooses-This-1')).user.role).toBe('admin');
  });

  it('a double submit creates one account and answers the other with 409', async () => {
    const email = uniqueEmail('double');
    const results = await Promise.all([1, 2].map(() => create({ name: 'Doble', email, password: 'Double-Submit-Pass-4' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(
      results.find((r) => r.status === 409)!,
      409,
      'CONFLICT',
      { paths: ['email'] },
    );
    expect(await t.count(users, eq(users.email, email))).toBe(1);
  });

  it('answers 409 CONFLICT to an email in use, 400 to an unknown plan or bad fields, and writes nothing', async () => {
    const existing = await t.signUpOwner();
    const before = { users: await t.count(users), outbox: await t.count(outbox) };

    expectError(await create({ name: 'Dup', email: existing.email.toUpperCase(), password: 'Duplicate-Pass-12' }), 409, 'CONFLICT', { paths: ['email'] });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: 'P', email: uniqueEmail('p'), plan: 'platinum' }, ['plan']],
      [{ name: 'P', email: 'not-an-email' }, ['email']],
      [{ name: '', email: uniqueEmail('p') }, ['name']],
      [{ name: 'P', email: uniqueEmail('p'), password: 'short' }, ['password']],
      [{ name: 'P', email: uniqueEmail('p'), password: 'password123' }, ['password']],
      [{ name: 'P', email: uniqueEmail('p'), role: 'superuser' }, ['role']],
    ];
    for (const [body, paths] of cases) expectError(await create(body), 400, 'VALIDATION', { paths });

    expect({ users: await t.count(users), outbox: await t.count(outbox) }).toEqual(before);
  });
});

describe('get and edit', () => {
  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await t.api('GET', `/api/admin/users/${unknown}`, { token: admin }), 404, 'NOT_FOUND');
    expectError(await t.api('PATCH', `/api/admin/users/${unknown}`, { token: admin, body: { plan: 'pro' } }), 404, 'NOT_FOUND');
    expectError(await t.api('POST', `/api/admin/users/${unknown}/disable`, { token: admin }), 404, 'NOT_FOUND');
    expectError(await t.api('POST', `/api/admin/users/${unknown}/send-reset`, { token: admin }), 404, 'NOT_FOUND');
    expectError(await t.api('GET', '/api/admin/users/42', { token: admin }), 400, 'VALIDATION', { paths: ['id'] });
  });

  it("sets plan, role and name; the owner's next requests see them", async () => {
    const { owner, token } = await t.ownerToken();
    const updated = expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { plan: 'pro', name: 'Marta Ruiz Gil' } }));
    expect(updated).toMatchObject({ id: owner.id, plan: 'pro', name: 'Marta Ruiz Gil', role: 'user' });
    expect(expectOk(await t.api('GET', '/api/common/user', { token }))).toMatchObject({ plan: 'pro', name: 'Marta Ruiz Gil' });

    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { role: 'admin' } }));
    const nav = expectOk(await t.api('GET', '/api/common/navigation', { token }));
    expect(nav.default[0]).toMatchObject({ id: 'dashboard', link: '/dashboard' });
    expectOk(await t.api('GET', '/api/admin/stats', { token }));

    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { role: 'user' } }));
    expectError(await t.api('GET', '/api/admin/stats', { token }), 403, 'FORBIDDEN');
  });

  it('answers 400 to an unknown plan, an unknown field or a bad value, and writes nothing', async () => {
    const owner = await t.signUpOwner();
    const before = await userRow(owner.id);
    const cases: [unknown, string[]][] = [
      [{ plan: 'platinum' }, ['plan']],
      [{ email: 'new@example.com' }, ['body']],
      [{ role: 'owner' }, ['role']],
      [{ status: 'paused' }, ['status']],
      [{ name: '' }, ['name']],
    ];
    for (const [body, paths] of cases) {
      expectError(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body }), 400, 'VALIDATION', { paths });
    }
    expect(await userRow(owner.id)).toEqual(before);
  });

  it('an administrator cannot demote or disable themselves', async () => {
    expectError(await t.api('PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { role: 'user' } }), 403, 'FORBIDDEN');
    expectError(await t.api('PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { status: 'disabled' } }), 403, 'FORBIDDEN');
    expectError(await t.api('PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { name: 'Renamed', role: 'user' } }), 403, 'FORBIDDEN');
    expectError(await t.api('POST', `/api/admin/users/${adminId}/disable`, { token: admin }), 403, 'FORBIDDEN');
    expect(await userRow(adminId)).toMatchObject({ role: 'admin', status: 'active', name: 'Administrator' });
    expectOk(await t.api('GET', '/api/admin/stats', { token: admin }));

    // Other edits of their own account are fine.
    expect(expectOk(await t.api('PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { plan: 'basic', role: 'admin' } })).plan).toBe('basic');
    expectOk(await t.api('PATCH', `/api/admin/users/${adminId}`, { token: admin, body: { plan: 'pro' } }));
  });

  it('disabling ends every session of the person at once; enabling again lets them sign in anew', async () => {
    const owner = await t.signUpOwner();
    const a = (await t.signIn(owner.email, owner.password)).accessToken;
    const b = (await t.signIn(owner.email, owner.password)).accessToken;

    const disabled = expectOk(await t.api('POST', `/api/admin/users/${owner.id}/disable`, { token: admin }));
    expect(disabled.accountStatus).toBe('disabled');
    for (const token of [a, b]) expectError(await t.api('GET', '/api/common/user', { token }), 401, 'UNAUTHORIZED', { message: 'Invalid token' });
    expect(await t.count(sessions, and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)))).toBe(0);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }), 403, 'ACCOUNT_DISABLED');

    expect(expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { status: 'active' } })).accountStatus).toBe('active');
    // The ended sessions stay ended.
    expectError(await t.api('GET', '/api/common/user', { token: a }), 401, 'UNAUTHORIZED');
    const again = await t.signIn(owner.email, owner.password);
    expectOk(await t.api('GET', '/api/common/user', { token: again.accessToken }));

    // Disabling through PATCH does the same.
    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { status: 'disabled' } }));
    expectError(await t.api('GET', '/api/common/user', { token: again.accessToken }), 401, 'UNAUTHORIZED');
  });

  it('send-reset mails a working reset link', async () => {
    const owner = await t.signUpOwner();
    expect(expectOk(await t.api('POST', `/api/admin/users/${owner.id}/send-reset`, { token: admin }))).toBe(true);
    const mail = await t.lastMailTo(owner.email);
    expect(mail.subject).toBe('Reset your Cuadre password');
    const token = tokenFromMail(mail, '/reset-password');
    expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'Reset-By-Admin-88' } }));
    await t.signIn(owner.email, 'Reset-By-Admin-88');
  });
});
