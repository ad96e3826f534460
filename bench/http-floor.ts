// The floor under issue 31's rates (2,000 req/s at p99 under 100 ms for a month's page, 50 connections):
// what this stack answers on this machine with no Cuadre route, hook or plugin in the way. Fastify (the
// server's version) in a process of its own, loaded by autocannon from this one, as books-load.ts loads
// the server; each step adds one thing:
//   constant JSON      a small constant object, nothing else
//   select 1           + one prepared `select 1` per request (the server's pool of 10, or PGlite in-process)
//   a 50-row page      + a prepared statement returning the heavy owner's month as a 50-row JSON page,
//                      built by the database and sent as is (as entries.repository.ts's list is)
//   same, compressed   + the server's compression of answers made per request (brotli 1, lib/compression.ts),
//                      through @fastify/compress as the server does, or in the route in one synchronous call
//   the server's list  the month through the server's own list statement (page, count, totals, names,
//                      receipts: entries.repository.ts's `entryListJson`), compressed, still bare Fastify
// then the real server's month answer, kept (the read cache's default) and read from the database
// (READ_CACHE_MS=0). On PostgreSQL (with DATABASE_URL) and PGlite, the population of populate.ts.
// Each row: req/s, p50/p99, the CPU each answer cost the server's process, PostgreSQL's and the load
// generator's (this process), the generator's share of the CPU the three used, how many cores the three kept
// busy, and the ceiling: the req/s the machine's cores would give at that CPU per answer if nothing else ran
// (cores × 1,000 ms ÷ the three's CPU per answer). Prints; asserts nothing.
//
//   npm run bench:http-floor -w @cuadre/bench      (DURATION=8 CONNECTIONS=50 WARMUP=2 ONLY=pglite|postgres, as books-load.ts)
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { cpuPerAnswer, freePort, load, load1, onEachDatabase, root, startServer, stop, type LoadResult } from './lib.js';
import { heavy, populate, signInHeavy } from './populate.js';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 2);
/** The month books-load.ts asks for: about 850 of the heavy owner's 10,000 lines. */
const MONTH = { from: '2026-03-01', to: '2026-03-31' };

/** The floor's own server: run as a child of this script (FLOOR_SERVE=1), so it has a process, and a CPU count, of its own. */
async function serveFloor() {
  const { default: Fastify } = await import('fastify');
  const { default: compress } = await import('@fastify/compress');
  const { openDatabase, queryRows } = await import('../apps/server/src/db/client.js');
  const { OwnedStatement } = await import('../apps/server/src/db/prepared.js');
  const { entries } = await import('../apps/server/src/db/schema/index.js');
  const { entryListJson } = await import('../apps/server/src/modules/books/entries.repository.js');
  const { acceptedEncoding, BROTLI_OPTIONS, COMPRESS_OPTIONS } = await import('../apps/server/src/lib/compression.js');
  const { brotliCompressSync } = await import('node:zlib');

  // The server's own database layer: the same pool (10 connections, its timeouts) or PGlite in this process,
  // and its prepared statements (planned once per connection; on PGlite, parsed once and run in one exchange).
  const database = await openDatabase({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL });
  const { db } = database;
  const owner = (await queryRows<{ id: string }>(db, sql`select id from users where email = ${heavy.email}`))[0]!.id;
  const one = new OwnedStatement(() => sql`select 1 as one`);
  // The least a month's page can be: the owner's rows of the month from the list's index, in its order, as JSON.
  const page = new OwnedStatement<{ from: string; to: string }>(
    (s) => s.sql`select coalesce(json_agg(e order by e.date desc, e.created_at desc, e.id), '[]')::text as answer
      from (select * from ${entries} e where e.date >= ${sql.placeholder('from')}::date and e.date <= ${sql.placeholder('to')}::date
            order by e.date desc, e.created_at desc, e.id limit 50) e`,
  );
  const month = { page: 1, size: 50, sort: 'date', order: 'desc', ...MONTH } as const;

  const app = Fastify({ logger: false });
  // With the server's own options (app.ts), so the compressed rows cost what the server's answers cost.
  await app.register(compress, COMPRESS_OPTIONS);
  app.get('/json', { compress: false }, async () => ({ ok: true, service: 'floor', n: 1 }));
  app.get('/select1', { compress: false }, async () => (await one.rows<{ one: number }>(db, owner, {}))[0]);
  app.get('/page', { compress: false }, async (_req, reply) => reply.type('application/json').send(await page.text1(db, owner, MONTH)));
  app.get('/page-compressed', async (_req, reply) => reply.type('application/json').send(await page.text1(db, owner, MONTH)));
  // The same brotli quality compressed in the route, in one call, without @fastify/compress's streams and hooks.
  app.get('/page-brotli-sync', { compress: false }, async (req, reply) => {
    const json = await page.text1(db, owner, MONTH);
    reply.type('application/json');
    if (!acceptedEncoding(req.headers['accept-encoding'])) return reply.send(json);
    return reply.header('content-encoding', 'br').header('vary', 'accept-encoding').send(brotliCompressSync(json, BROTLI_OPTIONS));
  });
  app.get('/list', async (_req, reply) => reply.type('application/json').send(await entryListJson(db, owner, 'en', month)));
  app.addHook('onClose', () => database.close());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** The floor's server on a populated database, ready to answer. */
async function startFloor(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const { DATABASE_URL: _db, ...base } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    env: { ...base, ...env, FLOOR_SERVE: '1', NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the floor server exited');
    try {
      if ((await fetch(`${url}/json`)).ok) return { proc, url };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One row: WARMUP seconds uncounted (the JIT), then DURATION seconds measured with the CPU each answer cost. */
/** The bytes an answer carries on the wire (compressed where it was), with the run's headers. */
const wireBytes = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) =>
    get(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
    }).on('error', reject),
  );

async function row(label: string, proc: ChildProcess, dbUrl: string | undefined, url: string, headers: Record<string, string>) {
  const bytes = await wireBytes(url, headers);
  if (WARMUP > 0) await load(url, { connections: CONNECTIONS, duration: WARMUP, headers });
  const m = await cpuPerAnswer(proc.pid!, dbUrl, () => load(url, { connections: CONNECTIONS, duration: DURATION, headers }));
  const r: LoadResult = m.result;
  const used = m.server + m.db + m.generator;
  // CPU the three used per second of the run, in cores: how much of the machine the step kept busy.
  const cores = (used * r.requests.average) / 1000;
  // What the machine's cores could answer if they did nothing else: a figure a shared machine's load
  // moves far less than the rate (the CPU an answer costs changes little with the load, the rate a lot).
  const ceiling = (cpus().length * 1000) / Math.max(used, 1e-9);
  const failed = r.non2xx || r.errors || r.timeouts ? `   ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '';
  console.log(
    `| ${label} | ${bytes.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${r.latency.p50} / ${r.latency.p99} ms | ` +
      `${m.server.toFixed(2)} + ${dbUrl ? m.db.toFixed(2) : '–'} + ${m.generator.toFixed(2)} ms | ${Math.round((100 * m.generator) / Math.max(used, 1e-9))} % | ` +
      `${cores.toFixed(2)} | ${Math.round(ceiling).toLocaleString('en')} | ${load1()} |${failed}`,
  );
}

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const t0 = performance.now();
  await populate(env);
  console.log(`\n${label} (populated in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s per row)\n`);
  console.log(
    "| step | bytes sent | req/s | p50 / p99 | CPU per answer: server + database + generator | generator's share | cores busy | ceiling | load |\n|---|---|---|---|---|---|---|---|---|",
  );
  // As books-load.ts asks: a browser's Accept-Encoding (the steps that do not compress ignore it).
  const accept = { 'accept-encoding': 'gzip, deflate, br' };
  const floor = await startFloor(env);
  try {
    for (const [name, p] of [
      ['constant JSON', '/json'],
      ['+ prepared select 1', '/select1'],
      ['+ 50-row JSON page, as is', '/page'],
      ['+ compressed (brotli 1, @fastify/compress)', '/page-compressed'],
      ['  or compressed in the route (brotli 1, one sync call)', '/page-brotli-sync'],
      ["the server's list statement, bare Fastify", '/list'],
    ] as const)
      await row(name, floor.proc, env.DATABASE_URL, floor.url + p, accept);
  } finally {
    await stop(floor.proc);
  }
  const server = { DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
  for (const [name, cache] of [
    ["the server's month, kept (READ_CACHE_MS default)", '60000'],
    ["the server's month, from the database (READ_CACHE_MS=0)", '0'],
  ] as const) {
    const { proc, url } = await startServer({ ...server, READ_CACHE_MS: cache });
    try {
      const headers = await signInHeavy(url);
      await row(name, proc, env.DATABASE_URL, `${url}/api/entries?from=${MONTH.from}&to=${MONTH.to}&size=50`, headers);
    } finally {
      await stop(proc);
    }
  }
}

if (process.env.FLOOR_SERVE === '1') await serveFloor();
else {
  console.log(`HTTP floor on ${cpus().length} cores; the load generator (autocannon) runs in this process, on the same cores.`);
  await onEachDatabase('floor', (label, env) => measure(label === 'PGlite' ? "PGlite, in the server's process" : label, env));
}
