import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, type Database } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL runs: a migrated database every test database is copied from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
    /** Every PostgreSQL database of this run starts with it, so the run's end can drop what a crashed worker left. */
    postgresPrefix: string;
  }
}

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

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  // A test may terminate every backend of a database (outages.test.ts); a helper's client must not take the worker down.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const withAdminClient = <T>(fn: (client: pg.Client) => Promise<T>) => withClient(process.env.DATABASE_URL!, fn);

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** pg's pool.end() resolves before its sockets have closed: wait for the database's sessions to go (a closed app's, a killed server's). */
async function waitForNoSessions(c: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    if (rows[0]!.n === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * A new PostgreSQL database, migrated: a copy of the run's template when the global setup made one
 * (a vitest run), else empty and migrated by the app that opens it. `synchronous_commit=off` is for
 * tests only and per database: a crash of the server could lose the last commits, never corrupt them.
 */
export async function createPostgresDatabase(timeZone?: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  // Lowercase letters and digits only: the name is interpolated as an identifier.
  const name = `${inject('postgresPrefix') || 'cuadre_t_'}${randomBytes(8).toString('hex')}`;
  await withAdminClient(async (c) => {
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit TO off`);
    // Every connection the app opens later starts in this zone.
    if (timeZone) await c.query(`ALTER DATABASE ${name} SET timezone TO '${checkedTimeZone(timeZone)}'`);
  });
  return {
    url: databaseUrl(name),
    name,
    drop: () =>
      withAdminClient(async (c) => {
        // Forcing the drop while a closed pool's sockets are still open makes those clients emit an
        // unhandled FATAL error. Wait for them briefly first.
        await waitForNoSessions(c, name);
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

// ---------------------------------------------------------------------------------------------
// One database per worker, emptied for each app.
//
// Files run several to a worker process (vitest.config.ts: isolate false); opening a database
// (PGlite: loading the image into a new WebAssembly instance; PostgreSQL: copying the template)
// costs far more than emptying one. So each worker keeps one, and a store asked for while it is
// free gets it back exactly as a fresh migrated database is: every table truncated, the rows the
// migrations insert (the default chart, mileage rates, tax rules) put back, the sequences where
// they were. A store asked for while another app of the worker holds it (two apps at once) gets
// a fresh database, as before. If a test changed the schema itself (a trigger, a function), the
// worker's database is dropped and a fresh one takes its place.
// ---------------------------------------------------------------------------------------------

interface Query {
  rows<T>(text: string): Promise<T[]>;
  exec(text: string): Promise<void>;
}

/** What a migrated database holds before any app has started on it. */
interface Pristine {
  /** The statements that bring an emptied database back to it. */
  resetSql: string;
  /** The tables' contents and the sequences, to check a reset against once. */
  contents: string;
  /** The user-made objects of the schema: a test that made one leaves a database that can no longer be reset. */
  catalog: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The tables and sequences of the app's schema (not drizzle's own record of the migrations). */
const TABLES = `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`;
const SEQUENCES = `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'S' order by 1`;
/** Foreign keys between the tables: seed rows go in parents first. */
const REFERENCES = `select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
  where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`;
const CATALOG = `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as fingerprint from (
    select 'n ' || nspname as x from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema'
    union all select 'c ' || c.oid::regclass::text || ' ' || c.relkind::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
    union all select 'a ' || a.attrelid::regclass::text || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname !~ '^pg_' and n.nspname <> 'information_schema' and a.attnum > 0 and not a.attisdropped
    union all select 'd ' || d.adrelid::regclass::text || ' ' || pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
    union all select 'k ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace <> 'pg_catalog'::regnamespace
    union all select 'p ' || p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
    union all select 't ' || tgrelid::regclass::text || ' ' || tgname from pg_trigger where not tgisinternal
    union all select 'y ' || t.oid::regtype::text from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname !~ '^pg_' and n.nspname <> 'information_schema' and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
  ) s`;

async function contentsOf(q: Query, tables: string[], sequences: string[]): Promise<string> {
  const parts = [
    ...tables.map((t) => `select ${literal(t)} as name, coalesce(json_agg(r)::text, '') as content from ${t} r`),
    ...sequences.map((s) => `select ${literal(s)}, last_value || ' ' || is_called from ${s}`),
  ];
  if (!parts.length) return '';
  const rows = await q.rows<{ name: string; content: string }>(parts.join(' union all '));
  return rows.map((r) => `${r.name}: ${r.content}`).join('\n');
}

async function readPristine(q: Query): Promise<Pristine> {
  const tables = (await q.rows<{ name: string }>(TABLES)).map((r) => r.name);
  const sequences = (await q.rows<{ name: string }>(SEQUENCES)).map((r) => r.name);
  const references = await q.rows<{ child: string; parent: string }>(REFERENCES);
  // Parents before children, so each insert's foreign keys find their rows.
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const r of references) if (r.child === table) visit(r.parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());

  const statements = tables.length ? [`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`] : [];
  for (const table of ordered) {
    const [{ rows } = { rows: null }] = await q.rows<{ rows: string | null }>(`select json_agg(r)::text as rows from ${table} r`);
    if (!rows) continue;
    // Generated columns are computed again; identity columns take the values the rows had.
    const columns = (
      await q.rows<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = ${literal(table)}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      )
    ).map((r) => ident(r.name));
    statements.push(
      `INSERT INTO ${table} (${columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, ${literal(rows)})`,
    );
  }
  for (const seq of sequences) {
    const [state] = await q.rows<{ last: string; called: boolean }>(`select last_value::text as last, is_called as called from ${seq}`);
    statements.push(`SELECT setval(${literal(seq)}, ${state!.last}, ${state!.called})`);
  }
  const [{ fingerprint }] = (await q.rows<{ fingerprint: string }>(CATALOG)) as [{ fingerprint: string }];
  return { resetSql: statements.join(';\n'), contents: await contentsOf(q, tables, sequences), catalog: fingerprint };
}

/** The worker's database, and whether an app holds it now. */
interface Shared {
  /** memory:// with the open PGlite, or the PostgreSQL database's URL. */
  url: string;
  database?: Database;
  /** Runs `fn` on a connection of the helper's own (PGlite: the database's one session). */
  query<T>(fn: (q: Query) => Promise<T>): Promise<T>;
  pristine: Pristine;
  checked: boolean;
  busy: boolean;
  close(): Promise<void>;
}

let shared: Promise<Shared> | undefined;

const pgliteQuery = (database: Database): Query => ({
  rows: async <T>(text: string) => (await database.pglite!.query<T>(text)).rows,
  exec: async (text: string) => void (await database.pglite!.exec(text)),
});

const clientQuery = (client: pg.Client): Query => ({
  rows: async <T>(text: string) => (await client.query(text)).rows as T[],
  exec: async (text: string) => void (await client.query(text)),
});

async function openShared(): Promise<Shared> {
  if (usingPostgres) {
    const database = await createPostgresDatabase();
    const query = <T>(fn: (q: Query) => Promise<T>) => withClient(database.url, (c) => fn(clientQuery(c)));
    return { url: database.url, query, pristine: await query(readPristine), checked: false, busy: false, close: database.drop };
  }
  const database = await openPgliteFromImage();
  return {
    url: 'memory://',
    database,
    query: (fn) => fn(pgliteQuery(database)),
    pristine: await readPristine(pgliteQuery(database)),
    checked: false,
    busy: false,
    close: () => database.close(),
  };
}

const openPgliteFromImage = () => openPglite({ image: new Blob([readFileSync(inject('pgliteImage'))]) });

/**
 * Opens the worker's database ahead of the first file's hooks (setup.ts): compiling PGlite's
 * WebAssembly and reading the migrated state take seconds on a busy machine, which the first
 * file's beforeAll would otherwise pay within its hook timeout.
 */
export async function openWorkerDatabase(): Promise<void> {
  shared ??= openShared();
  await shared;
}

/** The worker's database, emptied back to its migrated state; undefined while another app holds it. */
async function takeShared(timeZone: string | undefined): Promise<TestStore | undefined> {
  shared ??= openShared();
  let s = await shared;
  if (s.busy) return undefined;
  s.busy = true;
  try {
    const fresh = await s.query(async (q) => {
      const [{ fingerprint }] = (await q.rows<{ fingerprint: string }>(CATALOG)) as [{ fingerprint: string }];
      if (fingerprint !== s.pristine.catalog) return false;
      // PGlite's one session outlives the app: settings an app or a test made in it go (the time zone).
      if (!usingPostgres) await q.exec('RESET ALL');
      await q.exec(s.pristine.resetSql);
      if (!s.checked) {
        const tables = (await q.rows<{ name: string }>(TABLES)).map((r) => r.name);
        const sequences = (await q.rows<{ name: string }>(SEQUENCES)).map((r) => r.name);
        if ((await contentsOf(q, tables, sequences)) !== s.pristine.contents)
          throw new Error('Emptying the worker’s test database did not give back the migrated one');
        s.checked = true;
      }
      return true;
    });
    if (!fresh) {
      // A test changed the schema: this database is done with; the next one starts as the first did.
      await s.close();
      shared = openShared();
      s = await shared;
      s.busy = true;
    }
    if (usingPostgres) {
      const name = new URL(s.url).pathname.slice(1);
      await withAdminClient((c) => c.query(`ALTER DATABASE ${name} ${timeZone ? `SET timezone TO '${checkedTimeZone(timeZone)}'` : 'RESET timezone'}`));
    }
  } catch (err) {
    s.busy = false;
    throw err;
  }
  const taken = s;
  // Files an app keeps (receipts, jobs' output) start from an empty folder, as with a fresh store.
  const dataDir = tempDir();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: taken.url },
    database: taken.database,
    timeZone,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (usingPostgres) {
        // The next app must not meet this one's sessions (a closed pool's, a killed server's).
        const name = new URL(taken.url).pathname.slice(1);
        await withAdminClient(async (c) => {
          if (!(await waitForNoSessions(c, name))) await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        });
      }
      taken.busy = false;
    },
  };
}

/**
 * Puts a migrated embedded database into `dataDir` (its `pglite` folder), as a first start leaves one:
 * a copy of the folder the run's global setup made, instead of initdb and the migrations again (seconds
 * each time). A start on it then opens it as it opens its own.
 */
export function copyMigratedPglite(dataDir: string): void {
  cpSync(inject('pgliteFolder'), path.join(dataDir, 'pglite'), { recursive: true });
}

/**
 * A store as a fresh migrated one is. `persistent` asks for one that survives the app being closed
 * and built again (a restart): PGlite files under the data folder instead of memory (a copy of the
 * run's migrated folder; with `empty`, a data folder with nothing in it yet, e.g. a restore's target,
 * where the embedded database is made by whatever opens it first). On PostgreSQL every store already
 * is one (a migrated database; `empty` is about the data folder only). `timeZone` runs the database
 * sessions in that zone (the server must not depend on it); on PGlite createTestApp applies it once
 * the app has opened its single session. Drop it when done: the worker's database then goes back for
 * the next store.
 */
export async function createTestStore(opts: { persistent?: boolean; empty?: boolean; timeZone?: string } = {}): Promise<TestStore> {
  if (!opts.persistent) {
    const store = await takeShared(opts.timeZone);
    if (store) return store;
  }
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
  if (opts.persistent) {
    if (!opts.empty) copyMigratedPglite(dataDir);
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, timeZone: opts.timeZone, drop: async () => removeDir() };
  }
  // In memory, cloned from the run's migrated image; the app is handed the open database.
  const database = await openPgliteFromImage();
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
