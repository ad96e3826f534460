import path from 'node:path';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import * as schema from './schema/index.js';
import { SERVER_ROOT } from '../paths.js';
import { DataLock, LockedError } from '../lib/data-lock.js';
import { boundPool } from './deadlines.js';

/**
 * One query-builder type for both drivers: PGlite and node-postgres expose the same Drizzle API,
 * so repositories are written once against PostgreSQL's dialect.
 */
export type Db = NodePgDatabase<typeof schema>;
/** What a repository runs on: the database, or a transaction a service opened around several writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw query: both drivers answer `{ rows }`, typed here once. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows; // both drivers answer { rows }; T is the query's own select list.
}

const commitHooks = new WeakMap<DbOrTx, (() => void)[]>();

/**
 * Runs `fn` in one transaction: every write in it lands, or none does. What `afterCommit` was given
 * inside runs once the transaction has committed (never if it rolled back).
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    commitHooks.set(tx, hooks);
    return fn(tx);
  });
  for (const hook of hooks) hook();
  return result;
}

/** Runs `hook` when what `db` wrote is visible to others: now, or when its transaction commits. */
export function afterCommit(db: DbOrTx, hook: () => void) {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database itself, when that is what this is. */
  pglite?: PGlite;
  /** Answers when the database does, throws otherwise (readiness). */
  ping(): Promise<void>;
}

export const migrationsFolder = path.resolve(SERVER_ROOT, 'drizzle');

/** OIDs of PostgreSQL's bigint and numeric: what `count(*)` and `sum(bigint)` return. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * bigint and numeric come back as JavaScript numbers, the same from PGlite and from node-postgres
 * (which would give strings), and exactly: a whole number beyond Number.MAX_SAFE_INTEGER is refused
 * rather than rounded (ADR 002). A numeric with a fraction (a ratio, never money) is a plain number.
 */
export function parseExactNumber(text: string): number {
  const value = Number(text);
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(value)) {
    throw new RangeError(`The number ${text} is beyond what can be represented exactly; refusing to round it`);
  }
  return value;
}
pg.types.setTypeParser(INT8, parseExactNumber);
pg.types.setTypeParser(NUMERIC, parseExactNumber);

/**
 * An embedded database: files under `dir`, or in memory without one; `image` starts it from a
 * data directory dumped by `dumpDataDir` (tests clone one migrated image instead of running
 * initdb for every app). The migrations run either way; on an image they find nothing to do.
 */
export async function openPglite(opts: { dir?: string; image?: Blob; sharedBuffers?: string; holder?: string; migrate?: boolean } = {}): Promise<Database> {
  // A folder is opened by one process at a time (data-lock.ts); the lock is released on close.
  const lock = opts.dir ? takeLock(opts.dir, opts.holder ?? 'A Cuadre server') : undefined;
  try {
    return await openPgliteLocked(opts, lock);
  } catch (err) {
    lock?.release();
    throw err;
  }
}

function takeLock(dir: string, holder: string): DataLock {
  try {
    return DataLock.acquire(dir, holder);
  } catch (err) {
    if (err instanceof LockedError) {
      throw new StartupError(
        `${err.holder.what} (process ${err.holder.pid}) is using the embedded database in ${dir}; stop it first, or point DATA_DIR elsewhere.`,
      );
    }
    throw err;
  }
}

async function openPgliteLocked(
  opts: { dir?: string; image?: Blob; sharedBuffers?: string; migrate?: boolean },
  lock: DataLock | undefined,
): Promise<Database> {
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const fresh = !!opts.dir && !existsSync(path.join(opts.dir, 'PG_VERSION'));
  const sharedBuffers = opts.sharedBuffers ?? PGLITE_SHARED_BUFFERS;
  if (fresh) await initInChild(opts.dir!, sharedBuffers);
  const client = new PGlite({
    ...(opts.dir ? { dataDir: opts.dir } : {}),
    ...(opts.image ? { loadDataDir: opts.image } : {}),
    parsers: { [INT8]: parseExactNumber, [NUMERIC]: parseExactNumber },
    // The searches' trigram indexes, the owner in them (issue 31); the migrations create the extensions, every PGlite loads them.
    extensions: PGLITE_EXTENSIONS,
    // PGlite's own start parameters, plus a smaller buffer pool: PostgreSQL's 128 MB default is
    // allocated inside the WebAssembly heap, and the operating system's page cache already holds
    // the files PGlite reads.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  if (opts.migrate !== false) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db, // the PGlite driver has node-postgres's Drizzle API (see Db)
    kind: 'pglite',
    close: async () => {
      await client.close();
      lock?.release();
    },
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
  };
}

const PGLITE_SHARED_BUFFERS = '16MB';

/** The longest a single query may go without an answer from PostgreSQL, outside a request too. */
const QUERY_TIMEOUT_MS = 5_000;

/** The extensions every embedded database loads (scripts/init-pglite.mjs loads the same). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/** A new data folder is made by scripts/init-pglite.mjs in a child process (the reason is there). */
async function initInChild(dir: string, sharedBuffers: string) {
  const script = path.join(SERVER_ROOT, 'scripts/init-pglite.mjs');
  const child = spawn(process.execPath, [script, dir, migrationsFolder, sharedBuffers], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
  if (code !== 0) throw new StartupError(`The embedded database could not be created in ${dir}: ${stderr.trim().split('\n')[0] || `exit ${code}`}`);
}

/** A start that cannot go on, in one plain sentence (no stack trace): printed as it is, then exit 1. */
export class StartupError extends Error {}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** How long a start waits for PostgreSQL to answer (DATABASE_WAIT_S). */
  waitSeconds?: number;
  /** Told one plain line per failed attempt while waiting. */
  onWait?: (line: string) => void;
  /** Off for the command line's long statements (a backup's restore counts millions of rows); on for a server's requests. */
  requestTimeouts?: boolean;
  /** Told when connections are lost and come back, to log each once. */
  outages?: { lost(what: 'database', err?: unknown): void; back(what: 'database'): void };
}

/**
 * `databaseUrl` undefined: PGlite with files under `dataDir/pglite`.
 * `memory://`: PGlite in memory (tests). Anything else: a PostgreSQL server.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (!opts.databaseUrl) return openPglite({ dir: path.join(opts.dataDir, 'pglite') });
  if (opts.databaseUrl.startsWith('memory://')) return openPglite();
  return openPostgres(opts.databaseUrl, opts);
}

/**
 * A pool that never takes the process down and never makes a request wait long: a lost connection
 * is an `error` event, handled and reported once; connecting gives up after 3 s, a query that gets no
 * answer after 5 s (PostgreSQL's statement_timeout stops a slow one there too), and a request after
 * REQUEST_DB_WAIT_MS without an answer (db/deadlines.ts), so a call that needs the database while it is
 * away, or while the network to it swallows every byte, answers 503 within 5 s.
 */
async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const target = describeTarget(url);
  await waitForPostgres(url, target, opts.waitSeconds ?? 60, opts.onWait ?? (() => undefined));
  // The migrations on a connection of their own, without the request timeouts: a long one must finish.
  const migrator = new pg.Client({ connectionString: url });
  migrator.on('error', () => undefined);
  await migrator.connect();
  try {
    await migratePg(drizzlePg({ client: migrator, schema }), { migrationsFolder });
  } finally {
    await migrator.end().catch(() => undefined);
  }
  const timeouts = opts.requestTimeouts !== false;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    ...(timeouts ? { statement_timeout: QUERY_TIMEOUT_MS, idle_in_transaction_session_timeout: 10_000 } : {}),
    // Probes on an idle connection after 10 s without traffic (the operating system's default waits two
    // hours), so one whose peer vanished without a word is found and dropped, not handed to a request.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // Each query's own limit, and the request's deadline (the command line's long statements have neither).
  if (timeouts) boundPool(pool, QUERY_TIMEOUT_MS);
  // An idle client whose server went away emits `error` on the pool; unhandled, it ends the process.
  pool.on('error', (err) => opts.outages?.lost('database', err));
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.outages?.lost('database', err));
    opts.outages?.back('database');
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    // pool.end() waits for every client to say goodbye; one cut off by a partition may never do so (seen
    // once in a few runs of outages.test.ts after the network came back), and a stop must not hang on it.
    close: () => Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]),
    ping: async () => {
      await pool.query('select 1');
    },
  };
}

/**
 * Throws when the database's disk has no room (53100): a table of about 1 MB is made inside a
 * transaction that is rolled back, so its files are extended on the disk and then removed. Unlogged,
 * so it adds nothing to the write-ahead log. Readiness runs it only while a disk is known to be full
 * (lib/disk-watch.ts).
 */
export async function probeRoom(db: Db): Promise<void> {
  const table = `cuadre_disk_probe_${randomBytes(4).toString('hex')}`;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create unlogged table ${table} as select repeat('x', 1000) as x from generate_series(1, 1000)`));
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  }
}

export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Why a connection attempt failed, in a few plain words. */
function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ETIMEDOUT':
      return 'timed out';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ECONNRESET':
      return 'connection reset';
    case '57P03':
      return 'the server is starting up';
    default:
      return /timeout/i.test(e.message ?? '') ? 'timed out' : (e.message ?? String(err)).split('\n')[0]!;
  }
}

/** Errors waiting cannot fix: said at once, in one sentence. */
function fatalOf(err: unknown, url: string, target: string): string | undefined {
  const e = err as { code?: string; message?: string };
  let user = 'postgres';
  let database = '';
  try {
    const u = new URL(url);
    user = decodeURIComponent(u.username) || user;
    database = decodeURIComponent(u.pathname.replace(/^\//, '')) || user;
  } catch {
    /* the generic sentence below */
  }
  if (e.code === '28P01' || e.code === '28000') return `PostgreSQL at ${target} refused the password or the access of user "${user}": check DATABASE_URL.`;
  if (e.code === '3D000') return `The database "${database}" does not exist on PostgreSQL at ${target}: create it, or check DATABASE_URL.`;
  if (/SSL/i.test(e.message ?? '') && !e.code) return `PostgreSQL at ${target} and DATABASE_URL disagree about SSL (${e.message}).`;
  return undefined;
}

async function waitForPostgres(url: string, target: string, waitSeconds: number, onWait: (line: string) => void) {
  const deadline = Date.now() + waitSeconds * 1000;
  let delay = 500;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end().catch(() => undefined);
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      const fatal = fatalOf(err, url, target);
      if (fatal) throw new StartupError(fatal);
      const reason = reasonOf(err);
      if (Date.now() + delay > deadline) {
        throw new StartupError(
          `PostgreSQL at ${target} could not be reached within ${waitSeconds} s (${reason}): check that it is running and that DATABASE_URL names it.`,
        );
      }
      onWait(`Waiting for PostgreSQL at ${target}: ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
