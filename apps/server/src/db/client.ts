import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/**
 * One query-builder type for both drivers: PGlite and node-postgres expose the same Drizzle API,
 * so repositories are written once against PostgreSQL's dialect.
 */
export type Db = NodePgDatabase<typeof schema>;
/** What a repository runs on: the database, or a transaction a service opened around several writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Runs `fn` in one transaction: every write in it lands, or none does. */
export function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database itself, when that is what this is. */
  pglite?: PGlite;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * An embedded database: files under `dir`, or in memory without one; `image` starts it from a
 * data directory dumped by `dumpDataDir` (tests clone one migrated image instead of running
 * initdb for every app). The migrations run either way; on an image they find nothing to do.
 */
export async function openPglite(opts: { dir?: string; image?: Blob } = {}): Promise<Database> {
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const client = new PGlite({ ...(opts.dir ? { dataDir: opts.dir } : {}), ...(opts.image ? { loadDataDir: opts.image } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), pglite: client };
}

/**
 * `databaseUrl` undefined: PGlite with files under `dataDir/pglite`.
 * `memory://`: PGlite in memory (tests). Anything else: a PostgreSQL server.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (!opts.databaseUrl) return openPglite({ dir: path.join(opts.dataDir, 'pglite') });
  if (opts.databaseUrl.startsWith('memory://')) return openPglite();
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}
