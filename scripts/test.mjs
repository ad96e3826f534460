#!/usr/bin/env node
// Every test of the project: types, lint and format, server (PGlite, then PostgreSQL when DATABASE_URL is
// set), web units, the build and its size gate, then end to end in Chromium against the built app, run as
// `npm start` runs it. Phases run one after another by default: on a 2-core machine two phases side by
// side only took turns on the cores, and the whole run took longer (1,575 s against 1,139 s), with the
// tests that start processes timing out. TEST_JOBS=2 (or more) runs them side by side on a machine with
// cores to spare; a phase then waits only for what it needs (the size gate and end to end wait for the build). Each phase's output is printed whole when it ends, so two phases never interleave; then one
// line per phase with its time, the total, and one summary line.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'cuadre-test-'));
const jobs = Math.max(1, Math.min(Number(process.env.TEST_JOBS) || 1, availableParallelism()));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();

const { DATABASE_URL, ...envWithoutDb } = process.env;

/** A phase: a command, where it runs, its environment, the phases it waits for, and its Vitest report. */
const phases = [];
const phase = (title, cmd, args, opts = {}) => phases.push({ title, cmd, args, needs: [], ...opts });
const vitest = (title, workspace, env, opts = {}) => {
  const report = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  phase(title, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: path.join(root, workspace),
    env,
    report,
    ...opts,
  });
};

// In the order a change most often breaks them, so a run one at a time fails early: types, lint, the
// server, the web units, then the build, its size and end to end.
phase('typecheck', 'npm', ['run', 'typecheck', '--silent']);
phase('lint', 'npm', ['run', 'lint', '--silent']);
vitest('server (PGlite)', 'apps/server', { TEST_DB: 'pglite' });
// The PostgreSQL run is the scaled-out configuration: with REDIS_URL set, its counters live in Redis.
if (DATABASE_URL)
  vitest(`server (PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''})`, 'apps/server', {
    TEST_DB: 'postgres',
    DATABASE_URL,
    TEST_REDIS_URL: process.env.REDIS_URL ?? '',
  });
vitest('web', 'apps/web');
// What `npm start` runs: the web app and the server bundle (each rebuilt only when its sources changed).
phase('build', 'node', ['scripts/build.mjs']);
phase('size gate', 'node', ['scripts/size-gate.mjs'], { needs: ['build'] });
// End to end runs the quick-start path: the embedded database, whatever DATABASE_URL says.
vitest('end to end (Chromium)', 'e2e', {}, { needs: ['build'], baseEnv: envWithoutDb });

const state = new Map(phases.map((p) => [p.title, 'waiting']));
const results = [];

function run(p) {
  state.set(p.title, 'running');
  const log = path.join(reports, `${p.title.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(log);
  const t0 = Date.now();
  const child = spawn(p.cmd, p.args, {
    cwd: p.cwd ?? root,
    env: { ...(p.baseEnv ?? process.env), ...p.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  console.log(`▶ ${p.title}`);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      out.end(() => {
        const seconds = (Date.now() - t0) / 1000;
        console.log(`\n=== ${p.title} ===`);
        process.stdout.write(readFileSync(log, 'utf8'));
        if (p.report && existsSync(p.report)) {
          const r = JSON.parse(readFileSync(p.report, 'utf8'));
          totals.passed += r.numPassedTests;
          totals.failed += r.numFailedTests;
          totals.skipped += r.numPendingTests + r.numTodoTests;
        }
        const ok = code === 0;
        console.log(`--- ${p.title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)}s`);
        state.set(p.title, ok ? 'ok' : 'failed');
        results.push({ title: p.title, ok, seconds, why: ok ? '' : `exit ${code ?? signal}` });
        resolve();
      });
    });
  });
}

async function lane() {
  for (;;) {
    const next = phases.find((p) => state.get(p.title) === 'waiting' && p.needs.every((n) => state.get(n) === 'ok'));
    if (next) {
      await run(next);
      continue;
    }
    // Waiting phases whose needs failed never run; they are reported as not run.
    const blocked = phases.filter((p) => state.get(p.title) === 'waiting');
    if (!blocked.length) return;
    if (blocked.every((p) => p.needs.some((n) => state.get(n) === 'failed'))) {
      for (const p of blocked) {
        state.set(p.title, 'failed');
        results.push({ title: p.title, ok: false, seconds: 0, why: `not run: ${p.needs.join(', ')} failed` });
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

console.log(`Running ${phases.length} phases, ${jobs} at a time`);
await Promise.all(Array.from({ length: jobs }, lane));

if (!DATABASE_URL) console.log('\n(DATABASE_URL not set: the server suite ran on PGlite only; the suites that need PostgreSQL or Redis are named above)');
else if (!process.env.REDIS_URL)
  console.log('\n(REDIS_URL not set: the PostgreSQL run kept its counters in memory; the suites that need Redis are named above)');

console.log('\nPhase times:');
for (const r of results)
  console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.title.padEnd(32)} ${r.seconds.toFixed(1).padStart(6)}s${r.why ? `  (${r.why})` : ''}`);
console.log(`  total (${jobs} at a time)${' '.repeat(24)}${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`);
const failures = results.filter((r) => !r.ok);
console.log('');
if (failures.length) console.log(`Failed: ${failures.map((f) => `${f.title} (${f.why})`).join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
