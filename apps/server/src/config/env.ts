import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from '../paths.js';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  /** Encrypts two-step sign-in's secrets in the database; generated once and kept in the data folder when unset. */
  MFA_KEY: optionalText.pipe(z.string().min(32, 'MFA_KEY must be at least 32 characters').optional()),
  /** Administrators without two-step sign-in must set it up at their next sign-in. */
  REQUIRE_ADMIN_MFA: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalText.default('Cuadre <no-reply@cuadre.local>'),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  PUBLIC_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Keys' prefix in Redis, so several installs can share one server. */
  REDIS_PREFIX: z.string().min(1).max(100).default('cuadre:'),
  /** Set when a reverse proxy sits in front, so client addresses (rate limits, sessions) come from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** The built web app to serve; defaults to apps/web/dist of this checkout. */
  WEB_DIST: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per client address per minute on each auth call; generous so an office is never blocked. */
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(120),
  /** Failed sign-ins on one account within the window before it is slowed down. */
  AUTH_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(5),
  /** How long a start waits for PostgreSQL to answer before giving up. */
  DATABASE_WAIT_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a resolved session may be served from memory (0 turns the cache off); changes clear it at once. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long a list or report answer may be served again while its owner's books are unchanged (0 turns it off). */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Days of the paid plan a new account tries before the free plan's rule applies (0 turns trials off). */
  TRIAL_DAYS: z.coerce.number().int('TRIAL_DAYS must be a whole number of days').min(0).max(365).default(30),
  /** Milliseconds added before every API answer, for demonstrations (spec 001: the mock's delay); 0 adds none. */
  API_DELAY_MS: z.coerce.number().int('API_DELAY_MS must be a whole number of milliseconds').min(0).max(60_000).default(0),
  /** Each account's file manager storage, in MB. */
  FILES_QUOTA_MB: z.coerce.number().int('FILES_QUOTA_MB must be a whole number of MB').min(1).max(1_000_000).default(500),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` means the embedded PGlite under `dataDir`; `'memory://'` means an in-memory PGlite. */
  databaseUrl: string | undefined;
  databaseWaitSeconds: number;
  jwtSecret: string;
  /** The key two-step sign-in's secrets are encrypted with. */
  mfaKey: string;
  /** Administrators must use two-step sign-in (they set it up at their next sign-in). */
  requireAdminMfa: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  logLevel: string;
  trustProxy: boolean;
  rateLimits: { authIpPerMinute: number; accountFailures: number; accountWindowMs: number };
  /** Where the built web app lives; absent in tests that do not serve it. */
  webDist: string | undefined;
  sessionCacheMs: number;
  readCacheMs: number;
  /** Days of the paid plan's trial a sign-up starts with; 0: none. */
  trialDays: number;
  /** Added before every API answer (demonstrations); 0: none. */
  apiDelayMs: number;
  /** Each account's file manager storage, in bytes. */
  filesQuotaBytes: number;
}

export class ConfigError extends Error {}

/** The JWT secret comes from the environment, or is generated once and kept in the data folder. */
function loadOrCreateSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(SERVER_ROOT, '../web/dist');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_S,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    mfaKey: e.MFA_KEY ?? loadOrCreateSecret(dataDir, 'mfa-key'),
    requireAdminMfa: e.REQUIRE_ADMIN_MFA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Cuadre <no-reply@cuadre.local>',
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: { authIpPerMinute: e.AUTH_IP_LIMIT, accountFailures: e.AUTH_ACCOUNT_LIMIT, accountWindowMs: 15 * 60_000 },
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    sessionCacheMs: e.SESSION_CACHE_MS,
    readCacheMs: e.READ_CACHE_MS,
    trialDays: e.TRIAL_DAYS,
    apiDelayMs: e.API_DELAY_MS,
    filesQuotaBytes: e.FILES_QUOTA_MB * 1024 * 1024,
  };
}
