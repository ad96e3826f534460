import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import type { SignInResponse } from '@cuadre/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import type { Db } from '../../src/db/client.js';
import { outbox, sessions, users } from '../../src/db/schema/index.js';
import { UsersRepository } from '../../src/modules/users/users.repository.js';
import { createTestStore, setTimeZoneSql, type TestStore } from './database.js';

/** 48 characters, fixed so tests can sign their own tokens (expired ones, for instance). */
export const TEST_JWT_SECRET = 'cuadre-test-secret-0123456789-abcdefghijklmnopqr';
export const ADMIN_EMAIL = 'admin@cuadre.test';
export const ADMIN_PASSWORD = 'Ledger-Admin-2026';
export const PUBLIC_URL = 'http://cuadre.test';
/** A password that passes every rule; tests that need another one say so. */
export const GOOD_PASSWORD = 'Tortilla-Ledger-77';

export type Env = Record<string, string | undefined>;

export interface ApiOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** The client address the server sees; rate limits and sessions key on it. */
  remoteAddress?: string;
}

export interface ApiResult {
  status: number;
  body: any; // any: tests read answers of many shapes, and each asserts the fields it relies on.
  headers: InjectResponse['headers'];
  raw: InjectResponse;
}

export interface Owner {
  id: string;
  email: string;
  password: string;
  name: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

let emailCounter = 0;
/** An address no other test in this process uses, so per-account limits never cross tests. */
export function uniqueEmail(prefix = 'owner'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The token of the first link to `linkPath` (e.g. '/reset-password') in a mail's text. */
export function tokenFromMail(mail: Pick<Mail, 'text'>, linkPath: string): string {
  const escaped = (PUBLIC_URL + linkPath).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${linkPath} link in mail:\n${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** The env a test app starts from; overrides replace single entries (undefined removes one). */
export function testEnv(store: TestStore, overrides: Env = {}): Env {
  const env: Env = {
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PUBLIC_URL,
    // A folder without index.html: the API alone, whether or not the web app is built in this checkout.
    WEB_DIST: path.join(store.env.DATA_DIR, 'no-web'),
    // With TEST_REDIS_URL, counters live in Redis as they do behind a load balancer; each app gets its
    // own prefix so test files running side by side never share a count.
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `cuadre-test:${randomUUID()}:` } : {}),
    ...store.env,
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export class TestApp {
  private adminTokenPromise: Promise<string> | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly config: Config,
    private readonly store: TestStore,
    private readonly ownsStore: boolean,
  ) {}

  get db(): Db {
    return this.app.database.db;
  }

  async close(): Promise<void> {
    await this.app.close();
    if (this.ownsStore) await this.store.drop();
  }

  async api(method: InjectOptions['method'], url: string, opts: ApiOptions = {}): Promise<ApiResult> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const raw = await this.app.inject({
      method,
      url,
      query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
      headers,
      remoteAddress: opts.remoteAddress,
      ...(opts.body instanceof FormData
        ? { payload: opts.body }
        : opts.body !== undefined
          ? { payload: JSON.stringify(opts.body), headers: { ...headers, 'content-type': 'application/json' } }
          : {}),
    });
    const type = String(raw.headers['content-type'] ?? '');
    // A compressed answer (the test asked for one with accept-encoding) is the caller's to decode.
    const json = type.startsWith('application/json') && !raw.headers['content-encoding'];
    return { status: raw.statusCode, body: json ? raw.json() : raw.body, headers: raw.headers, raw };
  }

  /** Mails kept in the outbox for one address, oldest first, once the mail queue has composed what was asked for. */
  async mailsTo(email: string): Promise<Mail[]> {
    await this.app.mailQueue.drain();
    return this.db
      .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
      .from(outbox)
      .where(eq(outbox.to, email.toLowerCase()))
      .orderBy(asc(outbox.createdAt));
  }

  async lastMailTo(email: string): Promise<Mail> {
    const mails = await this.mailsTo(email);
    const last = mails.at(-1);
    if (!last) throw new Error(`No mail to ${email}`);
    return last;
  }

  async count(table: PgTable, where?: SQL): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(where);
    return row?.n ?? 0;
  }

  /** Signs up through the API and follows the mailed link; the account is then ready to sign in. */
  async signUpOwner(opts: { email?: string; password?: string; name?: string; company?: string } = {}): Promise<Owner> {
    const email = opts.email ?? uniqueEmail();
    const password = opts.password ?? GOOD_PASSWORD;
    const name = opts.name ?? 'Marta Ruiz';
    const signUp = await this.api('POST', '/api/auth/sign-up', {
      body: { name, email, password, agreements: true, ...(opts.company ? { company: opts.company } : {}) },
    });
    if (signUp.status !== 200 || signUp.body !== true) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
    const token = tokenFromMail(await this.lastMailTo(email), '/confirm-email');
    const confirm = await this.api('POST', '/api/auth/confirm-email', { body: { token } });
    if (confirm.status !== 200 || typeof confirm.body?.accessToken !== 'string')
      throw new Error(`confirm-email failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
    // The id from the table rather than a sign-in, so helpers do not spend the address's sign-in allowance.
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    // The confirmation signed the owner in (auth.test.ts checks it); a test starts from an owner without sessions.
    await this.db.delete(sessions).where(eq(sessions.userId, row!.id));
    return { id: row!.id, email, password, name };
  }

  /** Signs in and returns the answer; throws unless the server says 200. */
  async signIn(email: string, password: string, opts: Pick<ApiOptions, 'remoteAddress' | 'headers'> = {}) {
    const res = await this.api('POST', '/api/auth/sign-in', { body: { email, password }, ...opts });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as SignInResponse;
  }

  /** A session token of an owner account created for the occasion. */
  async ownerToken(opts: Parameters<TestApp['signUpOwner']>[0] = {}): Promise<{ owner: Owner; token: string }> {
    const owner = await this.signUpOwner(opts);
    const { accessToken } = await this.signIn(owner.email, owner.password);
    return { owner, token: accessToken };
  }

  /**
   * Ends the owner's trial of the paid plan, as time would: its end is set a moment in the past
   * through the users' repository (which also drops the cached session, as any change of the user does).
   */
  async endTrial(ownerId: string, endedAt = new Date(Date.now() - 1000)): Promise<void> {
    await new UsersRepository(this.db).update(ownerId, { trialEndsAt: endedAt });
  }

  /** An owner on the free plan whose trial has ended: the books answer 403 PLAN_REQUIRED. */
  async freeOwnerToken(opts: Parameters<TestApp['signUpOwner']>[0] = {}): Promise<{ owner: Owner; token: string }> {
    const made = await this.ownerToken(opts);
    await this.endTrial(made.owner.id);
    return made;
  }

  /** An owner on a paid plan, who may keep books (a free-plan owner gets 403 PLAN_REQUIRED). */
  async bookkeeper(opts: Parameters<TestApp['signUpOwner']>[0] & { plan?: string } = {}): Promise<{ owner: Owner; token: string }> {
    const owner = await this.signUpOwner(opts);
    await this.db
      .update(users)
      .set({ plan: opts.plan ?? 'basic' })
      .where(eq(users.id, owner.id));
    const { accessToken } = await this.signIn(owner.email, owner.password);
    return { owner, token: accessToken };
  }

  /** One administrator session per app, shared by the tests of a file. */
  adminToken(): Promise<string> {
    this.adminTokenPromise ??= this.signIn(ADMIN_EMAIL, ADMIN_PASSWORD).then((r) => r.accessToken);
    return this.adminTokenPromise;
  }
}

export interface TestAppOptions {
  /** Build on an existing store (a restart); the caller then drops it. Otherwise the app gets a fresh one. */
  store?: TestStore;
  /** For a fresh store: run its database sessions in this time zone. */
  timeZone?: string;
}

/**
 * The whole server as production builds it, on a store of its own, with a configuration made for
 * tests. `overrides` replace env entries (AUTH_IP_LIMIT, ADMIN_PASSWORD, ...). Close it in afterAll.
 */
export async function createTestApp(overrides: Env = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const store = opts.store ?? (await createTestStore({ timeZone: opts.timeZone }));
  try {
    const config = loadConfig(testEnv(store, overrides));
    const app = await buildApp(config, { logger: false, database: store.database });
    await app.ready();
    if (store.timeZone && app.database.kind === 'pglite') await app.database.db.execute(sql.raw(setTimeZoneSql(store.timeZone)));
    return new TestApp(app, config, store, !opts.store);
  } catch (err) {
    if (!opts.store) await store.drop();
    throw err;
  }
}
