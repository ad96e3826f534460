#!/usr/bin/env node
// Every test of the project, in order: types, lint and format, server (PGlite, then PostgreSQL when DATABASE_URL is
// set), web units, then end to end in Chromium against the built app, run as `npm start` runs it. Prints one summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'cuadre-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(title, cmd, args, opts = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (opts.report && existsSync(opts.report)) {
    const r = JSON.parse(readFileSync(opts.report, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  if (res.status !== 0) failures.push(`${title} (exit ${res.status ?? res.signal})`);
  console.log(`--- ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s`);
  return res.status === 0;
}

const vitest = (title, workspace, env = {}) => {
  const report = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  return run(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, workspace),
    env,
    report,
  });
};

run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('lint', 'npm', ['run', 'lint', '--silent']);

// The server suite on the embedded database always; on PostgreSQL too when one is configured.
const { DATABASE_URL, ...envWithoutDb } = process.env;
vitest('server (PGlite)', 'apps/server', { TEST_DB: 'pglite' });
// The PostgreSQL run is the scaled-out configuration: with REDIS_URL set, its counters live in Redis.
if (DATABASE_URL)
  vitest(`server (PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''})`, 'apps/server', {
    TEST_DB: 'postgres',
    DATABASE_URL,
    TEST_REDIS_URL: process.env.REDIS_URL ?? '',
  });
else console.log('\n(DATABASE_URL not set: the server suite ran on PGlite only; the suites that need PostgreSQL or Redis are named above)');
if (DATABASE_URL && !process.env.REDIS_URL)
  console.log('(REDIS_URL not set: the PostgreSQL run kept its counters in memory; the suites that need Redis are named above)');

vitest('web', 'apps/web');

// What `npm start` runs: the web app and the server bundle (each rebuilt only when its sources changed).
if (run('build', 'node', ['scripts/build.mjs'])) {
  run('size gate', 'node', ['scripts/size-gate.mjs']);
  // End to end runs the quick-start path: the embedded database, whatever DATABASE_URL says.
  process.env = envWithoutDb;
  vitest('end to end (Chromium)', 'e2e');
} else {
  failures.push('end to end (not run: the build failed)');
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
