import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema/index.js';
import { createTestApp, GOOD_PASSWORD, tokenFromMail, uniqueEmail, type ApiResult, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

const signIn = (t: TestApp, email: string, password: string, remoteAddress?: string) =>
  t.api('POST', '/api/auth/sign-in', { body: { email, password }, remoteAddress });

function expectRateLimited(res: ApiResult) {
  const body = expectError(res, 429, 'RATE_LIMITED');
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode']);
  return body;
}

describe('per account (default limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('locks an account after 5 failures, even against the right password, while others still sign in', async () => {
    const victim = await t.signUpOwner();
    const colleague = await t.signUpOwner();
    for (let i = 1; i <= 5; i++) {
      // Upper and lower case are the same account.
      const email = i % 2 ? victim.email : victim.email.toUpperCase();
      expectError(await signIn(t, email, `Wrong-Password-${i}`), 401, 'INVALID_CREDENTIALS');
    }
    const locked = expectRateLimited(await signIn(t, victim.email, victim.password));
    // The first lock is short (a minute) and says so; the delays grow with each further guess (ADR 005).
    expect(locked.message).toBe('Too many failed attempts on this account; try again in 1 minute');
    // The lock is on the account, not the address.
    expectRateLimited(await signIn(t, victim.email, victim.password, '192.0.2.44'));
    expectRateLimited(await t.api('POST', '/api/auth/unlock-session', { body: { email: victim.email, password: victim.password } }));
    expect(await t.count(sessions, eq(sessions.userId, victim.id))).toBe(0);

    const ok = expectOk(await signIn(t, colleague.email, colleague.password));
    expect(ok.user.email).toBe(colleague.email);
  });

  it('four failures then the right password signs in and clears the count', async () => {
    const owner = await t.signUpOwner();
    for (let i = 0; i < 4; i++) expectError(await signIn(t, owner.email, 'Wrong-Password-0'), 401, 'INVALID_CREDENTIALS');
    expectOk(await signIn(t, owner.email, owner.password));
    for (let i = 0; i < 4; i++) expectError(await signIn(t, owner.email, 'Wrong-Password-0'), 401, 'INVALID_CREDENTIALS');
    expectOk(await signIn(t, owner.email, owner.password));
  });

  it('a password reset lifts the lock', async () => {
    const owner = await t.signUpOwner();
    for (let i = 0; i < 5; i++) expectError(await signIn(t, owner.email, 'Wrong-Password-0'), 401, 'INVALID_CREDENTIALS');
    expectRateLimited(await signIn(t, owner.email, owner.password));

    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'Fresh-Start-Ledger-9' } }));
    expectOk(await signIn(t, owner.email, 'Fresh-Start-Ledger-9'));
  });

  it('an unknown address is locked the same way, so the answer reveals nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expectError(await signIn(t, ghost, 'Wrong-Password-0'), 401, 'INVALID_CREDENTIALS');
    expectRateLimited(await signIn(t, ghost, 'Wrong-Password-0'));
  });

  it('limits the mails one address can ask for: the sixth reset or confirmation request is refused', async () => {
    const owner = await t.signUpOwner();
    const before = (await t.mailsTo(owner.email)).length;
    for (let i = 0; i < 5; i++) expect(expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }))).toBe(true);
    expectRateLimited(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    expect(await t.mailsTo(owner.email)).toHaveLength(before + 5);

    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: ghost } }));
    expectRateLimited(await t.api('POST', '/api/auth/forgot-password', { body: { email: ghost } }));

    const email = uniqueEmail('resend');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Oihane', email, password: GOOD_PASSWORD, agreements: true } }));
    for (let i = 0; i < 5; i++) expectOk(await t.api('POST', '/api/auth/resend-confirmation', { body: { email } }));
    expectRateLimited(await t.api('POST', '/api/auth/resend-confirmation', { body: { email } }));
    expect(await t.mailsTo(email)).toHaveLength(6);
  });

  it('limits reset attempts per account: after five refused passwords the link is refused too', async () => {
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    for (let i = 0; i < 5; i++) expectError(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'password123' } }), 400, 'VALIDATION');
    expectRateLimited(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'Fresh-Start-Ledger-9' } }));
    expectOk(await signIn(t, owner.email, owner.password));
  });

  it('limits sign-ups for one address: the sixth within the window is refused', async () => {
    const email = uniqueEmail('signup');
    const body = { name: 'Repeat', email, password: GOOD_PASSWORD, agreements: true };
    for (let i = 0; i < 5; i++) expect(expectOk(await t.api('POST', '/api/auth/sign-up', { body }))).toBe(true);
    expectRateLimited(await t.api('POST', '/api/auth/sign-up', { body }));
    // One confirmation and four "you already have an account" mails.
    expect((await t.mailsTo(email)).map((m) => m.subject)).toEqual([
      'Confirm your email address for Cuadre',
      ...Array(4).fill('You already have a Cuadre account'),
    ]);
  });

  it('never blocks an office: 25 colleagues behind one address, each mistyping once, all sign in', async () => {
    const admin = await t.adminToken();
    const office = '198.51.100.20';
    const people: { email: string; password: string }[] = [];
    for (let i = 0; i < 25; i++) {
      const person = { email: uniqueEmail(`office${i}`), password: `Office-Desk-${i}-Ledger` };
      expectOk(await t.api('POST', '/api/admin/users', { token: admin, body: { name: `Colleague ${i}`, ...person } }), 201);
      people.push(person);
    }
    for (const p of people) {
      expectError(await signIn(t, p.email, 'Typo-Password-1', office), 401, 'INVALID_CREDENTIALS');
      const res = expectOk(await signIn(t, p.email, p.password, office));
      expect(res.user.email).toBe(p.email);
    }
  });
});

describe('per client address (AUTH_IP_LIMIT=20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_IP_LIMIT: '20' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sign-in: 20 requests pass, the 21st is 429 even with the right password; another address is unaffected', async () => {
    const owner = await t.signUpOwner();
    const address = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      // Different unknown accounts, so the per-account lock plays no part.
      expectError(await signIn(t, uniqueEmail('scan'), 'Wrong-Password-0', address), 401, 'INVALID_CREDENTIALS');
    }
    const res = await signIn(t, owner.email, owner.password, address);
    expectRateLimited(res);
    expect(res.body.message).toMatch(/^Too many requests; try again in \d+ seconds$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-ratelimit-limit']).toBe('20');
    expect(await t.count(sessions, eq(sessions.userId, owner.id))).toBe(0);

    expectOk(await signIn(t, owner.email, owner.password, '203.0.113.8'));
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, so a client cannot pose as many addresses', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 20; i++) {
      const res = await t.api('POST', '/api/auth/forgot-password', {
        body: { email: uniqueEmail('xff') },
        remoteAddress: address,
        headers: { 'x-forwarded-for': `10.0.${i}.1` },
      });
      expect(res.status).toBe(200);
    }
    expectRateLimited(
      await t.api('POST', '/api/auth/forgot-password', {
        body: { email: uniqueEmail('xff') },
        remoteAddress: address,
        headers: { 'x-forwarded-for': '10.0.99.1' },
      }),
    );
  });

  it('sign-up, forgot-password and reset-password are limited per address too', async () => {
    const calls: [string, () => unknown][] = [
      ['/api/auth/sign-up', () => ({ name: 'Bot', email: 'not-an-email', password: 'x', agreements: true })],
      ['/api/auth/forgot-password', () => ({ email: uniqueEmail('scan') })],
      ['/api/auth/reset-password', () => ({ token: `made-up-${Math.random()}`, password: 'Whatever-Pass-1' })],
    ];
    for (const [url, body] of calls) {
      const address = `203.0.113.${20 + calls.findIndex(([u]) => u === url)}`;
      for (let i = 0; i < 20; i++) {
        const res = await t.api('POST', url, { body: body(), remoteAddress: address });
        expect(res.status, `${url} #${i + 1}: ${JSON.stringify(res.body)}`).not.toBe(429);
      }
      expectRateLimited(await t.api('POST', url, { body: body(), remoteAddress: address }));
      const elsewhere = await t.api('POST', url, { body: body(), remoteAddress: '203.0.113.99' });
      expect(elsewhere.status, `${url} from another address`).not.toBe(429);
    }
  });
});
