import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { mailJobs, outbox, sessions, users } from '../src/db/schema/index.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, GOOD_PASSWORD, tokenFromMail, uniqueEmail, type ApiResult, type TestApp } from './helpers/app.js';
import { createTestStore } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';

/** The request that once held the event loop for seconds: `a@` then dots, then a space (the old pattern backtracked on it). */
const adversarialEmail = (length: number) => 'a@' + '.'.repeat(length - 4) + ' x';
const UNSTORABLE = { nul: 'Ana\u0000Ruiz', 'lone high surrogate': 'Ana\uD800Ruiz', 'lone low surrogate': 'Ana\uDC00Ruiz' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_IP_LIMIT: '100000' });
});
afterAll(async () => {
  await t?.close();
});

describe('no request can stall the server', () => {
  it('an adversarial email is refused at once on every call that takes one, and health answers meanwhile', async () => {
    const admin = await t.adminToken();
    const email = adversarialEmail(15_000);
    const calls: [string, unknown, string?][] = [
      ['/api/auth/sign-up', { name: 'Ana', email, password: GOOD_PASSWORD, agreements: true }],
      ['/api/auth/sign-in', { email, password: GOOD_PASSWORD }],
      ['/api/auth/unlock-session', { email, password: GOOD_PASSWORD }],
      ['/api/auth/forgot-password', { email }],
      ['/api/auth/resend-confirmation', { email }],
      ['/api/admin/users', { name: 'Ana', email }, admin],
    ];
    for (const [url, body, token] of calls) {
      const [res, health] = await Promise.all([t.api('POST', url, { body, token }), t.api('GET', '/api/health')]);
      expectError(res, 400, 'VALIDATION', { paths: ['email'] });
      expect(health.status).toBe(200);
    }
    // The administrator's calls take up to a megabyte: 100 KB of the same is refused just as fast.
    expectError(await t.api('POST', '/api/admin/users', { token: admin, body: { name: 'Ana', email: adversarialEmail(100_000) } }), 400, 'VALIDATION', {
      paths: ['email'],
    });
  });

  it('auth bodies are limited to 16 KB: a larger one is 413 TOO_LARGE before it is parsed', async () => {
    const res = await t.api('POST', '/api/auth/forgot-password', { body: { email: adversarialEmail(100_000) } });
    expectError(res, 413, 'TOO_LARGE');
    // 16 KB of padding in an unknown field is still refused by size, not read.
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: uniqueEmail(), password: 'x', pad: 'p'.repeat(17_000) } }), 413, 'TOO_LARGE');
  });
});

describe('text the database cannot store', () => {
  it('is refused with 400 VALIDATION in bodies, on the field at fault, and nothing is written', async () => {
    const before = await t.count(users);
    for (const [what, bad] of Object.entries(UNSTORABLE)) {
      const good = { name: 'Ana Ruiz', email: uniqueEmail('nul'), password: GOOD_PASSWORD, agreements: true, company: 'Bar' };
      for (const field of ['name', 'company', 'password', 'email'] as const) {
        const res = await t.api('POST', '/api/auth/sign-up', { body: { ...good, [field]: field === 'email' ? `a${bad}@b.co` : bad } });
        expect(res.status, `${what} in ${field}: ${JSON.stringify(res.body)}`).toBe(400);
        expectError(res, 400, 'VALIDATION', { paths: [field] });
      }
    }
    expect(await t.count(users)).toBe(before);
  });

  it('is refused in nested fields, keys, query parameters and path parameters', async () => {
    const { token } = await t.ownerToken();
    const admin = await t.adminToken();
    const cases: [string, Promise<ApiResult>, string][] = [
      ['nested field', t.api('PATCH', '/api/common/user', { token, body: { user: { name: UNSTORABLE.nul } } }), 'user.name'],
      [
        'preferences value',
        t.api('PATCH', '/api/common/user', { token, body: { user: { preferences: { language: 'e\u0000n' } } } }),
        'user.preferences.language',
      ],
      ['object key', t.api('PATCH', '/api/common/user', { token, body: { user: { ['na\u0000me']: 'x' } } }), 'user.na?me'],
      ['query parameter', t.api('GET', '/api/admin/users', { token: admin, query: { search: 'ana\u0000' } }), 'search'],
      ['plan', t.api('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token: admin, body: { plan: 'pro\u0000' } }), 'plan'],
      ['path parameter', t.api('GET', '/api/admin/users/%00', { token: admin }), 'id'],
      ['access token', t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: 'a\u0000b' } }), 'accessToken'],
    ];
    for (const [what, pending, path] of cases) {
      const res = await pending;
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expectError(res, 400, 'VALIDATION', { paths: [path] });
    }
    // A URL cannot carry a lone surrogate; its UTF-8 bytes, percent-encoded, are decoded or refused, never a 500.
    const encoded = await t.app.inject({ method: 'GET', url: '/api/admin/users?search=%ED%A0%80', headers: { authorization: `Bearer ${admin}` } });
    expect(encoded.statusCode).toBeLessThan(500);
    // The owner's name is as it was.
    expect((await t.api('GET', '/api/common/user', { token })).body.name).toBe('Marta Ruiz');
  });
});

describe('malformed multipart', () => {
  const boundary = 'cuadre-boundary-1234';
  const upload = async (contentType: string, payload: string | Buffer) => {
    const { token } = await t.ownerToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/user/avatar',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json<{ statusCode: number; code: string }>() };
  };
  const part = (b: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000`;

  it('answers 4xx in the error shape, never 500', async () => {
    const long = 'b'.repeat(300);
    const cases: [string, string, string | Buffer][] = [
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part(boundary)],
      ['no boundary parameter', 'multipart/form-data', part(boundary) + `\r\n--${boundary}--\r\n`],
      ['a 300-character boundary', `multipart/form-data; boundary=${long}`, part(long) + `\r\n--${long}--\r\n`],
      ['an empty body', `multipart/form-data; boundary=${boundary}`, ''],
      ['garbage', `multipart/form-data; boundary=${boundary}`, Buffer.from([0, 1, 2, 3, 255, 254])],
      ['a header without its end', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="avatar"`],
    ];
    for (const [what, type, payload] of cases) {
      const res = await upload(type, payload);
      expect([400, 413, 415], `${what}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body.statusCode).toBe(res.status);
      expect(typeof res.body.code).toBe('string');
    }
  });
});

describe('guesses on one account', () => {
  it('40 concurrent guesses have at most 5 passwords checked; the right one in the burst is refused', async () => {
    const owner = await t.signUpOwner();
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? owner.password : `Wrong-Guess-${i}`));
    const results = await Promise.all(guesses.map((password) => t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password } })));
    const checked = results.filter((r) => r.status === 401 || r.status === 200);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(35);
    expect(results[20]!.status).toBe(429);
    expect(await t.count(sessions, eq(sessions.userId, owner.id))).toBe(0);
    // Every refusal says when to come back.
    for (const r of results.filter((x) => x.status === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('unlock-session and sign-in share the count', async () => {
    const owner = await t.signUpOwner();
    for (let i = 0; i < 3; i++)
      expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: `Wrong-${i}-Guess` } }), 401, 'INVALID_CREDENTIALS');
    for (let i = 0; i < 2; i++)
      expectError(await t.api('POST', '/api/auth/unlock-session', { body: { email: owner.email, password: `Wrong-${i}-Unlock` } }), 401, 'INVALID_CREDENTIALS');
    expectError(await t.api('POST', '/api/auth/unlock-session', { body: { email: owner.email, password: owner.password } }), 429, 'RATE_LIMITED');
  });

  it('change-password counts wrong current passwords: after five, even the right one waits', async () => {
    const { owner, token } = await t.ownerToken();
    const body = (currentPassword: string) => ({ currentPassword, newPassword: 'Another-Ledger-Pass-5' });
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.api('POST', '/api/auth/change-password', { token, body: body(`Wrong-Current-${i}`) })),
    );
    expect(attempts.filter((r) => r.status === 400).length).toBeLessThanOrEqual(5);
    expectError(await t.api('POST', '/api/auth/change-password', { token, body: body(owner.password) }), 429, 'RATE_LIMITED');
    // The password did not change.
    expect((await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Another-Ledger-Pass-5' } })).status).not.toBe(200);
  });

  it('an attacker elsewhere cannot keep the owner out from an address the owner has signed in from', async () => {
    const owner = await t.signUpOwner();
    const home = '192.0.2.10';
    expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, remoteAddress: home }));
    for (let i = 0; i < 8; i++)
      await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: `Attack-${i}-Guess` }, remoteAddress: `198.51.100.${i + 1}` });
    expectError(
      await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, remoteAddress: '198.51.100.77' }),
      429,
      'RATE_LIMITED',
    );
    expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, remoteAddress: home }));
  });
});

describe('administrators', () => {
  it('cannot demote or disable themselves by writing their id in upper case', async () => {
    const admin = await t.adminToken();
    const me = expectOk(await t.api('GET', '/api/common/user', { token: admin }));
    const upper = String(me.id).toUpperCase();
    expectError(await t.api('PATCH', `/api/admin/users/${upper}`, { token: admin, body: { role: 'user' } }), 403, 'FORBIDDEN');
    expectError(await t.api('POST', `/api/admin/users/${upper}/disable`, { token: admin }), 403, 'FORBIDDEN');
    expectError(await t.api('PATCH', `/api/admin/users/${upper}`, { token: admin, body: { status: 'disabled' } }), 403, 'FORBIDDEN');
    const row = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(row[0]).toMatchObject({ role: 'admin', status: 'active' });
    // Upper case still finds the record for a plain read.
    expect(expectOk(await t.api('GET', `/api/admin/users/${upper}`, { token: admin })).id).toBe(me.id);
  });

  it('two administrators demoting each other at once: one succeeds, one is refused, one administrator remains', async () => {
    const t2 = await createTestApp();
    try {
      const first = await t2.adminToken();
      const second = { email: uniqueEmail('admin2'), password: 'Second-Admin-Ledger-1' };
      const created = expectOk(await t2.api('POST', '/api/admin/users', { token: first, body: { name: 'Second', role: 'admin', ...second } }), 201);
      const secondToken = (await t2.signIn(second.email, second.password)).accessToken;
      const firstId = expectOk(await t2.api('GET', '/api/common/user', { token: first })).id;
      const [a, b] = await Promise.all([
        t2.api('PATCH', `/api/admin/users/${created.id}`, { token: first, body: { role: 'user' } }),
        t2.api('POST', `/api/admin/users/${firstId}/disable`, { token: secondToken }),
      ]);
      const statuses = [a.status, b.status].sort();
      // Either one of the two wins and the other is refused (409, or 401/403 once the winner's change took the loser's rights).
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const active = await t2.db.select().from(users).where(eq(users.role, 'admin'));
      expect(active.filter((u) => u.status === 'active')).toHaveLength(1);
    } finally {
      await t2.close();
    }
  });

  it('a start with ADMIN_EMAIL and ADMIN_PASSWORD enables a disabled administrator again', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      let app = await createTestApp({}, { store });
      await app.db.update(users).set({ status: 'disabled' }).where(eq(users.email, ADMIN_EMAIL));
      expectError(await app.api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }), 403, 'ACCOUNT_DISABLED');
      await app.close();
      app = await createTestApp({ ADMIN_PASSWORD: 'Restored-Admin-Pass-9' }, { store });
      expect(app.app.bootstrapResult.restoredAdmin).toEqual({ email: ADMIN_EMAIL, passwordSet: true });
      expectOk(await app.api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: 'Restored-Admin-Pass-9' } }));
      await app.close();
    } finally {
      await store.drop();
    }
  });
});

describe('pending links end with the password and the account', () => {
  it('changing the password ends a pending reset link', async () => {
    const { owner, token } = await t.ownerToken();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const link = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    expectOk(await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: owner.password, newPassword: 'Changed-Ledger-Pass-3' } }));
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: link, password: 'Attacker-Chosen-Pass-1' } }), 400, 'TOKEN_INVALID');
    expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Changed-Ledger-Pass-3' } }));
  });

  it('disabling an account ends its reset and confirmation links', async () => {
    const admin = await t.adminToken();
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const reset = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    const unconfirmed = uniqueEmail('unconfirmed');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Pending', email: unconfirmed, password: GOOD_PASSWORD, agreements: true } }));
    const confirm = tokenFromMail(await t.lastMailTo(unconfirmed), '/confirm-email');
    const [pending] = await t.db.select().from(users).where(eq(users.email, unconfirmed));

    expectOk(await t.api('POST', `/api/admin/users/${owner.id}/disable`, { token: admin }));
    expectOk(await t.api('POST', `/api/admin/users/${pending!.id}/disable`, { token: admin }));
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: reset, password: 'Attacker-Chosen-Pass-1' } }), 400, 'TOKEN_INVALID');
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token: confirm } }), 400, 'TOKEN_INVALID');
    // Enabled again, the old links stay dead.
    expectOk(await t.api('PATCH', `/api/admin/users/${owner.id}`, { token: admin, body: { status: 'active' } }));
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: reset, password: 'Attacker-Chosen-Pass-1' } }), 400, 'TOKEN_INVALID');
  });
});

describe('answers', () => {
  it('carrying tokens or personal data are never cached', async () => {
    const { owner, token } = await t.ownerToken();
    const admin = await t.adminToken();
    for (const res of [
      await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }),
      await t.api('GET', '/api/common/user', { token }),
      await t.api('GET', '/api/auth/sessions', { token }),
      await t.api('GET', '/api/admin/users', { token: admin }),
      await t.api('GET', '/api/common/user'),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("echo a client's request id only when it is safe", async () => {
    expect((await t.api('GET', '/api/health', { headers: { 'x-request-id': 'trace.abc-123:7' } })).headers['x-request-id']).toBe('trace.abc-123:7');
    for (const unsafe of ['a b', 'x'.repeat(101), 'a"b', 'a\\nb', '<script>']) {
      expect((await t.api('GET', '/api/health', { headers: { 'x-request-id': unsafe } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('mail off the request path', () => {
  /** A server that accepts connections and never says a word, as a hung SMTP server does. */
  async function silentServer(): Promise<{ port: number; close: () => void }> {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const close = () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    };
    return { port: (server.address() as { port: number }).port, close };
  }

  it('a hung SMTP server slows no request; the mail waits in the outbox, not sent', async () => {
    const { port, close } = await silentServer();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const owner = await app.signUpOwner();
      const started = Date.now();
      expectOk(await app.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
      // The answer did not wait for the SMTP server's greeting (which never comes; the transport gives up after 10 s).
      expect(Date.now() - started).toBeLessThan(5_000);
      const [row] = await app.db.select().from(outbox).where(eq(outbox.to, owner.email)).orderBy(outbox.createdAt);
      expect(row).toBeDefined();
      expect(row!.sentAt).toBeNull();
    } finally {
      close();
      await app.close();
    }
  });

  it('with a working SMTP server every mail is delivered and marked sent; one that fails is retried later', async () => {
    const received: string[] = [];
    let refuse = true;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        // The first delivery fails as a full mailbox would; the retry goes through.
        if (refuse) {
          refuse = false;
          return callback(Object.assign(new Error('Mailbox busy'), { responseCode: 450 }));
        }
        received.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as { port: number }).port;
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const owner = await app.signUpOwner();
      await app.app.mailQueue.drain({ deliver: true });
      const [first] = await app.db.select().from(outbox).where(eq(outbox.to, owner.email));
      expect(first).toMatchObject({ attempts: 1, sentAt: null });
      expect(first!.error).toContain('Mailbox busy');
      // Due again now, as if the retry delay had passed.
      await app.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, first!.id));
      await app.app.mailQueue.drain({ deliver: true });
      const [again] = await app.db.select().from(outbox).where(eq(outbox.id, first!.id));
      expect(again!.sentAt).toBeInstanceOf(Date);
      expect(again!.attempts).toBe(2);
      expect(received).toEqual([owner.email]);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('a mail asked for just before a stop is composed at the next start: none is lost', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      let app = await createTestApp({}, { store });
      const owner = await app.signUpOwner();
      // The request's job is written; stop before the queue's next round.
      await app.app.mailQueue.stop();
      expectOk(await app.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
      expect((await app.db.select().from(mailJobs).where(eq(mailJobs.email, owner.email))).filter((j) => j.kind === 'reset' && !j.doneAt)).toHaveLength(1);
      await app.close();

      app = await createTestApp({}, { store });
      const link = tokenFromMail(await app.lastMailTo(owner.email), '/reset-password');
      expectOk(await app.api('POST', '/api/auth/reset-password', { body: { token: link, password: 'After-Restart-Pass-4' } }));
      await app.close();
    } finally {
      await store.drop();
    }
  });
});
