import { statSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { plans, users } from '../src/db/schema/index.js';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { ADMIN_PASSWORD, createTestApp, uniqueEmail } from './helpers/app.js';
import { createTestStore, tempDir } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';

describe('first start', () => {
  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD, with the default plans', async () => {
    const t = await createTestApp({ ADMIN_EMAIL: 'Chief@Cuadre.TEST' });
    try {
      expect(t.app.bootstrapResult).toEqual({ createdAdmin: { email: 'chief@cuadre.test', generatedPassword: undefined } });
      const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ email: 'chief@cuadre.test', role: 'admin', plan: 'pro', status: 'active' });
      expect(admins[0]!.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await t.count(users)).toBe(1);
      expect((await t.db.select({ id: plans.id }).from(plans)).map((p) => p.id).sort()).toEqual(['basic', 'free', 'pro']);

      const signedIn = await t.signIn('chief@cuadre.test', ADMIN_PASSWORD);
      expect(signedIn.user).toMatchObject({ role: 'admin', email: 'chief@cuadre.test' });
    } finally {
      await t.close();
    }
  });

  it('promotes an existing account with ADMIN_EMAIL when no administrator exists, with the configured password', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      const first = await createTestApp({ ADMIN_EMAIL: 'boss@cuadre.test', ADMIN_PASSWORD: 'First-Admin-Pass-1' }, { store });
      let owner: Awaited<ReturnType<typeof first.signUpOwner>>;
      try {
        owner = await first.signUpOwner({ email: 'later.admin@cuadre.test' });
        // The only administrator leaves: the next start must make one again.
        await first.db.delete(users).where(eq(users.email, 'boss@cuadre.test'));
      } finally {
        await first.close();
      }
      const second = await createTestApp({ ADMIN_EMAIL: 'later.admin@cuadre.test', ADMIN_PASSWORD: 'Second-Admin-Pass-2' }, { store });
      try {
        expect(second.app.bootstrapResult.createdAdmin?.email).toBe('later.admin@cuadre.test');
        expect(await second.count(users, eq(users.email, 'later.admin@cuadre.test'))).toBe(1);
        expect((await second.signIn('later.admin@cuadre.test', 'Second-Admin-Pass-2')).user.role).toBe('admin');
        expectError(await second.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }), 401, 'INVALID_CREDENTIALS');
      } finally {
        await second.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('without ADMIN_PASSWORD generates one that signs in; a restart creates no other and keeps the data', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      const first = await createTestApp({ ADMIN_EMAIL: 'boss@cuadre.test', ADMIN_PASSWORD: undefined }, { store });
      let adminToken: string;
      let owner: Awaited<ReturnType<typeof first.signUpOwner>>;
      let generated: string;
      try {
        const created = first.app.bootstrapResult.createdAdmin;
        expect(created?.email).toBe('boss@cuadre.test');
        generated = created!.generatedPassword!;
        expect(typeof generated).toBe('string');
        expect(generated.length).toBeGreaterThanOrEqual(16);
        const signedIn = await first.signIn('boss@cuadre.test', generated);
        expect(signedIn.user.role).toBe('admin');
        adminToken = signedIn.accessToken;
        owner = await first.signUpOwner({ email: uniqueEmail('kept') });
      } finally {
        await first.close();
      }

      // Started again on the same data, with different admin settings: nothing is created or changed.
      const second = await createTestApp({ ADMIN_EMAIL: 'other@cuadre.test', ADMIN_PASSWORD: 'Another-Admin-Pass-9' }, { store });
      try {
        expect(second.app.bootstrapResult).toEqual({});
        expect(await second.count(users, eq(users.role, 'admin'))).toBe(1);
        expect(await second.count(users, eq(users.email, 'other@cuadre.test'))).toBe(0);
        expect(await second.count(plans)).toBe(3);
        expect((await second.signIn('boss@cuadre.test', generated)).user.role).toBe('admin');
        expectError(
          await second.api('POST', '/api/auth/sign-in', { body: { email: 'boss@cuadre.test', password: 'Another-Admin-Pass-9' } }),
          401,
          'INVALID_CREDENTIALS',
        );
        // Sessions outlive a restart.
        expect(expectOk(await second.api('GET', '/api/common/user', { token: adminToken })).email).toBe('boss@cuadre.test');
        expect((await second.signIn(owner.email, owner.password)).user.email).toBe(owner.email);
      } finally {
        await second.close();
      }
    } finally {
      await store.drop();
    }
  });
});

describe('configuration', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const base = () => ({ NODE_ENV: 'test', DATA_DIR: dir(), JWT_SECRET: 'j'.repeat(40) });

  it('refuses bad values with a message naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET: JWT_SECRET must be at least 32 characters'],
      [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL: ADMIN_EMAIL must be an email address'],
      [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8 characters'],
      [{ PORT: 'eighty' }, 'PORT:'],
      [{ PORT: '70000' }, 'PORT:'],
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL:'],
      [{ PUBLIC_URL: 'cuadre.example' }, 'PUBLIC_URL:'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
      [{ AUTH_IP_LIMIT: '0' }, 'AUTH_IP_LIMIT:'],
      [{ TRIAL_DAYS: '-1' }, 'TRIAL_DAYS:'],
      [{ TRIAL_DAYS: '2.5' }, 'TRIAL_DAYS: TRIAL_DAYS must be a whole number of days'],
      [{ TRIAL_DAYS: 'thirty' }, 'TRIAL_DAYS:'],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ ...base(), ...env });
      } catch (err) {
        error = err;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('Invalid configuration:');
      expect((error as Error).message).toContain(message);
    }
  });

  it('has the documented defaults', () => {
    const c = loadConfig({ ...base(), WEB_DIST: path.join(dir(), 'none') });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      webDist: undefined,
      rateLimits: { authIpPerMinute: 120, accountFailures: 5, accountWindowMs: 15 * 60_000 },
      trialDays: 30,
    });
    expect(loadConfig({ ...base(), TRIAL_DAYS: '0' }).trialDays).toBe(0);
    expect(loadConfig({ ...base(), PUBLIC_URL: 'https://books.example.com/' }).publicUrl).toBe('https://books.example.com');
    // Empty means unset, as an .env file writes it.
    expect(loadConfig({ ...base(), DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  it('without JWT_SECRET, generates one, keeps it in the data folder (owner-only) and reuses it', () => {
    const data = dir();
    const a = loadConfig({ NODE_ENV: 'test', DATA_DIR: data });
    const file = path.join(data, 'jwt-secret');
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(a.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: data }).jwtSecret).toBe(a.jwtSecret);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir() }).jwtSecret).not.toBe(a.jwtSecret);
  });
});
