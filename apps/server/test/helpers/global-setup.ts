import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildStale } from '../../../../scripts/build.mjs';
import { openDatabase, openPglite } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory, dumped once per run; every in-memory test database starts from it. */
    pgliteImage: string;
    /** The same migrated PGlite data folder on disk, made once per run; a store on disk starts as a copy of it (helpers/database.ts). */
    pgliteFolder: string;
  }
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * initdb and the migrations cost seconds per database; a run pays them once (a PGlite folder and its
 * image, a PostgreSQL template database). The server processes tests start run the bundle `npm start`
 * runs, built here once if its sources changed (helpers/server-process.ts). And once the run ends, one
 * line for each suite skipped for want of PostgreSQL or Redis (helpers/services.ts).
 */
/**
 * The run's migrated PGlite data folder, and (on PGlite runs) the image of it that in-memory databases
 * load. A run started by a test of this suite (skipped-suites.test.ts) is handed the outer run's pair,
 * which it only reads, as every worker does.
 */
async function migratedPglite(dir: string, withImage: boolean): Promise<{ folder: string; image: string }> {
  const given = { folder: process.env.CUADRE_TEST_PGLITE_FOLDER ?? '', image: process.env.CUADRE_TEST_PGLITE_IMAGE ?? '' };
  if (given.folder && (given.image || !withImage)) return given;
  // Made the way a first start makes one (initdb in a child process, then the migrations), in every
  // run: even a PostgreSQL run starts processes on the embedded database.
  const folder = path.join(dir, 'pglite');
  const migrated = await openPglite({ dir: folder, holder: 'The test run’s global setup' });
  try {
    if (!withImage) return { folder, image: '' };
    const image = path.join(dir, 'pglite-image.tar');
    writeFileSync(image, Buffer.from(await (await migrated.pglite!.dumpDataDir('none')).arrayBuffer()));
    return { folder, image };
  } finally {
    await migrated.close();
  }
}

/** A migrated PostgreSQL database every test database is copied from; its name starts with `prefix`. */
async function postgresTemplate(prefix: string, dir: string): Promise<string> {
  const template = `${prefix}template`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${template}`));
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${template}`;
  const migrated = await openDatabase({ databaseUrl: url.toString(), dataDir: dir, requestTimeouts: false });
  await migrated.close();
  // A template is copied only while no one is connected to it; the pool's sockets close a moment after end().
  await withAdminClient(async (c) => {
    for (let i = 0; i < 250; i++) {
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [template]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return template;
}

/**
 * initdb and the migrations cost seconds per database; a run pays them once (a PGlite folder and its
 * image, a PostgreSQL template database). The server processes tests start run the bundle `npm start`
 * runs, built here once if its sources changed (helpers/server-process.ts). And once the run ends, one
 * line for each suite skipped for want of PostgreSQL or Redis (helpers/services.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cuadre-image-'));
  const skipped = path.join(dir, 'skipped-suites.txt');
  writeFileSync(skipped, '');
  project.provide('skippedSuites', skipped);
  const report = () => {
    const lines = [...new Set(readFileSync(skipped, 'utf8').split('\n').filter(Boolean))].sort();
    if (lines.length) console.log(`\nSkipped for want of a service (${lines.length}):\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
    rmSync(dir, { recursive: true, force: true });
  };

  const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;
  // Lowercase letters and digits only: names are interpolated as identifiers.
  const prefix = onPostgres ? `cuadre_t_${randomBytes(4).toString('hex')}_` : '';
  // Side by side: initdb runs in a child process, the template's migrations in the PostgreSQL server.
  const [pglite, template] = await Promise.all([
    migratedPglite(dir, !onPostgres),
    onPostgres ? postgresTemplate(prefix, dir) : '',
    // Before the workers start: two of them building it at once would each pay for the build.
    buildStale(['server'], { log: () => undefined }),
  ]);
  project.onTestsRerun(async () => void (await buildStale(['server'], { log: () => undefined })));
  project.provide('pgliteFolder', pglite.folder);
  project.provide('pgliteImage', pglite.image);
  project.provide('postgresTemplate', template);
  project.provide('postgresPrefix', prefix);
  if (!onPostgres) return report;
  return async () => {
    // The template, and whatever a worker that ended early did not drop.
    await withAdminClient(async (c) => {
      const { rows } = await c.query<{ name: string }>(`select datname as name from pg_database where datname like $1`, [`${prefix}%`]);
      for (const { name } of rows) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
    report();
  };
}
