import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** initdb and the migrations cost seconds per database; a run pays them once. */
export default async function setup(project: TestProject) {
  // The PostgreSQL run makes a real database per store and needs no image.
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteImage', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'cuadre-image-'));
  const database = await openPglite();
  const image = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'pglite-image.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
