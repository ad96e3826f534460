import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (measured: they start server processes, restore backups, fuzz every
 * route), longest first. Vitest starts the longest files first when it has timings from an earlier run;
 * without them (a fresh clone, CI) it starts the largest first, and these, short to read, came last,
 * one worker finishing them alone while the other stood idle.
 */
const LONG_FILES = ['backup', 'process', 'fuzz', 'crash', 'hardening', 'skipped-suites', 'import', 'outages', 'bootstrap', 'demo-seed'].map(
  (name) => `${name}.test.ts`,
);

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = files.every((f) => this.ctx.cache.getTestSpecificationResult(f));
    if (timed) return sorted;
    const rank = (f: TestSpecification) => {
      const at = LONG_FILES.indexOf(path.basename(f.moduleId));
      return at < 0 ? LONG_FILES.length : at;
    };
    // A stable sort: the other files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Files that never open this run's database (they read the source, build the web app, or open a PGlite
 * of their own whatever TEST_DB says): the PostgreSQL run (`npm test` runs the suite on PGlite, then
 * on PostgreSQL) would only run them a second time, the same way. They run once, in the PGlite run.
 */
const DATABASE_FREE = [
  'file-names',
  'boundaries',
  'help-content',
  'patterns',
  'usted',
  'build-inputs',
  'owner-scope',
  'skipped-suites',
  'interval-scheduler',
  'disk-full',
].map((name) => `test/${name}.test.ts`);
const secondRun = process.env.TEST_DB === 'postgres';

// A custom sequencer would replace the shuffling `--sequence.shuffle.files` asks for: not in such a run.
const shuffled = process.argv.some((arg) => arg.startsWith('--sequence.shuffle'));

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: secondRun ? DATABASE_FREE : [],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    // Files run in child processes (PGlite's WebAssembly and native argon2 are happier there than
    // in threads)…
    pool: 'forks',
    // …but not one process per file: starting a process, importing the server's module graph and
    // opening a database cost several seconds a file, as much as many files' tests. So a worker runs
    // file after file with its modules loaded, and keeps one database that each app gets back emptied
    // to its migrated state (helpers/database.ts). Nothing a file relies on is left by another: the
    // server keeps its state on the app it builds, and every app gets its own database, Redis prefix
    // and data folder. `npx vitest run --sequence.shuffle.files --sequence.seed=N` runs the files in
    // another order to show it.
    isolate: false,
    // The machine this runs on has 2 cores (issue 25); more workers only take turns on them.
    maxWorkers: 2,
    ...(shuffled ? {} : { sequence: { sequencer: LongFilesFirst } }),
    // Argon2id at the OWASP parameters costs ~50 ms per hash; a test signs up and in several times.
    // A few tests start the app twice on a PGlite folder on disk, or a server process: with the end-to-end
    // run beside this suite on 2 cores (scripts/test.mjs), those took 30-60 s. A timeout is a hang
    // detector here, not a speed assertion (speed is measured in bench/).
    testTimeout: 90_000,
    // Starting PGlite and running the migrations takes a few seconds on a quiet machine, and over a
    // minute at a load of 30 on 2 cores (owner-scope's own PGlite, made in its beforeAll): a hang detector.
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
