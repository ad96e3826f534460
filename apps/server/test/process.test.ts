import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMigratedPglite } from './helpers/database.js';
import { PROCESS_START_MS, serverProcessArgs } from './helpers/server-process.js';

const repo = path.resolve(import.meta.dirname, '../../..');

/** Runs the server's bundle as a process, the way `npm start` does. */
function start(env: Record<string, string>) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cuadre-proc-'));
  const { DATABASE_URL: _db, PUBLIC_URL: _public, ...base } = process.env;
  const proc = spawn(process.execPath, [...serverProcessArgs], {
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      ADMIN_EMAIL: 'proc@cuadre.test',
      ADMIN_PASSWORD: 'Process-Admin-Pass-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  return { proc, output: () => out, exited, cleanup };
}

/** Polls until `predicate` holds; a start is waited for as long as helpers/server-process.ts says (PROCESS_START_MS). */
async function waitFor(predicate: () => boolean, what: string, timeoutMs = PROCESS_START_MS) {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('logs JSON lines carrying the request id, and shuts down cleanly on SIGTERM', async () => {
    const s = start({ DATABASE_URL: 'memory://' });
    try {
      await waitFor(() => /Cuadre is running at (\S+)/.test(s.output()), 'the start message');
      const url = s.output().match(/Cuadre is running at (\S+)/)![1]!;
      expect(s.output()).toContain('Administrator created: proc@cuadre.test (password from ADMIN_PASSWORD)');
      // Each phase is said as it starts, in order.
      const phases = ['Opening a database in memory…', 'Starting the server…', 'Cuadre is running at'].map((p) => s.output().indexOf(p));
      expect(
        phases.every((at, i) => at >= 0 && (i === 0 || at > phases[i - 1]!)),
        s.output(),
      ).toBe(true);
      // Without PUBLIC_URL, the start says where mailed links point and how to change it.
      expect(s.output()).toMatch(/Links in mails point to http:\/\/localhost:0 \(PUBLIC_URL is not set\)/);
      expect(s.output()).toMatch(/set PUBLIC_URL to the address they open, e\.g\. PUBLIC_URL=http:\/\/\S+:0 \(with HOST=0\.0\.0\.0 to serve the network\)\./);

      const res = await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'req-from-test-42' } });
      expect(res.status).toBe(200);
      // The client's id is echoed and logged beside the server's own, never in its place.
      expect(res.headers.get('x-request-id')).toBe('req-from-test-42');
      await waitFor(() => /"clientRequestId":"req-from-test-42"[^\n]*"msg":"request completed"/.test(s.output()), 'the request in the log');
      const lines = s
        .output()
        .split('\n')
        .filter((l) => l.includes('req-from-test-42'));
      const entries = lines.map((l) => JSON.parse(l) as { reqId: string; clientRequestId: string; msg: string });
      expect(entries.every((e) => e.clientRequestId === 'req-from-test-42' && /^[0-9a-f-]{36}$/.test(e.reqId))).toBe(true);
      expect(new Set(entries.map((e) => e.reqId)).size).toBe(1);
      expect(entries.map((e) => e.msg)).toEqual(expect.arrayContaining(['request completed']));

      // An id that could forge a log line or a header is neither echoed nor logged.
      const forged = await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'a"b}{"admin":true' } });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await waitFor(() => s.output().includes(forged.headers.get('x-request-id')!), 'the second request in the log');
      expect(s.output()).not.toContain('"admin":true');

      s.proc.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.output()).toContain('"msg":"shutting down"');
    } finally {
      s.proc.kill('SIGKILL');
      s.cleanup();
    }
    // A start (PROCESS_START_MS) and a few requests.
  }, 210_000);

  it('on SIGTERM finishes the request in flight, closes the embedded database cleanly, and starts again on the same folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-stop-'));
    const first = start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await waitFor(() => /Cuadre is running at (\S+)/.test(first.output()), 'the first start');
      expect(first.output()).toContain(`Creating the embedded database in ${path.join(dataDir, 'pglite')} and migrating it (first start, a few seconds)…`);
      const url = first.output().match(/Cuadre is running at (\S+)/)![1]!;
      // A sign-in whose body is still arriving when the signal comes: the request is surely in flight.
      const body = JSON.stringify({ email: 'proc@cuadre.test', password: 'Process-Admin-Pass-1' });
      const answer = new Promise<number>((resolve, reject) => {
        const req = request(
          `${url}/api/auth/sign-in`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          first.proc.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 300);
      });
      expect(await answer).toBe(200);
      expect(await first.exited, first.output()).toBe(0);

      const second = start({ DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://books.example.com' });
      try {
        await waitFor(() => /Cuadre is running at (\S+)/.test(second.output()), 'the second start');
        expect(second.output()).toContain(`Opening the embedded database in ${path.join(dataDir, 'pglite')} and migrating it…`);
        // PUBLIC_URL set: nothing to say about it.
        expect(second.output()).not.toContain('PUBLIC_URL');
        const again = second.output().match(/Cuadre is running at (\S+)/)![1]!;
        // The data is there: the administrator made by the first start signs in, and no second one was made.
        expect(second.output()).not.toContain('Administrator created');
        const res = await fetch(`${again}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'proc@cuadre.test', password: 'Process-Admin-Pass-1' }),
        });
        expect(res.status).toBe(200);
        second.proc.kill('SIGTERM');
        expect(await second.exited, second.output()).toBe(0);
      } finally {
        second.proc.kill('SIGKILL');
        second.cleanup();
      }
    } finally {
      // A first start that never said it was running is not left behind.
      first.proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two starts of a real process, the first making its database: allow for a busy machine (PROCESS_START_MS each).
  }, 360_000);

  it('refuses to start on a wrong setting, saying which and why', async () => {
    const s = start({ PORT: 'eighty', JWT_SECRET: 'short' });
    try {
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain('Invalid configuration:');
      expect(s.output()).toMatch(/PORT: .*number/i);
      expect(s.output()).toContain('JWT_SECRET: JWT_SECRET must be at least 32 characters');
    } finally {
      s.cleanup();
    }
  });
});

/**
 * The start command as a process manager runs it: `npm start` (npm, the shell npm runs the script
 * with, then node), or `node scripts/start.mjs` alone. The web app is served from elsewhere
 * (WEB_DIST), so the start builds only the server.
 */
function startCommand(command: 'npm' | 'node', env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-start-'));
  // An embedded database made by an earlier start (the first start's making of one is tested above).
  copyMigratedPglite(dataDir);
  // Not inside npm: the outer `npm test` must not make `node scripts/start.mjs` look launched by npm.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') && k !== 'DATABASE_URL' && k !== 'PUBLIC_URL'));
  const proc = spawn(command, command === 'npm' ? ['start'] : ['scripts/start.mjs'], {
    cwd: repo,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      ADMIN_EMAIL: 'proc@cuadre.test',
      ADMIN_PASSWORD: 'Process-Admin-Pass-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { proc, dataDir, output: () => out, exited };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const answers = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );

describe('the start command under a process manager', () => {
  // Whatever a failed or timed-out case left running is ended by its id.
  const started = new Set<number>();
  afterAll(() => {
    for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it.each([
    ['npm start', 'SIGTERM', 'npm'],
    ['npm start', 'SIGINT', 'npm'],
    ['npm start', 'SIGKILL', 'npm'],
    ['node scripts/start.mjs', 'SIGTERM', 'node'],
    ['node scripts/start.mjs', 'SIGINT', 'node'],
  ] as const)(
    '%s stopped with %s: the server stops cleanly, frees the port and the data folder',
    async (_name, signal, command) => {
      const s = startCommand(command, {});
      started.add(s.proc.pid!);
      let serverPid = 0;
      try {
        await waitFor(() => /Cuadre is running at (\S+)/.test(s.output()) && /"pid":(\d+)[^\n]*Server listening/.test(s.output()), 'the start message');
        const url = s.output().match(/Cuadre is running at (\S+)/)![1]!;
        serverPid = Number(s.output().match(/"pid":(\d+)[^\n]*Server listening/)![1]);
        started.add(serverPid);
        expect(await answers(url)).toBe(true);
        expect(existsSync(path.join(s.dataDir, 'pglite.lock'))).toBe(true);
        if (command === 'node') expect(serverPid).toBe(s.proc.pid);
        else expect(serverPid).not.toBe(s.proc.pid);

        // What a process manager does: signal the process it started, nothing else.
        s.proc.kill(signal);
        const { code } = await s.exited;
        await waitFor(() => !alive(serverPid), 'the server process to end', 20_000);
        // It shut down as on SIGTERM (requests finished, database closed), not killed.
        expect(s.output()).toMatch(/"msg":"shutting down"/);
        expect(await answers(url)).toBe(false);
        expect(existsSync(path.join(s.dataDir, 'pglite.lock'))).toBe(false);
        // Started directly, the exit code is the server's own.
        if (command === 'node') expect(code).toBe(0);
      } finally {
        if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
        s.proc.kill('SIGKILL');
        rmSync(s.dataDir, { recursive: true, force: true });
      }
    },
    // A start (PROCESS_START_MS) and its stop.
    210_000,
  );
});
