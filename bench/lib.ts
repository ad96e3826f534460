// What the benchmarks share: a free port, the compiled server as a process, a throwaway PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import autocannon, { type Result as LoadResult } from 'autocannon';

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
