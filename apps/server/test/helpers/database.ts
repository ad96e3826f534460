import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, type Database } from '../../src/db/client.js';

/**
 * Tests run on an in-memory PGlite unless TEST_DB=postgres and DATABASE_URL name a PostgreSQL
 * server; then every store is a database of its own, so test files run in parallel safely.
 */
export const usingPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

if (process.env.TEST_DB === 'postgres' && !process.env.DATABASE_URL) {
  throw new Error('TEST_DB=postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
}

/** Where one app keeps its data: the env entries that point the server at it, and how to remove it. */
export interface TestStore {
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** The database session time zone asked for, when not the server's default. */
  timeZone?: string;
  /** An open database the app is built on (an in-memory PGlite cloned from the image); otherwise the app opens its own from `env`. */
  database?: Database;
  drop(): Promise<void>;
}

export function tempDir(prefix = 'cuadre-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(timeZone?: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Lowercase letters and digits only: the name is interpolated as an identifier.
  const name = `cuadre_t_${randomBytes(8).toString('hex')}`;
  await withAdminClient(async (c) => {
    await c.query(`CREATE DATABASE ${name}`);
    // Every connection the app opens later starts in this zone.
    if (timeZone) await c.query(`ALTER DATABASE ${name} SET timezone TO '${checkedTimeZone(timeZone)}'`);
  });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(async (c) => {
        // pg's pool.end() resolves before its sockets have closed; forcing the drop while they are
        // still open makes those clients emit an unhandled FATAL error. Wait for them briefly first.
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

function checkedTimeZone(tz: string) {
  if (!/^[A-Za-z_/+-]+$/.test(tz)) throw new Error(`Not a time zone name: ${tz}`);
  return tz;
}

/** `SET TIME ZONE` for a single-session database (PGlite), where the setting lasts for the app's life. */
export const setTimeZoneSql = (tz: string) => `SET TIME ZONE '${checkedTimeZone(tz)}'`;

/**
 * A fresh, empty store. `persistent` asks for one that survives the app being closed and built
 * again (a restart): PGlite files under the data folder instead of memory. On PostgreSQL every
 * store already is one. `timeZone` runs the database sessions in that zone (the server must not
 * depend on it); on PGlite createTestApp applies it once the app has opened its single session.
 */
export async function createTestStore(opts: { persistent?: boolean; timeZone?: string } = {}): Promise<TestStore> {
  const dataDir = tempDir();
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (usingPostgres) {
    const database = await createPostgresDatabase(opts.timeZone);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      timeZone: opts.timeZone,
      drop: async () => {
        await database.drop();
        removeDir();
      },
    };
  }
  // An empty DATABASE_URL means "not set" to the config: PGlite with its files in DATA_DIR.
  if (opts.persistent) return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, timeZone: opts.timeZone, drop: async () => removeDir() };
  // In memory, cloned from the run's migrated image; the app is handed the open database.
  const database = await openPglite({ image: new Blob([readFileSync(inject('pgliteImage'))]) });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: 'memory://' },
    timeZone: opts.timeZone,
    database,
    drop: async () => {
      await database.close();
      removeDir();
    },
  };
}
