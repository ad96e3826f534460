// What the benchmarks share: a free port, the compiled server as a process, a throwaway PostgreSQL database,
// a run on each database, and the percentiles they print.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon, { type Result as LoadResult } from 'autocannon';
import { buildStale } from '../scripts/build.mjs';

export type { LoadResult };

export const root = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The compiled server (`npm start`'s), ready to answer; DATABASE_URL only when `env` sets it. */
export async function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const { DATABASE_URL: _db, ...base } = process.env;
  const proc = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...base, NODE_ENV: 'production', PORT: String(port), LOG_LEVEL: 'warn', REDIS_URL: '', AUTH_IP_LIMIT: '100000', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url };
}

export const stop = (proc: ChildProcess) => new Promise<void>((resolve) => (proc.once('exit', () => resolve()), proc.kill('SIGTERM')));

/** An empty database on the server DATABASE_URL names, and how to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cuadre_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Requests to one URL from `connections` clients for `duration` seconds (autocannon). */
export const load = (url: string, opts: { connections: number; duration: number; headers?: Record<string, string> }): Promise<LoadResult> =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: opts.connections, duration: opts.duration, headers: opts.headers ?? {} }, (err, res) => (err ? reject(err) : resolve(res))),
  );

/** The sample below which a share `q` of them fall (nearest rank); 0 for none. */
export const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

export const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;

/** "p50 1.2 ms  p99 3.4 ms" of some timings in milliseconds. */
export const p50p99 = (times: number[]) => `p50 ${ms(quantile(times, 0.5))}  p99 ${ms(quantile(times, 0.99))}`;

/** `rounds` calls of `call`, one after another: how long each took, in milliseconds. */
export async function timeRounds(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * Signs `who` in on the server at `url`, then times each of `calls` (a name and a path under /api/):
 * one request first, whose answer `matched` reads (how many rows it found), then `rounds` of them one
 * after another; prints a line a call, its p50 and p99.
 */
export async function timeReads(
  url: string,
  who: { email: string; password: string },
  rounds: number,
  calls: [string, string][],
  matched: (body: unknown) => unknown,
) {
  const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const get = async (call: string) => {
    const r = await fetch(`${url}/api/${call}`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!r.ok) throw new Error(`${call}: ${r.status}`);
    return matched(await r.json());
  };
  for (const [name, call] of calls) {
    const found = await get(call);
    const times = await timeRounds(rounds, () => get(call));
    console.log(`  ${name}`.padEnd(40) + `${p50p99(times)}  (${found} match)`);
  }
}

/**
 * Builds the server if it is stale, then `measure`s on PGlite and, when DATABASE_URL is set, on a
 * throwaway PostgreSQL database (ONLY=pglite|postgres picks one), each in a fresh data folder that
 * is removed after. `postgresEnv` adds to the PostgreSQL run's environment (e.g. REDIS_URL).
 */
export async function onEachDatabase(
  name: string,
  measure: (label: string, env: { DATA_DIR: string; DATABASE_URL?: string; REDIS_URL?: string }) => Promise<void>,
  postgresEnv: { REDIS_URL?: string } = {},
) {
  await buildStale(['server'], { log: () => {} });
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(path.join(tmpdir(), `cuadre-bench-${name}-`));
    dirs.push(d);
    return d;
  };
  try {
    if (process.env.ONLY !== 'postgres') await measure('PGlite', { DATA_DIR: tmp() });
    if (process.env.DATABASE_URL && process.env.ONLY !== 'pglite') {
      const db = await freshPostgres();
      try {
        await measure('PostgreSQL', { DATA_DIR: tmp(), DATABASE_URL: db.url, ...postgresEnv });
      } finally {
        await db.drop();
      }
    } else if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** The machine is shared: each figure is printed beside the load average it was measured under. */
export const load1 = () => `load ${loadavg()[0]!.toFixed(1)}`;

/** CPU time a process has used, in ms (Linux /proc); 0 where it cannot be read. */
export const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // utime + stime, in clock ticks of 10 ms
  } catch {
    return 0;
  }
};
/** The server processes of PostgreSQL serving a database (when it runs on this machine). */
async function backendsOf(url: string | undefined): Promise<number[]> {
  if (!url) return [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}
/**
 * CPU per answer, of the server process and of the database's own processes: a figure the other work
 * on a shared machine slows down far less than the rate, so before and after compare under any load.
 * `generator` is this process's own (the load generator's, autocannon running here), per answer too.
 */
export async function cpuPerAnswer<T extends { requests: { total: number } }>(pid: number, url: string | undefined, measure: () => Promise<T>) {
  const backends = await backendsOf(url);
  const sum = (pids: number[]) => pids.reduce((n, p) => n + cpuOf(p), 0);
  const [server0, db0, own0] = [cpuOf(pid), sum(backends), process.cpuUsage()];
  const result = await measure();
  const own = process.cpuUsage(own0);
  const n = Math.max(1, result.requests.total);
  const server = (cpuOf(pid) - server0) / n;
  const db = (sum(backends) - db0) / n;
  const generator = (own.user + own.system) / 1000 / n;
  return { result, server, db, generator, cpu: `cpu/answer: server ${server.toFixed(2)} ms${url ? `, database ${db.toFixed(2)} ms` : ''}` };
}
