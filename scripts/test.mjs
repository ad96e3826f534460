#!/usr/bin/env node
// Every test of the project: types, lint and format, server (PGlite, then PostgreSQL when DATABASE_URL is
// set), web units, the build and its size gate, then end to end in Chromium against the built app, run as
// `npm start` runs it. Each phase says how many cores it keeps busy: the suites run two workers each
// (and end to end a browser and the server beside them), while type checking, lint and the build are one
// process on one core. The run keeps the machine's cores busy and no more: on 2 cores the one-core phases
// run two at a time (types beside lint, the build beside whichever of them is left), and a two-core phase
// runs alone. Two two-core phases side by side only took turns on the cores, and the whole run took longer
// (1,575 s against 1,139 s), with the tests that start processes timing out. TEST_JOBS=1 runs the phases
// strictly one after another; TEST_JOBS=N (2 or more) runs up to N side by side, whatever their cores, on
// a machine with cores to spare. A phase waits only for what it needs (the size gate and end to end wait
// for the build). Each phase's output is printed whole when it ends, so two phases never interleave; then
// one line per phase with its time, the total and the load average, and one summary line.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'cuadre-test-'));
const cores = availableParallelism();
// TEST_JOBS: that many phases at once, whatever each keeps busy (1: strictly one after another).
const jobs = process.env.TEST_JOBS ? Math.max(1, Math.min(Number(process.env.TEST_JOBS) || 1, cores)) : 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
// The machine's load beside the times: a busy machine's times are not a quiet one's.
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const startLoad = load();

const { DATABASE_URL, ...envWithoutDb } = process.env;

/**
 * A phase: a command, where it runs, its environment, the phases it waits for, its Vitest report, and
 * how many cores it keeps busy (two unless said: a suite's two workers, or end to end's browser and server).
 */
const phases = [];
const phase = (title, cmd, args, opts = {}) => phases.push({ title, cmd, args, needs: [], cores: 2, ...opts });
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
// tsc checks one workspace after another on one core; ESLint and Prettier are one process each (oxlint,
// which uses every core, is a second or two of it).
phase('typecheck', 'npm', ['run', 'typecheck', '--silent'], { cores: 1 });
phase('lint', 'npm', ['run', 'lint', '--silent'], { cores: 1 });
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
// Vite's bundling is one core's work (its compression a moment of several): it fits beside types or lint.
phase('build', 'node', ['scripts/build.mjs'], { cores: 1 });
phase('size gate', 'node', ['scripts/size-gate.mjs'], { needs: ['build'], cores: 1 });
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
        console.log(`--- ${p.title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)}s (load average ${load()})`);
        state.set(p.title, ok ? 'ok' : 'failed');
        results.push({ title: p.title, ok, seconds, why: ok ? '' : `exit ${code ?? signal}` });
        resolve();
      });
    });
  });
}

/** What a running phase takes of the run's room: its cores, or one place of TEST_JOBS. */
const room = jobs || cores;
const takes = (p) => (jobs ? 1 : Math.min(p.cores, cores));

/**
 * Starts, in their order, the phases whose needs passed and that fit beside those running (a later
 * one-core phase may go ahead of a two-core one that does not fit yet); a phase whose needs failed is
 * reported as not run. Resolves when every phase has ended.
 */
async function schedule() {
  const running = new Map();
  for (;;) {
    for (const p of phases) {
      if (state.get(p.title) !== 'waiting') continue;
      if (p.needs.some((n) => state.get(n) === 'failed')) {
        state.set(p.title, 'failed');
        results.push({ title: p.title, ok: false, seconds: 0, why: `not run: ${p.needs.join(', ')} failed` });
        continue;
      }
      const used = [...running.keys()].reduce((n, q) => n + takes(q), 0);
      if (p.needs.every((n) => state.get(n) === 'ok') && used + takes(p) <= room)
        running.set(
          p,
          run(p).then(() => running.delete(p)),
        );
    }
    if (!running.size) return;
    await Promise.race(running.values());
  }
}

console.log(
  jobs
    ? `Running ${phases.length} phases, ${jobs} at a time`
    : `Running ${phases.length} phases on ${cores} cores, each phase beside others while its cores are free`,
);
await schedule();

if (!DATABASE_URL) console.log('\n(DATABASE_URL not set: the server suite ran on PGlite only; the suites that need PostgreSQL or Redis are named above)');
else if (!process.env.REDIS_URL)
  console.log('\n(REDIS_URL not set: the PostgreSQL run kept its counters in memory; the suites that need Redis are named above)');

console.log(`\nPhase times (load average now ${load()}; at the start ${startLoad}):`);
results.sort((a, b) => phases.findIndex((p) => p.title === a.title) - phases.findIndex((p) => p.title === b.title));
for (const r of results)
  console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.title.padEnd(32)} ${r.seconds.toFixed(1).padStart(6)}s${r.why ? `  (${r.why})` : ''}`);
console.log(`  ${`total (${jobs ? `${jobs} at a time` : `on ${cores} cores`})`.padEnd(39)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`);
const failures = results.filter((r) => !r.ok);
console.log('');
if (failures.length) console.log(`Failed: ${failures.map((f) => `${f.title} (${f.why})`).join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
