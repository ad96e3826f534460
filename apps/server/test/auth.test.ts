import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { authTokens, outbox, sessions, users } from '../src/db/schema/index.js';
import { createTestApp, GOOD_PASSWORD, PUBLIC_URL, tokenFromMail, uniqueEmail, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';
import { claimsOf, signToken, tamperedToken, unsignedToken } from './helpers/tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PASSWORD = 'Cuaderno-Azul-2031';
const INVALID_TOKEN = { message: 'Invalid token' };

const me = (token: string) => t.api('GET', '/api/common/user', { token });
const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
const sessionRow = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0];
/** Rows in the tables a failed sign-up must leave alone. */
const written = async () => ({
  users: await t.count(users),
  outbox: await t.count(outbox),
  tokens: await t.count(authTokens),
  sessions: await t.count(sessions),
});

describe('sign-up', () => {
  it('creates an unconfirmed owner on the free plan and mails the confirmation link', async () => {
    const email = uniqueEmail('signup');
    const res = await t.api('POST', '/api/auth/sign-up', {
      body: { name: '  Marta Ruiz  ', email: `  ${email.toUpperCase()} `, password: GOOD_PASSWORD, company: 'Bar Marta', agreements: true },
    });
    expect(expectOk(res)).toBe(true);

    const row = await userRow(email);
    expect(row).toMatchObject({ email, name: 'Marta Ruiz', company: 'Bar Marta', role: 'user', plan: 'free', status: 'active', emailConfirmedAt: null });
    expect(row!.agreementsAt).toBeInstanceOf(Date);
    // With the trial of the paid plan (TRIAL_DAYS, 30 by default) from the moment the account is made.
    expect(row!.trialEndsAt!.getTime() - row!.createdAt.getTime()).toBeGreaterThan(30 * 86_400_000 - 5_000);
    expect(row!.trialEndsAt!.getTime() - row!.createdAt.getTime()).toBeLessThan(30 * 86_400_000 + 5_000);
    // Argon2id (the suite runs the cheap test profile; passwords.test.ts checks the OWASP one); never the password itself.
    expect(row!.passwordHash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);

    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your email address for Cuadre');
    const token = tokenFromMail(mails[0]!, '/confirm-email');
    // Only the token's hash is kept.
    const [stored] = await t.db.select().from(authTokens).where(eq(authTokens.userId, row!.id));
    expect(stored).toMatchObject({ kind: 'confirm_email', usedAt: null });
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 VALIDATION naming the fields at fault, and writes nothing', async () => {
    const before = await written();
    const good = { name: 'Lucía Gómez', email: uniqueEmail('bad'), password: GOOD_PASSWORD, agreements: true };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ...good, email: 'not-an-email' }, ['email']],
      [{ ...good, email: 'a@b' }, ['email']],
      [{ ...good, password: 'Short-1' }, ['password']],
      [{ ...good, password: 'x'.repeat(129) }, ['password']],
      [{ ...good, agreements: undefined }, ['agreements']],
      [{ ...good, agreements: false }, ['agreements']],
      [{ ...good, name: 'N'.repeat(121) }, ['name']],
      [{ ...good, name: '   ' }, ['name']],
      [{ ...good, company: 'C'.repeat(161) }, ['company']],
      [{ email: 'x', password: 'y' }, ['agreements', 'email', 'name', 'password']],
    ];
    for (const [body, paths] of cases) {
      expectError(await t.api('POST', '/api/auth/sign-up', { body }), 400, 'VALIDATION', { paths });
    }
    expect(await written()).toEqual(before);
    expect(await userRow(good.email)).toBeUndefined();
  });

  it('accepts passwords of 8 and of 128 characters', async () => {
    const longest = ('Ledger-Book-' + 'Qz7-'.repeat(40)).slice(0, 128);
    for (const password of ['Kx7#pQ2z', longest]) {
      const email = uniqueEmail('length');
      expect(expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Lengths', email, password, agreements: true } }))).toBe(true);
      const token = tokenFromMail(await t.lastMailTo(email), '/confirm-email');
      expectOk(await t.api('POST', '/api/auth/confirm-email', { body: { token } }));
      await t.signIn(email, password);
    }
    expectError(
      await t.api('POST', '/api/auth/sign-up', { body: { name: 'Lengths', email: uniqueEmail('length'), password: 'Kx7#pQ2', agreements: true } }),
      400,
      'VALIDATION',
      { paths: ['password'] },
    );
    expectError(
      await t.api('POST', '/api/auth/sign-up', { body: { name: 'Lengths', email: uniqueEmail('length'), password: longest + 'Q', agreements: true } }),
      400,
      'VALIDATION',
      { paths: ['password'] },
    );
  });

  it('refuses common passwords and ones made from the email, on the password field', async () => {
    const before = await written();
    for (const password of ['password123', 'Qwerty123', '12345678', 'aaaaaaaaaaaa', 'carmen.lopez', 'carmen.lopez2024']) {
      const res = await t.api('POST', '/api/auth/sign-up', { body: { name: 'Carmen', email: 'carmen.lopez@example.com', password, agreements: true } });
      expectError(res, 400, 'VALIDATION', { paths: ['password'] });
    }
    expect(await written()).toEqual(before);
  });

  it('a double submit answers true twice and creates one account with one confirmation mail', async () => {
    const email = uniqueEmail('double');
    const body = { name: 'Doble Clic', email, password: GOOD_PASSWORD, agreements: true };
    const results = await Promise.all([1, 2].map(() => t.api('POST', '/api/auth/sign-up', { body })));
    expect(results.map((r) => [r.status, r.body])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect(await t.count(users, eq(users.email, email))).toBe(1);
    // One confirmation whichever way the two interleave. When they overlap, the twin loses the insert
    // and sends nothing; when the first has committed before the twin looks (a loaded machine), the
    // twin is a sign-up for an address with an account and its owner is told so, as anyone would be.
    const subjects = (await t.mailsTo(email)).map((m) => m.subject).sort();
    expect([['Confirm your email address for Cuadre'], ['Confirm your email address for Cuadre', 'You already have a Cuadre account']]).toContainEqual(
      subjects,
    );
  });

  it('answers the same true for an email that has an account, mails its owner and changes nothing', async () => {
    const owner = await t.signUpOwner();
    const before = await userRow(owner.email);
    const usersBefore = await t.count(users);

    const res = await t.api('POST', '/api/auth/sign-up', {
      body: { name: 'Someone Else', email: owner.email.toUpperCase(), password: 'Another-Password-55', agreements: true },
    });
    expect(expectOk(res)).toBe(true);

    expect(await t.count(users)).toBe(usersBefore);
    const after = await userRow(owner.email);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(after!.name).toBe(owner.name);
    const last = await t.lastMailTo(owner.email);
    expect(last.subject).toBe('You already have a Cuadre account');
    expect(last.text).toContain(`${PUBLIC_URL}/sign-in`);
    expect(last.text).not.toContain('token=');

    await t.signIn(owner.email, owner.password);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Another-Password-55' } }), 401, 'INVALID_CREDENTIALS');
  });
});

describe('email confirmation', () => {
  it('refuses sign-in before confirmation, confirms with the mailed link once, then signs in', async () => {
    const email = uniqueEmail('confirm');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Pilar', email, password: GOOD_PASSWORD, agreements: true } }));
    const user = await userRow(email);

    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email, password: GOOD_PASSWORD } }), 403, 'EMAIL_NOT_CONFIRMED');
    expect(await t.count(sessions, eq(sessions.userId, user!.id))).toBe(0);

    const token = tokenFromMail(await t.lastMailTo(email), '/confirm-email');
    expectOk(await t.api('POST', '/api/auth/confirm-email', { body: { token } }));
    expect((await userRow(email))!.emailConfirmedAt).toBeInstanceOf(Date);

    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token } }), 400, 'TOKEN_INVALID');
    const signedIn = await t.signIn(email, GOOD_PASSWORD);
    expect(signedIn.user).toMatchObject({ email, emailConfirmed: true });
  });

  it('signs the person in with the confirmation: the answer is a session as a sign-in gives, from the client that followed the link', async () => {
    const email = uniqueEmail('confirm-in');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Pilar', email, password: GOOD_PASSWORD, agreements: true } }));
    const user = await userRow(email);
    const token = tokenFromMail(await t.lastMailTo(email), '/confirm-email');
    const answer = expectOk(
      await t.api('POST', '/api/auth/confirm-email', { body: { token }, headers: { 'user-agent': 'Phone browser 1.0' }, remoteAddress: '192.0.2.7' }),
    );
    expect(answer).toMatchObject({ tokenType: 'bearer', user: { id: user!.id, email, emailConfirmed: true } });
    // The token is a session's like any other: it reads the account, and the session names the client.
    expect(expectOk(await t.api('GET', '/api/common/user', { token: answer.accessToken }))).toMatchObject({ email });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session).toMatchObject({ userAgent: 'Phone browser 1.0', ip: '192.0.2.7', revokedAt: null });
    // The link is spent: it signs no one in again.
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token } }), 400, 'TOKEN_INVALID');
    expect(await t.count(sessions, eq(sessions.userId, user!.id))).toBe(1);
  });

  it('confirms a disabled account’s address without signing it in', async () => {
    const email = uniqueEmail('confirm-disabled');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Pilar', email, password: GOOD_PASSWORD, agreements: true } }));
    const token = tokenFromMail(await t.lastMailTo(email), '/confirm-email');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.email, email));
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token } }), 403, 'ACCOUNT_DISABLED');
    const row = await userRow(email);
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await t.count(sessions, eq(sessions.userId, row!.id))).toBe(0);
  });

  it('answers TOKEN_INVALID to an unknown link and VALIDATION to an empty one', async () => {
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token: 'not-a-real-token' } }), 400, 'TOKEN_INVALID');
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token: '' } }), 400, 'VALIDATION', { paths: ['token'] });
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: {} }), 400, 'VALIDATION', { paths: ['token'] });
  });

  it('does not confirm with a reset-password link', async () => {
    const email = uniqueEmail('kind');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Rosa', email, password: GOOD_PASSWORD, agreements: true } }));
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email } }));
    const resetToken = tokenFromMail(await t.lastMailTo(email), '/reset-password');
    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token: resetToken } }), 400, 'TOKEN_INVALID');
    expect((await userRow(email))!.emailConfirmedAt).toBeNull();
  });

  it('resend-confirmation is always true, mails only an unconfirmed account, and the new link replaces the old', async () => {
    const unknown = uniqueEmail('nobody');
    expect(expectOk(await t.api('POST', '/api/auth/resend-confirmation', { body: { email: unknown } }))).toBe(true);
    expect(await t.mailsTo(unknown)).toHaveLength(0);

    const email = uniqueEmail('resend');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Iker', email, password: GOOD_PASSWORD, agreements: true } }));
    const first = tokenFromMail(await t.lastMailTo(email), '/confirm-email');
    expect(expectOk(await t.api('POST', '/api/auth/resend-confirmation', { body: { email } }))).toBe(true);
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(2);
    const second = tokenFromMail(mails[1]!, '/confirm-email');
    expect(second).not.toBe(first);

    expectError(await t.api('POST', '/api/auth/confirm-email', { body: { token: first } }), 400, 'TOKEN_INVALID');
    expect(expectOk(await t.api('POST', '/api/auth/confirm-email', { body: { token: second } }))).toMatchObject({ user: { email, emailConfirmed: true } });

    // Confirmed now: still true, no further mail.
    expect(expectOk(await t.api('POST', '/api/auth/resend-confirmation', { body: { email } }))).toBe(true);
    expect(await t.mailsTo(email)).toHaveLength(2);

    expectError(await t.api('POST', '/api/auth/resend-confirmation', { body: { email: 'nope' } }), 400, 'VALIDATION', { paths: ['email'] });
  });
});

describe('sign-in', () => {
  it('answers {user, accessToken, tokenType} and opens a session the token stands for', async () => {
    const owner = await t.signUpOwner({ company: 'Taller Ruiz' });
    const res = await t.api('POST', '/api/auth/sign-in', {
      body: { email: owner.email.toUpperCase(), password: owner.password },
      headers: { 'user-agent': 'CuadreTest/1.0' },
    });
    const body = expectOk(res);
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'tokenType', 'user']);
    expect(body.tokenType).toBe('bearer');
    expect(body.user).toEqual({
      id: owner.id,
      email: owner.email,
      name: owner.name,
      first_name: 'Marta',
      company: 'Taller Ruiz',
      avatar: null,
      profile_img_url: null,
      status: 'online',
      role: 'user',
      plan: 'free',
      trialEndsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      onTrial: true,
      accountStatus: 'active',
      emailConfirmed: true,
      mfaEnabled: false,
      preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // HS256, seven days, naming a session row of this user.
    const [header] = body.accessToken.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = claimsOf(body.accessToken);
    expect(claims.sub).toBe(owner.id);
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    const session = await sessionRow(claims.sid);
    expect(session).toMatchObject({ userId: owner.id, revokedAt: null, userAgent: 'CuadreTest/1.0', ip: '127.0.0.1' });

    const user = expectOk(await me(body.accessToken));
    expect(user.email).toBe(owner.email);
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('answers 401 INVALID_CREDENTIALS with the same body for a wrong password and an unknown email', async () => {
    const owner = await t.signUpOwner();
    const wrong = await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Not-The-Password-1' } });
    const unknown = await t.api('POST', '/api/auth/sign-in', { body: { email: uniqueEmail('ghost'), password: 'Not-The-Password-1' } });
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
    expect(await t.count(sessions, eq(sessions.userId, owner.id))).toBe(0);
  });

  it('answers 400 VALIDATION to a body without the fields', async () => {
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: uniqueEmail() } }), 400, 'VALIDATION', { paths: ['password'] });
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { password: 'x' } }), 400, 'VALIDATION', { paths: ['email'] });
  });

  it('unlock-session answers like sign-in', async () => {
    const owner = await t.signUpOwner();
    const body = expectOk(await t.api('POST', '/api/auth/unlock-session', { body: { email: owner.email, password: owner.password } }));
    expect(body.tokenType).toBe('bearer');
    expect(body.user.email).toBe(owner.email);
    expectOk(await me(body.accessToken));
    expectError(await t.api('POST', '/api/auth/unlock-session', { body: { email: owner.email, password: 'Wrong-Password-9' } }), 401, 'INVALID_CREDENTIALS');
  });
});

describe('access tokens', () => {
  let owner: Awaited<ReturnType<TestApp['signUpOwner']>>;
  let token: string;
  let claims: { sub: string; sid: string };
  beforeAll(async () => {
    owner = await t.signUpOwner();
    token = (await t.signIn(owner.email, owner.password)).accessToken;
    const c = claimsOf(token);
    claims = { sub: c.sub, sid: c.sid };
  });

  it('accepts a token signed with the server secret for a live session (the control for the cases below)', async () => {
    expectOk(await me(await signToken(claims)));
  });

  it('answers 401 "Invalid token" to tampered, alg:none, foreign, expired and garbage tokens', async () => {
    const other = await t.signUpOwner();
    const bad: Record<string, string> = {
      'payload edited': tamperedToken(token, (p) => {
        p.sub = other.id;
      }),
      'signature edited': token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA'),
      'alg none': unsignedToken(claims),
      'another secret': await signToken(claims, { secret: 'another-secret-another-secret-another-secret-xyz' }),
      expired: await signToken(claims, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 60 }),
      // Signed correctly, but the session belongs to someone else.
      'session of another user': await signToken({ sub: other.id, sid: claims.sid }),
      'unknown session': await signToken({ sub: owner.id, sid: '00000000-0000-4000-8000-000000000000' }),
      // Signed with our secret (as a leaked secret would allow), but naming no possible row: 401, not a database error.
      'session id not a UUID': await signToken({ sub: owner.id, sid: "x' or 1=1 --" }),
      'user id not a UUID': await signToken({ sub: 'admin', sid: claims.sid }),
      garbage: 'garbage',
      'three dots': 'a.b.c',
    };
    for (const [what, bearer] of Object.entries(bad)) {
      const res = await me(bearer);
      expect({ what, status: res.status, body: res.body }).toEqual({
        what,
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid token' },
      });
      const refresh = await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: bearer } });
      expect({ what, status: refresh.status, body: refresh.body }).toEqual({
        what,
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid token' },
      });
    }
    // The real token is untouched by all this.
    expectOk(await me(token));
  });

  it('answers 401 without a bearer token', async () => {
    expectError(await t.api('GET', '/api/common/user'), 401, 'UNAUTHORIZED');
    expectError(await t.api('GET', '/api/common/user', { headers: { authorization: `Basic ${token}` } }), 401, 'UNAUTHORIZED');
  });

  it('sign-in-with-token replaces the session: the new token works for seven days, the old one no longer', async () => {
    // Bring the session close to its end, so the extension is visible.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(sessions.id, claims.sid));
    const live = (await t.api('GET', '/api/auth/sessions', { token })).body.length;

    const body = expectOk(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: token } }));
    expect(body.tokenType).toBe('bearer');
    expect(body.user.id).toBe(owner.id);
    const fresh = claimsOf(body.accessToken);
    expect(fresh.sid).not.toBe(claims.sid);
    const session = await sessionRow(fresh.sid);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
    // The token's own expiry is the session's.
    expect(fresh.exp).toBe(Math.floor(session!.expiresAt.getTime() / 1000));
    // The sign-in moment is carried over, so renewals cannot extend a session for ever.
    expect(session!.signedInAt.getTime()).toBe((await sessionRow(claims.sid))!.signedInAt.getTime());
    expectOk(await me(body.accessToken));
    expectError(await me(token), 401, 'UNAUTHORIZED');
    expectError(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: token } }), 401, 'UNAUTHORIZED');
    expect((await t.api('GET', '/api/auth/sessions', { token: body.accessToken })).body).toHaveLength(live);
    token = body.accessToken;
    claims = fresh;

    expectError(await t.api('POST', '/api/auth/sign-in-with-token', { body: {} }), 400, 'VALIDATION', { paths: ['accessToken'] });
  });

  it('sign-in-with-token renews within 30 days of the sign-in with a password, never beyond', async () => {
    const other = await t.signUpOwner();
    const signed = await t.signIn(other.email, other.password);
    const sid = claimsOf(signed.accessToken).sid;
    // Signed in 29 days and 12 hours ago: a renewal is cut to the 30-day mark.
    const signedInAt = new Date(Date.now() - (29 * 24 + 12) * 3600_000);
    await t.db.update(sessions).set({ signedInAt }).where(eq(sessions.id, sid));
    const renewed = expectOk(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: signed.accessToken } }));
    const end = signedInAt.getTime() + 30 * 24 * 3600_000;
    expect(Math.abs((await sessionRow(claimsOf(renewed.accessToken).sid))!.expiresAt.getTime() - end)).toBeLessThan(2000);

    // Past the 30 days: no renewal, whatever the session row's own expiry says.
    await t.db
      .update(sessions)
      .set({ signedInAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(sessions.id, claimsOf(renewed.accessToken).sid));
    expectError(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: renewed.accessToken } }), 401, 'UNAUTHORIZED');
  });

  it('answers 401 once the session row has expired, even when the token has not', async () => {
    const other = await t.signUpOwner();
    const { accessToken } = await t.signIn(other.email, other.password);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claimsOf(accessToken).sid));
    expectError(await me(accessToken), 401, 'UNAUTHORIZED', INVALID_TOKEN);
  });
});

describe('sign-out and sessions', () => {
  it('sign-out ends that session only', async () => {
    const owner = await t.signUpOwner();
    const a = (await t.signIn(owner.email, owner.password)).accessToken;
    const b = (await t.signIn(owner.email, owner.password)).accessToken;

    expect(expectOk(await t.api('POST', '/api/auth/sign-out', { token: a }))).toBe(true);
    expectError(await me(a), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: a } }), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await t.api('POST', '/api/auth/sign-out', { token: a }), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expect((await sessionRow(claimsOf(a).sid))!.revokedAt).toBeInstanceOf(Date);

    expectOk(await me(b));
    expectError(await t.api('POST', '/api/auth/sign-out'), 401, 'UNAUTHORIZED');
  });

  it('lists live sessions, marks the current one, and ends another by id', async () => {
    const owner = await t.signUpOwner();
    const phone = (await t.signIn(owner.email, owner.password, { headers: { 'user-agent': 'Phone/1' }, remoteAddress: '10.9.0.1' })).accessToken;
    const laptop = (await t.signIn(owner.email, owner.password, { headers: { 'user-agent': 'Laptop/2' } })).accessToken;
    const ended = (await t.signIn(owner.email, owner.password)).accessToken;
    expectOk(await t.api('POST', '/api/auth/sign-out', { token: ended }));

    const list = expectOk(await t.api('GET', '/api/auth/sessions', { token: laptop })) as { id: string; current: boolean; userAgent: string; ip: string }[];
    expect(list).toHaveLength(2);
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(claimsOf(laptop).sid)).toMatchObject({ current: true, userAgent: 'Laptop/2', ip: '127.0.0.1' });
    expect(byId.get(claimsOf(phone).sid)).toMatchObject({ current: false, userAgent: 'Phone/1', ip: '10.9.0.1' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'mfa', 'userAgent']);
    }

    expect(expectOk(await t.api('DELETE', `/api/auth/sessions/${claimsOf(phone).sid}`, { token: laptop }))).toBe(true);
    expectError(await me(phone), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectOk(await me(laptop));
    const after = expectOk(await t.api('GET', '/api/auth/sessions', { token: laptop }));
    expect(after.map((s: { id: string }) => s.id)).toEqual([claimsOf(laptop).sid]);

    // Ending it twice is a 404: it is no longer a live session.
    expectError(await t.api('DELETE', `/api/auth/sessions/${claimsOf(phone).sid}`, { token: laptop }), 404, 'NOT_FOUND');
    expectError(await t.api('GET', '/api/auth/sessions'), 401, 'UNAUTHORIZED');
  });

  it("answers 404 to ending another user's session, which keeps working", async () => {
    const mine = await t.ownerToken();
    const theirs = await t.ownerToken();
    const theirSid = claimsOf(theirs.token).sid;
    expectError(await t.api('DELETE', `/api/auth/sessions/${theirSid}`, { token: mine.token }), 404, 'NOT_FOUND');
    expect((await sessionRow(theirSid))!.revokedAt).toBeNull();
    expectOk(await me(theirs.token));

    expectError(await t.api('DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000', { token: mine.token }), 404, 'NOT_FOUND');
    expectError(await t.api('DELETE', '/api/auth/sessions/not-a-uuid', { token: mine.token }), 400, 'VALIDATION', { paths: ['id'] });
  });
});

describe('forgot and reset password', () => {
  it('forgot-password is always true and mails a reset link only to an existing account', async () => {
    const unknown = uniqueEmail('ghost');
    expect(expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: unknown } }))).toBe(true);
    expect(await t.mailsTo(unknown)).toHaveLength(0);
    expect(await t.count(outbox, eq(outbox.to, unknown))).toBe(0);

    const owner = await t.signUpOwner();
    expect(expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email.toUpperCase() } }))).toBe(true);
    const mail = await t.lastMailTo(owner.email);
    expect(mail.subject).toBe('Reset your Cuadre password');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password\\?token=[A-Za-z0-9_-]{20,}`));
    const [row] = await t.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, owner.id), eq(authTokens.kind, 'reset_password')));
    // One hour.
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(3600_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(3600_000 + 5_000);

    expectError(await t.api('POST', '/api/auth/forgot-password', { body: { email: 'nope' } }), 400, 'VALIDATION', { paths: ['email'] });
  });

  it('reset sets the new password, ends every session, and the link works once', async () => {
    const owner = await t.signUpOwner();
    const s1 = (await t.signIn(owner.email, owner.password)).accessToken;
    const s2 = (await t.signIn(owner.email, owner.password)).accessToken;
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');

    expect(expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } }))).toBe(true);

    expectError(await me(s1), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await me(s2), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expect(await t.count(sessions, and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)))).toBe(0);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }), 401, 'INVALID_CREDENTIALS');
    await t.signIn(owner.email, NEW_PASSWORD);

    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'Yet-Another-Pass-42' } }), 400, 'TOKEN_INVALID');
    await t.signIn(owner.email, NEW_PASSWORD);
  });

  it('two requests racing with the same link: exactly one succeeds', async () => {
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    const results = await Promise.all(
      ['Racer-One-Password-1', 'Racer-Two-Password-2'].map((password) => t.api('POST', '/api/auth/reset-password', { body: { token, password } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expectError(
      results.find((r) => r.status === 400)!,
      400,
      'TOKEN_INVALID',
    );
    const winner = results[0]!.status === 200 ? 'Racer-One-Password-1' : 'Racer-Two-Password-2';
    await t.signIn(owner.email, winner);
  });

  it('refuses a bad new password without spending the link', async () => {
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');

    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'short' } }), 400, 'VALIDATION', { paths: ['password'] });
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token, password: 'password123' } }), 400, 'VALIDATION', { paths: ['password'] });
    await t.signIn(owner.email, owner.password);

    expect(expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } }))).toBe(true);
    await t.signIn(owner.email, NEW_PASSWORD);
  });

  it('an expired link fails and changes nothing', async () => {
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const token = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(authTokens.userId, owner.id), eq(authTokens.kind, 'reset_password')));

    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } }), 400, 'TOKEN_INVALID');
    await t.signIn(owner.email, owner.password);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: NEW_PASSWORD } }), 401, 'INVALID_CREDENTIALS');
  });

  it('a newer link replaces the older one, and an unknown token is TOKEN_INVALID', async () => {
    const owner = await t.signUpOwner();
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const older = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }));
    const newer = tokenFromMail(await t.lastMailTo(owner.email), '/reset-password');
    expect(newer).not.toBe(older);

    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: older, password: NEW_PASSWORD } }), 400, 'TOKEN_INVALID');
    expectError(await t.api('POST', '/api/auth/reset-password', { body: { token: 'made-up-token', password: NEW_PASSWORD } }), 400, 'TOKEN_INVALID');
    expect(expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token: newer, password: NEW_PASSWORD } }))).toBe(true);
  });

  it('a reset link confirms an address that was never confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    expectOk(await t.api('POST', '/api/auth/sign-up', { body: { name: 'Nerea', email, password: GOOD_PASSWORD, agreements: true } }));
    expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email } }));
    const token = tokenFromMail(await t.lastMailTo(email), '/reset-password');
    expectOk(await t.api('POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } }));
    expect((await t.signIn(email, NEW_PASSWORD)).user.emailConfirmed).toBe(true);
  });
});

describe('change password', () => {
  it('refuses a wrong current password on currentPassword and changes nothing', async () => {
    const { owner, token } = await t.ownerToken();
    const hash = (await userRow(owner.email))!.passwordHash;
    const res = await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: 'Wrong-Current-1', newPassword: NEW_PASSWORD } });
    expectError(res, 400, 'VALIDATION', { paths: ['currentPassword'] });
    expect((await userRow(owner.email))!.passwordHash).toBe(hash);

    expectError(
      await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: owner.password, newPassword: 'short' } }),
      400,
      'VALIDATION',
      { paths: ['newPassword'] },
    );
    expectError(
      await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: owner.password, newPassword: 'password123' } }),
      400,
      'VALIDATION',
      { paths: ['newPassword'] },
    );
    expectError(await t.api('POST', '/api/auth/change-password', { token, body: { newPassword: NEW_PASSWORD } }), 400, 'VALIDATION', {
      paths: ['currentPassword'],
    });
    expect((await userRow(owner.email))!.passwordHash).toBe(hash);

    expectError(
      await t.api('POST', '/api/auth/change-password', { body: { currentPassword: owner.password, newPassword: NEW_PASSWORD } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('keeps the current session and ends every other one', async () => {
    const owner = await t.signUpOwner();
    const current = (await t.signIn(owner.email, owner.password)).accessToken;
    const other = (await t.signIn(owner.email, owner.password)).accessToken;

    expect(
      expectOk(await t.api('POST', '/api/auth/change-password', { token: current, body: { currentPassword: owner.password, newPassword: NEW_PASSWORD } })),
    ).toBe(true);

    expectOk(await me(current));
    expectError(await me(other), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }), 401, 'INVALID_CREDENTIALS');
    await t.signIn(owner.email, NEW_PASSWORD);
  });
});

describe('disabled accounts', () => {
  it("ends a disabled user's tokens at once and answers ACCOUNT_DISABLED to the right password", async () => {
    const { owner, token } = await t.ownerToken();
    const admin = await t.adminToken();
    expectOk(await t.api('POST', `/api/admin/users/${owner.id}/disable`, { token: admin }));

    expectError(await me(token), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: token } }), 401, 'UNAUTHORIZED', INVALID_TOKEN);
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }), 403, 'ACCOUNT_DISABLED');
    // The wrong password still says only that the credentials are wrong.
    expectError(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: 'Wrong-Password-3' } }), 401, 'INVALID_CREDENTIALS');
    expect(await t.count(sessions, and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)))).toBe(0);

    // Nor can a disabled account get a reset mail to slip back in.
    const mailsBefore = (await t.mailsTo(owner.email)).length;
    expect(expectOk(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }))).toBe(true);
    expect(await t.mailsTo(owner.email)).toHaveLength(mailsBefore);
  });
});
