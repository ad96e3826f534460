import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { loadConfig, ConfigError } from '../src/config/env.js';
import { auditLog, mfaRecoveryCodes, sessions, users } from '../src/db/schema/index.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type Owner, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` periods from now: the same library, not the server's answer. */
function codeOf(secret: string, steps = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP_MS });
}

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/**
 * As if the next 30-second step had come: a code works once and never one of an earlier step, so a
 * test that needs another code of the same user would otherwise wait half a minute.
 */
async function nextStep(userId: string) {
  await t.db.update(users).set({ mfaLastStep: null }).where(eq(users.id, userId));
}

interface MfaOwner {
  owner: Owner;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** An owner who has turned two-step sign-in on from the settings, with the session that did it. */
async function mfaOwner(): Promise<MfaOwner> {
  const { owner, token } = await t.ownerToken();
  const setup = expectOk(await t.api('POST', '/api/auth/mfa/setup', { token }));
  const enabled = expectOk(await t.api('POST', '/api/auth/mfa/enable', { token, body: { code: codeOf(setup.secret) } }));
  return { owner, token, secret: setup.secret, recoveryCodes: enabled.recoveryCodes };
}

const signIn = (email: string, password: string) => t.api('POST', '/api/auth/sign-in', { body: { email, password } });
const secondStep = (body: object) => t.api('POST', '/api/auth/sign-in/mfa', { body });

describe('setting two-step sign-in up', () => {
  it('answers a new secret each time until a code of the last one turns it on; the secret is kept encrypted', async () => {
    const { owner, token } = await t.ownerToken();
    const first = expectOk(await t.api('POST', '/api/auth/mfa/setup', { token }));
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Cuadre:/);
    expect(new URL(first.otpauthUrl).searchParams.get('secret')).toBe(first.secret);
    expect(first.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const second = expectOk(await t.api('POST', '/api/auth/mfa/setup', { token }));
    expect(second.secret).not.toBe(first.secret);

    const row = await userRow(owner.id);
    expect(row.mfaPendingSecret).toBeTruthy();
    expect(row.mfaPendingSecret).not.toContain(second.secret);
    expect(row.mfaSecret).toBeNull();
    expect(row.mfaEnabledAt).toBeNull();

    // A code of the replaced secret is refused, and nothing is turned on.
    expectError(await t.api('POST', '/api/auth/mfa/enable', { token, body: { code: codeOf(first.secret) } }), 400, 'MFA_INVALID', { paths: ['code'] });
    expect((await userRow(owner.id)).mfaEnabledAt).toBeNull();
    // Not six digits: the contract says so.
    expectError(await t.api('POST', '/api/auth/mfa/enable', { token, body: { code: '12a456' } }), 400, 'VALIDATION', { paths: ['code'] });

    // The previous step's code is still good (a phone's clock a little behind).
    const enabled = expectOk(await t.api('POST', '/api/auth/mfa/enable', { token, body: { code: codeOf(second.secret, -1) } }));
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.recoveryCodes).size).toBe(10);
    for (const c of enabled.recoveryCodes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const kept = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, owner.id));
    expect(kept).toHaveLength(10);
    for (const k of kept) expect(enabled.recoveryCodes.some((c: string) => k.codeHash.includes(c) || k.codeHash.includes(c.replace('-', '')))).toBe(false);

    const me = expectOk(await t.api('GET', '/api/common/user', { token }));
    expect(me.mfaEnabled).toBe(true);
    const after = await userRow(owner.id);
    expect(after.mfaPendingSecret).toBeNull();
    expect(after.mfaSecret).not.toContain(second.secret);
    // On already: no new secret.
    expectError(await t.api('POST', '/api/auth/mfa/setup', { token }), 409, 'CONFLICT');
  });

  it('needs a session', async () => {
    expectError(await t.api('POST', '/api/auth/mfa/setup'), 401, 'UNAUTHORIZED');
    expectError(await t.api('POST', '/api/auth/mfa/enable', { body: { code: '123456' } }), 401, 'UNAUTHORIZED');
  });
});

describe("the sign-in's second step", () => {
  it('signs in with a code, within one step either side, once; the session says it used the second step', async () => {
    const u = await mfaOwner();
    const sessionsBefore = await t.count(sessions, eq(sessions.userId, u.owner.id));
    const first = expectOk(await signIn(u.owner.email, u.owner.password));
    expect(first).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    // No session yet, and the step's token is no access token.
    expect(await t.count(sessions, eq(sessions.userId, u.owner.id))).toBe(sessionsBefore);
    expectError(await t.api('GET', '/api/common/user', { token: first.mfaToken }), 401, 'UNAUTHORIZED');

    // Two steps away: refused.
    expectError(await secondStep({ mfaToken: first.mfaToken, code: codeOf(u.secret, -2) }), 400, 'MFA_INVALID');
    expectError(await secondStep({ mfaToken: first.mfaToken, code: codeOf(u.secret, 2) }), 400, 'MFA_INVALID');
    // The next step's code (a phone's clock a little ahead) is good, once.
    const code = codeOf(u.secret, 1);
    const signedIn = expectOk(await secondStep({ mfaToken: first.mfaToken, code }));
    expect(signedIn).toMatchObject({ tokenType: 'bearer', user: { id: u.owner.id, mfaEnabled: true } });
    expectError(await secondStep({ mfaToken: first.mfaToken, code }), 400, 'MFA_INVALID');
    // An earlier step than the last one used: refused too.
    expectError(await secondStep({ mfaToken: first.mfaToken, code: codeOf(u.secret, 0) }), 400, 'MFA_INVALID');

    const list = expectOk(await t.api('GET', '/api/auth/sessions', { token: signedIn.accessToken }));
    expect(list.find((s: { current: boolean }) => s.current)).toMatchObject({ mfa: true });
    expect(list.find((s: { current: boolean }) => !s.current)).toMatchObject({ mfa: false });
    // A renewed token keeps the mark.
    const renewed = expectOk(await t.api('POST', '/api/auth/sign-in-with-token', { body: { accessToken: signedIn.accessToken } }));
    const afterRenewal = expectOk(await t.api('GET', '/api/auth/sessions', { token: renewed.accessToken }));
    expect(afterRenewal.find((s: { current: boolean }) => s.current)).toMatchObject({ mfa: true });
  });

  it('takes each recovery code once, written as shown or without the dash and in capitals', async () => {
    const u = await mfaOwner();
    const { mfaToken } = expectOk(await signIn(u.owner.email, u.owner.password));
    expectOk(await secondStep({ mfaToken, recoveryCode: u.recoveryCodes[0] }));
    expectError(await secondStep({ mfaToken, recoveryCode: u.recoveryCodes[0] }), 400, 'MFA_INVALID', { paths: ['recoveryCode'] });
    expectOk(await secondStep({ mfaToken, recoveryCode: u.recoveryCodes[1]!.replace('-', '').toUpperCase() }));
    expectError(await secondStep({ mfaToken, recoveryCode: 'aaaaa-bbbbb' }), 400, 'MFA_INVALID');
    const left = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, u.owner.id));
    expect(left.filter((c) => c.usedAt).length).toBe(2);
  });

  it('refuses a wrong, forged or missing second-step token', async () => {
    const u = await mfaOwner();
    expectError(await secondStep({ mfaToken: 'not-a-token', code: codeOf(u.secret, 1) }), 400, 'MFA_INVALID', { paths: ['mfaToken'] });
    // The session's own access token is not a second-step token.
    expectError(await secondStep({ mfaToken: u.token, code: codeOf(u.secret, 1) }), 400, 'MFA_INVALID', { paths: ['mfaToken'] });
    expectError(await secondStep({ code: codeOf(u.secret, 1) }), 400, 'VALIDATION');
  });

  it('throttles wrong codes like passwords: after five, even the right code waits', async () => {
    const u = await mfaOwner();
    const { mfaToken } = expectOk(await signIn(u.owner.email, u.owner.password));
    const right = codeOf(u.secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectError(await secondStep({ mfaToken, code: wrong }), 400, 'MFA_INVALID');
    const refused = expectError(await secondStep({ mfaToken, code: right }), 429, 'RATE_LIMITED');
    expect(refused.message).toMatch(/try again in 1 minute/);
    // Recovery codes are the same guesses.
    expectError(await secondStep({ mfaToken, recoveryCode: u.recoveryCodes[0] }), 429, 'RATE_LIMITED');
    // The password's own bucket is apart: the password still signs in to the first step.
    expect(expectOk(await signIn(u.owner.email, u.owner.password)).mfaRequired).toBe(true);
  });
});

describe('sensitive changes ask for a code when it is on', () => {
  it('changing the password: 403 without a code, 400 with a wrong one, and nothing changes', async () => {
    const u = await mfaOwner();
    const body = { currentPassword: u.owner.password, newPassword: 'Cuaderno-Azul-2031' };
    const before = (await userRow(u.owner.id)).passwordHash;
    expectError(await t.api('POST', '/api/auth/change-password', { token: u.token, body }), 403, 'MFA_REQUIRED', { paths: ['code'] });
    expectError(await t.api('POST', '/api/auth/change-password', { token: u.token, body: { ...body, code: codeOf(u.secret, -3) } }), 400, 'MFA_INVALID');
    expect((await userRow(u.owner.id)).passwordHash).toBe(before);
    expectOk(await t.api('POST', '/api/auth/change-password', { token: u.token, body: { ...body, code: codeOf(u.secret, 1) } }));
    expect((await userRow(u.owner.id)).passwordHash).not.toBe(before);
  });

  it('unlocking a session: the code in the same request', async () => {
    const u = await mfaOwner();
    const body = { email: u.owner.email, password: u.owner.password };
    expectError(await t.api('POST', '/api/auth/unlock-session', { body }), 403, 'MFA_REQUIRED');
    expectError(await t.api('POST', '/api/auth/unlock-session', { body: { ...body, code: codeOf(u.secret, -3) } }), 400, 'MFA_INVALID');
    const unlocked = expectOk(await t.api('POST', '/api/auth/unlock-session', { body: { ...body, code: codeOf(u.secret, 1) } }));
    expect(unlocked.user.id).toBe(u.owner.id);
  });

  it('deleting the account: refused without the code, done with it', async () => {
    const u = await mfaOwner();
    expectError(await t.api('DELETE', '/api/account', { token: u.token, body: { password: u.owner.password } }), 403, 'MFA_REQUIRED');
    expectError(
      await t.api('DELETE', '/api/account', { token: u.token, body: { password: u.owner.password, code: codeOf(u.secret, -3) } }),
      400,
      'MFA_INVALID',
    );
    expect(await t.count(users, eq(users.id, u.owner.id))).toBe(1);
    expectOk(await t.api('DELETE', '/api/account', { token: u.token, body: { password: u.owner.password, code: codeOf(u.secret, 1) } }));
    expect(await t.count(users, eq(users.id, u.owner.id))).toBe(0);
  });

  it("the account's own export (a backup of it): the code to start the job and to download it at once", async () => {
    const u = await mfaOwner();
    expectError(await t.api('POST', '/api/jobs/account-export', { token: u.token }), 403, 'MFA_REQUIRED');
    expectError(await t.api('POST', '/api/jobs/account-export', { token: u.token, body: { code: codeOf(u.secret, -3) } }), 400, 'MFA_INVALID');
    expectError(await t.api('GET', '/api/account/export', { token: u.token }), 403, 'MFA_REQUIRED');
    const jobs = expectOk(await t.api('GET', '/api/jobs', { token: u.token })).items as unknown[];
    expect(jobs).toEqual([]);
    const res = await t.api('POST', '/api/jobs/account-export', { token: u.token, body: { code: codeOf(u.secret, 1) } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ kind: 'account_export' });
  });

  it('an account without it changes as before', async () => {
    const { owner, token } = await t.ownerToken();
    expectOk(await t.api('POST', '/api/auth/change-password', { token, body: { currentPassword: owner.password, newPassword: 'Cuaderno-Azul-2031' } }));
  });

  it('turning it off: the password and a code; then the password alone signs in', async () => {
    const u = await mfaOwner();
    expectError(await t.api('POST', '/api/auth/mfa/disable', { token: u.token, body: { password: u.owner.password } }), 400, 'VALIDATION', { paths: ['code'] });
    expectError(
      await t.api('POST', '/api/auth/mfa/disable', { token: u.token, body: { password: 'Wrong-Password-1', code: codeOf(u.secret, 1) } }),
      400,
      'VALIDATION',
      {
        paths: ['password'],
      },
    );
    expectError(
      await t.api('POST', '/api/auth/mfa/disable', { token: u.token, body: { password: u.owner.password, code: codeOf(u.secret, -3) } }),
      400,
      'MFA_INVALID',
    );
    expect((await userRow(u.owner.id)).mfaEnabledAt).not.toBeNull();
    expectOk(await t.api('POST', '/api/auth/mfa/disable', { token: u.token, body: { password: u.owner.password, code: codeOf(u.secret, 1) } }));
    const row = await userRow(u.owner.id);
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null, mfaPendingSecret: null });
    expect(await t.count(mfaRecoveryCodes, eq(mfaRecoveryCodes.userId, u.owner.id))).toBe(0);
    expect(expectOk(await signIn(u.owner.email, u.owner.password)).accessToken).toEqual(expect.any(String));
  });

  it("the instance's backup download: ?code= for an administrator with it on", async () => {
    const admin = await t.adminToken();
    const setup = expectOk(await t.api('POST', '/api/auth/mfa/setup', { token: admin }));
    expectOk(await t.api('POST', '/api/auth/mfa/enable', { token: admin, body: { code: codeOf(setup.secret) } }));
    try {
      expectError(await t.api('GET', '/api/admin/backup', { token: admin }), 403, 'MFA_REQUIRED');
      expectError(await t.api('GET', '/api/admin/backup', { token: admin, query: { code: codeOf(setup.secret, -3) } }), 400, 'MFA_INVALID');
      const res = await t.api('GET', '/api/admin/backup', { token: admin, query: { code: codeOf(setup.secret, 1) } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
    } finally {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
      await nextStep(row!.id);
      expectOk(await t.api('POST', '/api/auth/mfa/disable', { token: admin, body: { password: ADMIN_PASSWORD, code: codeOf(setup.secret) } }));
    }
  });
});

describe("an administrator's reset", () => {
  it("turns another user's second step off, in the user's audit trail, and tells the user by mail", async () => {
    const u = await mfaOwner();
    const admin = await t.adminToken();
    const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
    const listed = expectOk(await t.api('GET', `/api/admin/users/${u.owner.id}`, { token: admin }));
    expect(listed.mfaEnabled).toBe(true);

    // Not for an owner, and not for someone without it.
    expectError(await t.api('POST', `/api/admin/users/${u.owner.id}/mfa-reset`, { token: u.token }), 403, 'FORBIDDEN');
    const other = await t.signUpOwner();
    expectError(await t.api('POST', `/api/admin/users/${other.id}/mfa-reset`, { token: admin }), 409, 'CONFLICT');

    const reset = expectOk(await t.api('POST', `/api/admin/users/${u.owner.id}/mfa-reset`, { token: admin }));
    expect(reset.mfaEnabled).toBe(false);
    expect(await userRow(u.owner.id)).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
    expect(await t.count(mfaRecoveryCodes, eq(mfaRecoveryCodes.userId, u.owner.id))).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ownerId, u.owner.id), eq(auditLog.entity, 'mfa')));
    expect(audit).toMatchObject({ actorId: adminRow!.id, entityId: u.owner.id, action: 'delete', after: null });
    const mail = await t.lastMailTo(u.owner.email);
    expect(mail.subject).toBe('Two-step sign-in was turned off on your Cuadre account');
    expect(mail.text).toContain('An administrator turned off two-step sign-in');
    // The password alone signs in again; the old recovery codes are gone.
    expect(expectOk(await signIn(u.owner.email, u.owner.password)).accessToken).toEqual(expect.any(String));
    // The other owner's account is untouched and got no mail.
    expect((await t.mailsTo(other.email)).filter((m) => m.subject.includes('Two-step'))).toHaveLength(0);
  });

  it('needs an administrator', async () => {
    const u = await mfaOwner();
    const other = await mfaOwner();
    expectError(await t.api('POST', `/api/admin/users/${u.owner.id}/mfa-reset`, { token: other.token }), 403, 'FORBIDDEN');
    expect((await userRow(u.owner.id)).mfaEnabledAt).not.toBeNull();
  });
});

describe('isolation', () => {
  it("one account's codes, recovery codes and second-step token do nothing for another", async () => {
    const a = await mfaOwner();
    const b = await mfaOwner();
    const { mfaToken: tokenA } = expectOk(await signIn(a.owner.email, a.owner.password));
    // B's code and B's recovery code on A's second step.
    expectError(await secondStep({ mfaToken: tokenA, code: codeOf(b.secret, 1) }), 400, 'MFA_INVALID');
    expectError(await secondStep({ mfaToken: tokenA, recoveryCode: b.recoveryCodes[0] }), 400, 'MFA_INVALID');
    // B's recovery code still works for B.
    const { mfaToken: tokenB } = expectOk(await signIn(b.owner.email, b.owner.password));
    expect(expectOk(await secondStep({ mfaToken: tokenB, recoveryCode: b.recoveryCodes[0] })).user.id).toBe(b.owner.id);
    // A's sessions list shows only A's sessions.
    const list = expectOk(await t.api('GET', '/api/auth/sessions', { token: a.token }));
    const ids = (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, a.owner.id))).map((r) => r.id);
    for (const s of list) expect(ids).toContain(s.id);
  });
});

describe('REQUIRE_ADMIN_MFA', () => {
  it('is checked at start', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/cuadre-unused', JWT_SECRET: 'x'.repeat(40), MFA_KEY: 'y'.repeat(40), REQUIRE_ADMIN_MFA: 'maybe' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/cuadre-unused', JWT_SECRET: 'x'.repeat(40), MFA_KEY: 'short' })).toThrow(/MFA_KEY/);
  });

  it('makes an administrator without it set it up before any session; owners sign in as before', async () => {
    const s = await createTestApp({ REQUIRE_ADMIN_MFA: 'true' });
    try {
      const [adminRow] = await s.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
      const before = await s.count(sessions, eq(sessions.userId, adminRow!.id));
      const first = expectOk(await s.api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
      expect(first).toEqual({ mfaSetupRequired: true, mfaToken: expect.any(String) });
      expect(await s.count(sessions, eq(sessions.userId, adminRow!.id))).toBe(before);
      // The token is good for the set-up only.
      expectError(await s.api('GET', '/api/common/user', { token: first.mfaToken }), 401, 'UNAUTHORIZED');
      expectError(await s.api('POST', '/api/auth/sign-in/mfa', { body: { mfaToken: first.mfaToken, code: '123456' } }), 400, 'MFA_INVALID');
      expectError(await s.api('POST', '/api/auth/unlock-session', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }), 403, 'MFA_REQUIRED');

      const setup = expectOk(await s.api('POST', '/api/auth/sign-in/mfa-setup', { body: { mfaToken: first.mfaToken } }));
      expect(setup.otpauthUrl).toContain(encodeURIComponent(ADMIN_EMAIL));
      expectError(
        await s.api('POST', '/api/auth/sign-in/mfa-enable', { body: { mfaToken: first.mfaToken, code: codeOf(setup.secret, -3) } }),
        400,
        'MFA_INVALID',
      );
      const done = expectOk(await s.api('POST', '/api/auth/sign-in/mfa-enable', { body: { mfaToken: first.mfaToken, code: codeOf(setup.secret) } }));
      expect(done).toMatchObject({ tokenType: 'bearer', user: { role: 'admin', mfaEnabled: true } });
      expect(done.recoveryCodes).toHaveLength(10);
      const list = expectOk(await s.api('GET', '/api/auth/sessions', { token: done.accessToken }));
      expect(list.find((x: { current: boolean }) => x.current)).toMatchObject({ mfa: true });

      // From now on, the usual second step.
      expect(expectOk(await s.api('POST', '/api/auth/sign-in', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).mfaRequired).toBe(true);
      // An owner is not concerned.
      const owner = await s.signUpOwner();
      expect(expectOk(await s.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).accessToken).toEqual(
        expect.any(String),
      );
    } finally {
      await s.close();
    }
  });
});
