// Measures what the budgets in docs/architecture.md ("Budgets") speak of, on this machine. Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Admin-2026!' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function start(dataDir: string): Promise<{ proc: ChildProcess; url: string; ms: number }> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const { DATABASE_URL: _db, ...env } = process.env;
  const t0 = performance.now();
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
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { proc, url, ms: performance.now() - t0 };
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });

const rssMiB = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : NaN;
};

async function post(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (n: number) => n.toFixed(1);

async function signInPageJs(url: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gz: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: res.url(), raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${url}/sign-in`, { waitUntil: 'networkidle' });
  await page.waitForSelector('input[type="password"]');
  await browser.close();
  return scripts;
}

async function main() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build -w @cuadre/web');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-'));
  const results: [string, string][] = [];

  const first = await start(dataDir);
  results.push(['server start, empty data folder (first start: creates and migrates the database)', `${fmt(first.ms)} ms`]);
  await new Promise((r) => setTimeout(r, 3000));
  results.push(['RSS of the idle server', `${fmt(rssMiB(first.proc.pid!))} MiB`]);

  const scripts = await signInPageJs(first.url);
  const gz = scripts.reduce((s, x) => s + x.gz, 0);
  const raw = scripts.reduce((s, x) => s + x.raw, 0);
  results.push([
    'JavaScript loaded by the sign-in page (gzip -9)',
    `${fmt(gz / 1024)} KB gz (${fmt(raw / 1024)} KB raw, ${scripts.length} files; budget 200 KB gz)`,
  ]);

  const times: number[] = [];
  let token = '';
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    token = ((await post(first.url, 'auth/sign-in', admin)) as { accessToken: string }).accessToken;
    times.push(performance.now() - t0);
  }
  results.push(['sign-in latency (30 sequential, Argon2id m=19 MiB t=2)', `p50 ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms`]);

  // Populate: owners created through the API, as an administrator would.
  const owners = 200;
  for (let i = 0; i < owners; i += 4) {
    await Promise.all(
      [0, 1, 2, 3].map((j) =>
        post(
          first.url,
          'admin/users',
          { name: `Owner ${i + j}`, email: `owner${i + j}@bench.cuadre.test`, password: `Owner-Pass-${i + j}-x`, plan: 'basic' },
          token,
        ),
      ),
    );
  }
  await stop(first.proc);

  const second = await start(dataDir);
  results.push([`server start, populated data folder (${owners + 1} users)`, `${fmt(second.ms)} ms`]);
  await new Promise((r) => setTimeout(r, 3000));
  results.push(['RSS of the idle server, populated', `${fmt(rssMiB(second.proc.pid!))} MiB`]);
  await stop(second.proc);
  rmSync(dataDir, { recursive: true, force: true });

  const width = Math.max(...results.map(([k]) => k.length));
  console.log('\nCuadre bench — ' + new Date().toISOString());
  for (const [k, v] of results) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log('\n  sign-in page scripts:');
  for (const s of scripts.sort((a, b) => b.gz - a.gz)) console.log(`    ${fmt(s.gz / 1024).padStart(7)} KB gz  ${new URL(s.url).pathname}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
