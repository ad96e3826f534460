import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { needs } from './helpers/services.js';
import { PROCESS_START_MS, startSecondServer } from './helpers/server-process.js';

// Resolved sessions are kept in memory for a few seconds (lib/session-cache.ts). Each case first
// warms the cache with two calls, then checks that a change is seen by the very next call.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.api('GET', '/api/common/user', { token });
const warm = async (token: string) => {
  expectOk(await me(token));
  expectOk(await me(token));
};

describe('the session cache never outlives a change', () => {
  it('a sign-out ends the token at once', async () => {
    const { token } = await t.ownerToken();
    await warm(token);
    expectOk(await t.api('POST', '/api/auth/sign-out', { token }));
    expectError(await me(token), 401, 'UNAUTHORIZED');
  });

  it('a password change ends the other sessions at once, and keeps the one that made it', async () => {
    const { owner, token } = await t.ownerToken();
    const other = (await t.signIn(owner.email, owner.password)).accessToken;
    await warm(other);
    await warm(token);
    expectOk(await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: owner.password, newPassword: 'Another-Ledger-2032' } }));
    expectError(await me(other), 401, 'UNAUTHORIZED');
    expectOk(await me(token));
  });

  it("an administrator's disable, role and plan changes are seen by the next call", async () => {
    const admin = await t.adminToken();
    const a = await t.ownerToken();
    const b = await t.ownerToken();
    await warm(a.token);
    await warm(b.token);
    expectError(await t.api('GET', '/api/admin/users', { token: a.token }), 403, 'FORBIDDEN');

    expectOk(await t.api('PATCH', `/api/admin/users/${a.owner.id}`, { token: admin, body: { role: 'admin', plan: 'pro' } }));
    expect(expectOk(await me(a.token))).toMatchObject({ role: 'admin', plan: 'pro' });
    expectOk(await t.api('GET', '/api/admin/users', { token: a.token }));

    expectOk(await t.api('POST', `/api/admin/users/${b.owner.id}/disable`, { token: admin }));
    expectError(await me(b.token), 401, 'UNAUTHORIZED');
  });

  it("the user's own edits and avatar show on the next read", async () => {
    const { token } = await t.ownerToken();
    await warm(token);
    expectOk(await t.api('PATCH', '/api/common/user', { token, body: { user: { name: 'Nieves Prado', status: 'busy' } } }));
    expect(expectOk(await me(token))).toMatchObject({ name: 'Nieves Prado', status: 'busy' });
  });

  it('serves from memory only what it read: a row changed behind its back shows once the entry is gone', async () => {
    const short = await createTestApp({ SESSION_CACHE_MS: '300' });
    try {
      const { owner, token } = await short.ownerToken();
      expectOk(await short.api('GET', '/api/common/user', { token }));
      // Written straight to the database (no repository, so no announcement): the cached row is
      // served until its short life ends, then the database's.
      await short.db.update(users).set({ name: 'Behind The Back' }).where(eq(users.id, owner.id));
      await new Promise((r) => setTimeout(r, 350));
      expect(expectOk(await short.api('GET', '/api/common/user', { token })).name).toBe('Behind The Back');
    } finally {
      await short.close();
    }
  });
});

// Two server processes on one PostgreSQL and one Redis: a change made through one is seen by the
// other's next call, and while Redis is away the other serves nothing from memory.
const redisUrl = process.env.TEST_REDIS_URL;
needs('postgres', 'redis').describe('across processes (PostgreSQL and Redis)', () => {
  let other: ChildProcess | undefined;
  let otherUrl = '';
  let a: TestApp;
  const prefix = `cuadre-cache-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SESSION_CACHE_MS: '60000' });
    const started = await startSecondServer(a, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SESSION_CACHE_MS: '60000' });
    other = started.process;
    otherUrl = started.url;
  }, PROCESS_START_MS + 30_000);

  afterAll(async () => {
    other?.kill('SIGTERM');
    await a?.close();
  });

  const meThere = async (token: string) => {
    const res = await fetch(`${otherUrl}/api/common/user`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as { name?: string } };
  };

  it('a sign-out and an edit made through one process are seen by the next call to the other', async () => {
    const { token } = await a.ownerToken();
    expect((await meThere(token)).status).toBe(200);
    expect((await meThere(token)).status).toBe(200);
    expectOk(await a.api('PATCH', '/api/common/user', { token, body: { user: { name: 'Ovidio Calle' } } }));
    // The announcement travels through Redis: allow it the moment it takes, which on a busy machine can
    // be seconds (a wait, not a timing). Still far inside the cache's minute, so only the announcement can
    // have made the change seen.
    const until = Date.now() + 20_000;
    let seen = await meThere(token);
    while (seen.body.name !== 'Ovidio Calle' && Date.now() < until) seen = await meThere(token);
    expect(seen.body.name).toBe('Ovidio Calle');

    expectOk(await a.api('POST', '/api/auth/sign-out', { token }));
    const signedOutBy = Date.now() + 20_000;
    let status = (await meThere(token)).status;
    while (status !== 401 && Date.now() < signedOutBy) status = (await meThere(token)).status;
    expect(status).toBe(401);
  });
});
