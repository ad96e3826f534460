// The entries' search by the kind of term (ADR 015): the database's CPU per run of the list's prepared statement
// for the heavy owner (bench/populate.ts), one run after another on one connection, as a connection keeps it
// (generic plan). A rare word, words every line has, one letter, a category's name, nothing at all. PostgreSQL:
// the CPU of the connection's own server process (when it runs on this machine); PGlite: this process's, the
// database being in it. Prints figures; asserts nothing.
//   npx tsx search-terms.ts   (RUNS=300; DATABASE_URL for PostgreSQL too)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { EntryQuery } from '@cuadre/contracts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { listStatementFor } from '../apps/server/src/modules/books/entries.repository.js';
import { cpuOf, freshPostgres } from './lib.js';
import { heavy, populate } from './populate.js';

const RUNS = Number(process.env.RUNS ?? 300);
const TERMS = [
  ['a rare word (111 lines)', 'line 12'],
  ['words of every line', 'line'],
  ['one letter (names too)', 'e'],
  ["a category's name", 'sales'],
  ['nothing', 'zzz'],
] as const;
const query = (search: string): EntryQuery => ({ page: 1, size: 25, sort: 'date', order: 'desc', search });

const line = (name: string, ms: number) => console.log(`    ${name.padEnd(26)} ${ms.toFixed(2).padStart(7)} ms per run   (load ${loadavg()[0]!.toFixed(1)})`);

async function onPostgres(url: string, owner: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    for (const [name, term] of TERMS) {
      const { statement, values } = listStatementFor(query(term), 'en');
      const run = () => client.query({ name: statement.name, text: statement.text, values: statement.values(owner, values) });
      for (let i = 0; i < 10; i++) await run(); // past PostgreSQL's five custom plans, to the one a connection keeps
      const c0 = cpuOf(pid);
      for (let i = 0; i < RUNS; i++) await run();
      line(name, (cpuOf(pid) - c0) / RUNS);
    }
  } finally {
    await client.end();
  }
}

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  mkdirSync(env.DATA_DIR, { recursive: true });
  await populate(env);
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  try {
    const { db } = database;
    const owner = (await queryRows<{ id: string }>(db, sql`select id from users where email = ${heavy.email}`))[0]!.id;
    console.log(`  ${label}: CPU of the database per run, ${RUNS} runs of each`);
    if (env.DATABASE_URL) return await onPostgres(env.DATABASE_URL, owner);
    for (const [name, term] of TERMS) {
      const { statement, values } = listStatementFor(query(term), 'en');
      for (let i = 0; i < 10; i++) await statement.rows(db, owner, values);
      const c0 = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) await statement.rows(db, owner, values);
      const used = process.cpuUsage(c0);
      line(name, (used.user + used.system) / 1000 / RUNS);
    }
  } finally {
    await database.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-search-'));
try {
  await measure('PGlite', { DATA_DIR: path.join(dir, 'pglite') });
  if (process.env.DATABASE_URL) {
    const db = await freshPostgres();
    try {
      await measure('PostgreSQL', { DATA_DIR: path.join(dir, 'pg'), DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  } else console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
