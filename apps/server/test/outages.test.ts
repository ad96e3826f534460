import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { defaultCategoryId } from '../src/db/default-chart.js';
import { createTestApp, type ApiResult, type TestApp } from './helpers/app.js';
import { createTestStore } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';
import { TcpProxy } from './helpers/proxy.js';
import { needs } from './helpers/services.js';
import { serverProcessArgs } from './helpers/server-process.js';
import { sleep, within } from './helpers/wait.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Polls `fn` until it returns true; the deadline is the behaviour under test (e.g. "within 10 s"). */
/** Calls that run side by side with an outage; every answer is kept with how long it took. */
function load(t: TestApp, token: string) {
  const seen: { status: number; ms: number; code?: string }[] = [];
  let running = true;
  const loop = async (call: () => Promise<ApiResult>) => {
    while (running) {
      const t0 = Date.now();
      const res = await call();
      seen.push({ status: res.status, ms: Date.now() - t0, code: res.body?.code });
      await sleep(20);
    }
  };
  const loops = [
    loop(() => t.api('GET', '/api/common/user', { token })),
    loop(() => t.api('PATCH', '/api/common/user', { token, body: { user: { company: `Bar ${Date.now()}` } } })),
    loop(() => t.api('GET', '/api/auth/sessions', { token })),
  ];
  return {
    seen,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function terminateBackends(database: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  } finally {
    await admin.end();
  }
}

needs('postgres').describe('PostgreSQL goes away', () => {
  it('terminated connections: the process lives, no call answers 500, the next call succeeds', async () => {
    const t = await createTestApp();
    try {
      const { token } = await t.ownerToken();
      const database = new URL(t.config.databaseUrl!).pathname.slice(1);
      const traffic = load(t, token);
      await sleep(200);
      await terminateBackends(database);
      await sleep(300);
      await terminateBackends(database);
      await sleep(300);
      await traffic.stop();
      expect(traffic.seen.length).toBeGreaterThan(5);
      for (const s of traffic.seen) expect([200, 503], JSON.stringify(s)).toContain(s.status);
      expectOk(await t.api('GET', '/api/common/user', { token }));
    } finally {
      await t.close();
    }
  });

  it('a 6 s outage: calls answer 200 or 503 quickly, ready goes 503 then 200 by itself, nothing refused was written', async () => {
    const store = await createTestStore();
    const target = new URL(store.env.DATABASE_URL);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    const proxied = new URL(store.env.DATABASE_URL);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const t = await createTestApp({ DATABASE_URL: proxied.toString() }, { store });
    try {
      const { owner, token } = await t.ownerToken();
      expect(expectOk(await t.api('GET', '/api/health/ready'))).toEqual({
        status: 'ok',
        database: 'ok',
        redis: t.config.redisUrl ? 'ok' : 'not configured',
        disk: 'ok',
      });

      const traffic = load(t, token);
      await sleep(300);
      await proxy.cut();
      await terminateBackends(target.pathname.slice(1));
      const outageStarted = Date.now();

      // While it is away: the process answers liveness, readiness says what is down.
      await sleep(500);
      expect((await t.api('GET', '/api/health')).status).toBe(200);
      const notReady = await t.api('GET', '/api/health/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'unavailable', database: 'down', statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(notReady.headers['retry-after'])).toBeGreaterThan(0);
      const refused = await t.api('PATCH', '/api/common/user', { token, body: { user: { name: 'Written during the outage' } } });
      expectError(refused, 503, 'SERVICE_UNAVAILABLE');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      await sleep(Math.max(0, 6_000 - (Date.now() - outageStarted)));
      await proxy.restore();
      const back = Date.now();
      await within(10_000, async () => (await t.api('GET', '/api/health/ready')).status === 200, 'ready again after PostgreSQL returned');
      const recoveredInMs = Date.now() - back;
      await traffic.stop();

      const statuses = new Set(traffic.seen.map((s) => s.status));
      expect(
        [...statuses].every((s) => s === 200 || s === 503),
        JSON.stringify([...statuses]),
      ).toBe(true);
      expect(traffic.seen.some((s) => s.status === 503)).toBe(true);
      // The driver's defaults would wait for ever; the pool gives up within its timeouts (5 s is the promise).
      const slowest = Math.max(...traffic.seen.map((s) => s.ms));
      expect(slowest).toBeLessThan(8_000);
      console.log(
        `outage: ${traffic.seen.length} calls, statuses ${[...statuses].join('/')}, slowest ${slowest} ms, ready ${recoveredInMs} ms after PostgreSQL returned`,
      );

      // A network that swallows packets instead of refusing them: the pool's timeouts answer 503, not a hang.
      await proxy.hang();
      await terminateBackends(target.pathname.slice(1));
      const t0 = Date.now();
      // A write (a read of a session seen a moment ago may come from the session cache without the database).
      expectError(await t.api('PATCH', '/api/common/user', { token, body: { user: { company: 'Hung' } } }), 503, 'SERVICE_UNAVAILABLE');
      const hungMs = Date.now() - t0;
      expect(hungMs).toBeLessThan(8_000);
      console.log(`hung network: 503 after ${hungMs} ms`);
      await proxy.restore();
      await within(10_000, async () => (await t.api('GET', '/api/health/ready')).status === 200, 'ready again after the network returned');

      // Every call works again; the write refused during the outage is not there.
      const me = expectOk(await t.api('GET', '/api/common/user', { token }));
      expect(me.name).not.toBe('Written during the outage');
      expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }));
    } finally {
      await proxy.close();
      await t.close();
      await store.drop();
    }
  });

  it('a partition (connections open, no byte comes back) for 8 s under reads and batch writes: every call answers within 5 s, nothing acknowledged is lost, no batch is half written', async () => {
    const store = await createTestStore();
    const target = new URL(store.env.DATABASE_URL);
    const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
    const proxied = new URL(store.env.DATABASE_URL);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // No cache between the calls and the database: every read below asks PostgreSQL.
    const t = await createTestApp({ DATABASE_URL: proxied.toString(), READ_CACHE_MS: '0', SESSION_CACHE_MS: '0' }, { store });
    const direct = new pg.Client({ connectionString: store.env.DATABASE_URL });
    direct.on('error', () => undefined);
    let running = true;
    let loops: Promise<void>[] = [];
    try {
      const { token } = await t.bookkeeper();
      const ventas = defaultCategoryId('Ventas');
      const seen: { what: 'read' | 'batch'; status: number; ms: number; at: number; body: any; retryAfter?: string; ref?: string }[] = [];
      let batches = 0;
      const loop = async (what: 'read' | 'batch') => {
        while (running) {
          const ref = `partition-${++batches}`;
          const t0 = Date.now();
          const res =
            what === 'read'
              ? await t.api('GET', '/api/entries', { token, query: { size: 10 } })
              : await t.api('POST', '/api/entries/batch', {
                  token,
                  body: {
                    entries: Array.from({ length: 20 }, (_, i) => ({
                      type: 'income',
                      date: '2026-05-01',
                      amount: 100 + i,
                      categoryId: ventas,
                      reference: ref,
                    })),
                  },
                });
          seen.push({
            what,
            status: res.status,
            ms: Date.now() - t0,
            at: t0,
            body: res.body,
            retryAfter: res.headers['retry-after'],
            ref,
          });
          await sleep(20);
        }
      };
      loops = [loop('read'), loop('read'), loop('batch'), loop('batch')];
      await within(10_000, async () => seen.filter((s) => s.status < 300).length >= 8, 'calls answered before the partition');

      proxy.blackHole();
      const holeAt = Date.now();
      // While no byte comes back: liveness answers, readiness says 503 within 2 s.
      expect(expectOk(await t.api('GET', '/api/health'))).toMatchObject({ status: 'ok' });
      const r0 = Date.now();
      const notReady = await t.api('GET', '/api/health/ready');
      const readyMs = Date.now() - r0;
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'unavailable', database: 'down', code: 'SERVICE_UNAVAILABLE' });
      expect(readyMs).toBeLessThan(2_000);
      // The partition lasts 8 s, and reads and writes have met it.
      await within(
        20_000,
        async () => Date.now() - holeAt >= 8_000 && ['read', 'batch'].every((w) => seen.some((s) => s.what === w && s.at >= holeAt && s.status === 503)),
        'reads and batches answered 503 during the partition',
      );
      expect((await t.api('GET', '/api/health')).status).toBe(200);

      await proxy.restore();
      const back = Date.now();
      // By itself, within 10 s: reads answer 200 again.
      await within(
        10_000,
        async () => (await t.api('GET', '/api/entries', { token, query: { size: 10 } })).status === 200,
        'reads answer 200 after the partition',
      );
      const recoveredMs = Date.now() - back;
      await within(10_000, async () => seen.some((s) => s.what === 'batch' && s.at >= back && s.status === 201), 'a batch written after the partition');
      running = false;
      await Promise.all(loops);

      const during = seen.filter((s) => s.at >= holeAt - 5_000);
      const statuses = [...new Set(seen.map((s) => s.status))].sort();
      expect(
        statuses.every((s) => [200, 201, 503].includes(s)),
        JSON.stringify(statuses),
      ).toBe(true);
      for (const s of seen.filter((x) => x.status === 503)) {
        expect(s.body).toEqual({
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database cannot be reached for a moment; nothing was saved. Try again in a few seconds',
        });
        expect(Number(s.retryAfter)).toBeGreaterThan(0);
      }
      const slowest = Math.max(...seen.map((s) => s.ms));
      expect(slowest, JSON.stringify(during.map((s) => [s.what, s.status, s.ms]))).toBeLessThan(5_000);

      // Every batch is whole or absent; every acknowledged one is there.
      await direct.connect();
      const { rows } = await direct.query<{ ref: string; n: number }>(
        "select reference as ref, count(*)::int as n from entries where reference like 'partition-%' group by reference",
      );
      const stored = new Map(rows.map((r) => [r.ref, r.n]));
      for (const [ref, n] of stored) expect(n, ref).toBe(20);
      const written = seen.filter((s) => s.what === 'batch' && s.status === 201);
      for (const s of written) expect(stored.get(s.ref!), s.ref).toBe(20);
      const refusedYetStored = seen.filter((s) => s.what === 'batch' && s.status === 503 && stored.has(s.ref!)).length;
      console.log(
        `partition: ${seen.length} calls (${written.length} batches written), statuses ${statuses.join('/')}, slowest ${slowest} ms, ` +
          `ready 503 in ${readyMs} ms, reads 200 again ${recoveredMs} ms after the link returned; ` +
          `${stored.size} batches stored, all whole; refused yet stored (the COMMIT had crossed before the answer was lost): ${refusedYetStored}`,
      );
    } finally {
      running = false;
      await Promise.all(loops);
      await direct.end().catch(() => undefined);
      await proxy.close();
      await t.close();
      await store.drop();
    }
  });
});

needs('redis-server').describe('Redis goes away', () => {
  function startRedis(port: number): ChildProcess {
    return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
  }
  const stopRedis = (proc: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  it('sign-in fails closed with 503 within a moment, reads go on, and all is back by itself when Redis returns', async () => {
    const port = await freePort();
    let redis = startRedis(port);
    await within(
      5_000,
      async () =>
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .trim() === 'PONG',
      'redis-server up',
    );
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `cuadre-outage-${port}:`, SESSION_CACHE_MS: '60000' });
    try {
      const { owner, token } = await t.ownerToken();
      expect(expectOk(await t.api('GET', '/api/health/ready')).redis).toBe('ok');
      // The session is in the cache now.
      expectOk(await t.api('GET', '/api/common/user', { token }));
      expectOk(await t.api('GET', '/api/common/user', { token }));

      await stopRedis(redis);
      await sleep(200);
      // Without its invalidation channel, the cache serves nothing: a change another process made
      // (here, written straight to the database) is seen by the next call.
      await t.db.update(users).set({ name: 'Changed Elsewhere' }).where(eq(users.id, owner.id));
      expect(expectOk(await t.api('GET', '/api/common/user', { token })).name).toBe('Changed Elsewhere');
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) {
        const t0 = Date.now();
        const res = await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } });
        answers.push(Date.now() - t0);
        // Fails closed: never signed in without the counters, never a 500.
        expectError(res, 503, 'SERVICE_UNAVAILABLE');
      }
      console.log(`redis outage: sign-in answered 503 in ${answers.join(', ')} ms`);
      // No request waits on a dead Redis (no offline queue): well inside a second each.
      expect(Math.max(...answers)).toBeLessThan(3_000);
      expectError(await t.api('POST', '/api/auth/forgot-password', { body: { email: owner.email } }), 503, 'SERVICE_UNAVAILABLE');
      // Reads that need no counter go on.
      expectOk(await t.api('GET', '/api/common/user', { token }));
      const notReady = await t.api('GET', '/api/health/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ database: 'ok', redis: 'down' });

      redis = startRedis(port);
      await within(10_000, async () => (await t.api('GET', '/api/health/ready')).status === 200, 'ready again after Redis returned');
      expectOk(await t.api('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } }));
    } finally {
      await t.close();
      await stopRedis(redis);
    }
  });
});

describe('starting while the database cannot be reached', () => {
  function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-wait-'));
    const proc = spawn(process.execPath, [...serverProcessArgs], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        ADMIN_EMAIL: 'wait@cuadre.test',
        ADMIN_PASSWORD: 'Waiting-Admin-Pass-1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    return { proc, output: () => out, exited, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }

  it('waits with one plain line per attempt, then exits 1 with one sentence', async () => {
    const port = await freePort();
    const s = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/cuadre`, DATABASE_WAIT_S: '2' });
    try {
      expect(await s.exited).toBe(1);
      const lines = s.output().trim().split('\n');
      expect(lines.filter((l) => l === `Waiting for PostgreSQL at 127.0.0.1:${port}: connection refused`).length).toBeGreaterThanOrEqual(2);
      expect(lines.at(-1)).toBe(
        `PostgreSQL at 127.0.0.1:${port} could not be reached within 2 s (connection refused): check that it is running and that DATABASE_URL names it.`,
      );
      // Plain lines only: no stack trace.
      expect(s.output()).not.toMatch(/\n\s+at /);
    } finally {
      s.cleanup();
    }
  });

  needs('postgres').it('comes up by itself when PostgreSQL appears, and says at once when the database does not exist', async () => {
    const store = await createTestStore();
    const target = new URL(store.env.DATABASE_URL);
    const port = await freePort();
    const url = new URL(store.env.DATABASE_URL);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const s = start({ DATABASE_URL: url.toString(), DATABASE_WAIT_S: '60' });
    let proxy: TcpProxy | undefined;
    try {
      await within(20_000, async () => s.output().includes(`Waiting for PostgreSQL at 127.0.0.1:${port}: connection refused`), 'a waiting line');
      proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432), port);
      await within(30_000, async () => s.output().includes('Cuadre is running at'), 'the start once PostgreSQL answered');
      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);

      const missing = new URL(process.env.DATABASE_URL!);
      missing.pathname = '/cuadre_no_such_database';
      const m = start({ DATABASE_URL: missing.toString(), DATABASE_WAIT_S: '60' });
      expect(await m.exited).toBe(1);
      expect(m.output().trim().split('\n').at(-1)).toBe(
        `The database "cuadre_no_such_database" does not exist on PostgreSQL at ${missing.hostname}:${missing.port || 5432}: create it, or check DATABASE_URL.`,
      );
      m.cleanup();
    } finally {
      s.proc.kill('SIGKILL');
      await proxy?.close();
      s.cleanup();
      await store.drop();
    }
  });
});
