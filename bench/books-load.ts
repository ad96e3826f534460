// The books under load (issue 8): 1,000 owners, one of them with 10,000 entries; list and report calls
// under 100 concurrent connections (autocannon), a batch of 1,000 entries, and the demo seed's time,
// on PGlite and (when DATABASE_URL is set) PostgreSQL. Runs the compiled server as `npm start` does.
// Prints figures; asserts nothing.   npm run bench:books -w @cuadre/bench   (DURATION=8 CONNECTIONS=50 WARMUP=2)
// To measure one change quickly: ONLY=search,month (the calls whose names contain one of these; the batch and
// the seed's time are then left out), KEPT=0 (without the kept answers' mode), DATABASES=postgres or pglite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStale } from '../scripts/build.mjs';
import { seedDemo } from '../apps/server/src/cli/seed-demo.js';
import { cpuPerAnswer, freshPostgres, load, load1, startServer, stop } from './lib.js';
import { HEAVY_ENTRIES, populate, signInHeavy } from './populate.js';
import { printPlans } from './plans.js';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

const WARMUP = Number(process.env.WARMUP ?? 2);
const ONLY = process.env.ONLY?.split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const picked = (name: string) => !ONLY || ONLY.some((w) => name.toLowerCase().includes(w));
const KEPT = process.env.KEPT !== '0';
const DATABASES = process.env.DATABASES ?? 'pglite,postgres';

const CALLS = [
  ['a month, newest first', '/api/entries?from=2026-03-01&to=2026-03-31&size=50'],
  ['the year by amount, page 20', '/api/entries?type=income&sort=amount&order=desc&page=20&size=50'],
  ['search', '/api/entries?search=line%2012&size=25'],
  ['month summary', '/api/reports/month-summary?year=2026&month=3'],
  ['tax years', '/api/tax-years'],
] as const;

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const t0 = performance.now();
  const { owners } = await populate(env);
  console.log(
    `${label}: ${owners} owners, ${HEAVY_ENTRIES} entries for one and 10 for each other, written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const server = { DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
  // First as the server runs (lists and reports kept per owner until their books change, ADR 009:
  // every answer after the first comes from memory), then with that cache off, as every first read
  // after a change is answered.
  // The kept answers' mode sets the cache's default itself, so a READ_CACHE_MS=0 in the bench's own
  // environment (issue 31's command) does not turn it off there too.
  for (const [mode, extra] of [
    ...(KEPT ? [['kept answers (READ_CACHE_MS default)', { READ_CACHE_MS: '60000' }] as const] : []),
    ['every read from the database (READ_CACHE_MS=0)', { READ_CACHE_MS: '0' }] as const,
  ]) {
    console.log(`  ${mode}`);
    const { proc, url } = await startServer({ ...server, ...extra });
    try {
      const headers = await signInHeavy(url);
      // The year's profit and loss last, one request at a time (issue 31: under 10 ms p50 on one connection).
      for (const [name, path, connections] of [
        ...CALLS.map(([n, p]) => [n, p, CONNECTIONS] as const),
        ["the year's P&L, 1 connection", '/api/reports/pnl?year=2026', 1] as const,
      ].filter(([name]) => picked(name))) {
        // Measured in the steady state: first run for WARMUP seconds uncounted, since a freshly started
        // server's first thousands of requests run its code before the JIT compiled it, and those few
        // hundred slow answers would be the p99 of any run of a few seconds.
        if (WARMUP > 0) await load(url + path, { connections, duration: WARMUP, headers });
        const { result: r, cpu } = await cpuPerAnswer(proc.pid!, env.DATABASE_URL, () => load(url + path, { connections, duration: DURATION, headers }));
        console.log(
          `    ${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(5)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   ${cpu}   (${load1()})${r.non2xx || r.errors || r.timeouts ? `   ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ''}`,
        );
      }
    } finally {
      await stop(proc);
    }
  }
  await printPlans(server);
  if (ONLY) return;
  const { proc, url } = await startServer(server);
  try {
    const headers = await signInHeavy(url);
    const cats = (await (await fetch(`${url}/api/categories`, { headers })).json()) as { items: { id: string; kind: string }[] };
    const income = cats.items.find((c) => c.kind === 'income')!.id;
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const body = JSON.stringify({
        entries: Array.from({ length: 1000 }, (_, i) => ({ type: 'income', date: '2026-11-02', amount: 100 + i, categoryId: income })),
      });
      const t = performance.now();
      const r = await fetch(`${url}/api/entries/batch`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      if (r.status !== 201) throw new Error(`batch: ${r.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`  a batch of 1,000 entries      median ${times[1]!.toFixed(0)} ms (runs: ${times.map((x) => x.toFixed(0)).join(', ')} ms)`);
  } finally {
    await stop(proc);
  }
}

async function seedTime(label: string, env: Record<string, string | undefined>) {
  const t = performance.now();
  await seedDemo({
    email: 'demo@bench.cuadre.test',
    password: 'Bench-Demo-Owner-2026',
    env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent', REDIS_URL: '' },
    log: () => {},
  });
  console.log(`  demo seed (${label})            ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

await buildStale(['server'], { log: () => {} });
console.log(`${CONNECTIONS} connections, ${DURATION} s per call\n`);
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-books-'));
  dirs.push(d);
  return d;
};
try {
  if (DATABASES.includes('pglite')) await measure('PGlite', { DATA_DIR: tmp() });
  if (process.env.DATABASE_URL && DATABASES.includes('postgres')) {
    const db = await freshPostgres();
    try {
      await measure('PostgreSQL', { DATA_DIR: tmp(), DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  } else console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
  // The seed's time is a figure of its own, left out when only some calls are measured.
  if (!ONLY) {
    console.log('');
    await seedTime('PGlite', { DATA_DIR: tmp(), DATABASE_URL: undefined });
    if (process.env.DATABASE_URL) {
      const db = await freshPostgres();
      try {
        await seedTime('PostgreSQL', { DATA_DIR: tmp(), DATABASE_URL: db.url });
      } finally {
        await db.drop();
      }
    }
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
