// Does an answer's timing tell whether an account exists? Medians of 50 calls each, side by side,
// with a real SMTP server and with the outbox; and how long an adversarial email takes to refuse.
// Prints figures; asserts nothing. CUADRE_ROOT measures another checkout (e.g. an older commit).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(process.env.CUADRE_ROOT ?? path.join(import.meta.dirname, '..'));
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Admin-2026!' };
const SAMPLES = 50;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startSmtp(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _s, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () => cb());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as { port: number }).port, close: () => new Promise((r) => server.close(() => r())) };
}

async function startServer(extra: Record<string, string>): Promise<{ proc: ChildProcess; url: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-'));
  const { DATABASE_URL: _db, ...env } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      REDIS_URL: '',
      AUTH_IP_LIMIT: '1000000',
      ...extra,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url, dataDir };
}

async function timed(url: string, p: string, body: unknown): Promise<number> {
  // Lets the previous call's background work (the mail queue) finish, so each call is timed on its own work.
  await new Promise((r) => setTimeout(r, 40));
  const t0 = performance.now();
  const res = await fetch(`${url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status >= 500 || res.status === 429) throw new Error(`${p}: ${res.status}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(1).padStart(7);
let run = 0;
const email = (kind: string) => `${kind}-${run}-${Math.random().toString(36).slice(2, 10)}@bench.example`;

async function measure(label: string, extra: Record<string, string>) {
  run += 1;
  const server = await startServer(extra);
  try {
    const { url } = server;
    // Sign-up of new addresses (also making the unconfirmed accounts used below), alternating with sign-ups of taken ones.
    const taken: string[] = [];
    const tokenRes = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const adminToken = ((await tokenRes.json()) as { accessToken: string }).accessToken;
    for (let i = 0; i < SAMPLES; i++) {
      const e = email('taken');
      const r = await fetch(`${url}/api/admin/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ name: 'Taken', email: e, password: 'Bench-Owner-Pass-1' }),
      });
      if (r.status !== 201) throw new Error(`create: ${r.status}`);
      taken.push(e);
    }
    const rows: [string, number[], number[]][] = [];
    const signUpNew: number[] = [];
    const signUpTaken: number[] = [];
    const unconfirmed: string[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const e = email('new');
      unconfirmed.push(e);
      signUpNew.push(await timed(url, 'auth/sign-up', { name: 'New', email: e, password: 'Bench-Owner-Pass-1', agreements: true }));
      signUpTaken.push(await timed(url, 'auth/sign-up', { name: 'Again', email: taken[i], password: 'Bench-Owner-Pass-1', agreements: true }));
    }
    rows.push(['sign-up', signUpTaken, signUpNew]);
    const forgotKnown: number[] = [];
    const forgotUnknown: number[] = [];
    const resendKnown: number[] = [];
    const resendUnknown: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      forgotKnown.push(await timed(url, 'auth/forgot-password', { email: taken[i] }));
      forgotUnknown.push(await timed(url, 'auth/forgot-password', { email: email('ghost') }));
      resendKnown.push(await timed(url, 'auth/resend-confirmation', { email: unconfirmed[i] }));
      resendUnknown.push(await timed(url, 'auth/resend-confirmation', { email: email('ghost') }));
    }
    rows.push(['forgot-password', forgotKnown, forgotUnknown], ['resend-confirmation', resendKnown, resendUnknown]);
    console.log(`\n${label}: median ms of ${SAMPLES} (account exists | does not | difference)`);
    for (const [name, known, unknown] of rows) {
      console.log(`  ${name.padEnd(20)} ${fmt(median(known))} | ${fmt(median(unknown))} | ${fmt(median(known) - median(unknown))}`);
    }
  } finally {
    await new Promise<void>((resolve) => {
      server.proc.once('exit', () => resolve());
      server.proc.kill('SIGTERM');
    });
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function adversarialEmail() {
  const server = await startServer({});
  try {
    console.log('\nAdversarial email ("a@" + dots + " x") on forgot-password: answer, and health answered meanwhile');
    for (const n of [10_000, 15_000, 40_000]) {
      const e = 'a@' + '.'.repeat(n - 4) + ' x';
      const t0 = performance.now();
      const [res, healthMs] = await Promise.all([
        fetch(`${server.url}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: e }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
        (async () => {
          await new Promise((r) => setTimeout(r, 5));
          const h0 = performance.now();
          await (await fetch(`${server.url}/api/health`)).arrayBuffer();
          return performance.now() - h0;
        })(),
      ]);
      console.log(`  ${String(n).padStart(6)} characters: ${res} in ${fmt(performance.now() - t0)} ms; health in ${fmt(healthMs)} ms`);
    }
  } finally {
    server.proc.kill('SIGTERM');
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await adversarialEmail();
const smtp = await startSmtp();
try {
  await measure('With SMTP (a server on loopback)', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
} finally {
  await smtp.close();
}
await measure('With the outbox (no SMTP_URL)', {});
