import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory, dumped once per run; every in-memory test database starts from it. */
    pgliteImage: string;
  }
}

/**
 * initdb and the migrations cost seconds per database; a run pays them once. And once the run ends,
 * one line for each suite skipped for want of PostgreSQL or Redis (helpers/services.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cuadre-image-'));
  const skipped = path.join(dir, 'skipped-suites.txt');
  writeFileSync(skipped, '');
  project.provide('skippedSuites', skipped);
  const teardown = () => {
    const lines = [...new Set(readFileSync(skipped, 'utf8').split('\n').filter(Boolean))].sort();
    if (lines.length) console.log(`\nSkipped for want of a service (${lines.length}):\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
    rmSync(dir, { recursive: true, force: true });
  };
  // The PostgreSQL run makes a real database per store and needs no image.
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteImage', '');
    return teardown;
  }
  const database = await openPglite();
  const image = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'pglite-image.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return teardown;
}
