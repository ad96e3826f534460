// Lighthouse's mobile profile (its default) on sign-in and on an owner's user/dashboard, against the
// compiled server on a fresh data folder, in Debian's Chromium. Prints the scores and the metrics
// behind them; asserts nothing.   npm run bench:lighthouse -w @cuadre/bench
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildStale } from '../scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const admin = { email: 'admin@lh.cuadre.test', password: 'Lighthouse-Admin-2026!' };
const owner = { name: 'Lucía Faro', email: 'owner@lh.cuadre.test', password: 'Lighthouse-Owner-2026!' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function call(url: string, method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}/api/${p}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

await buildStale(undefined, { log: () => {} });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-'));
const port = await freePort();
const url = `http://localhost:${port}`;
const { DATABASE_URL: _db, ...env } = process.env;
const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  },
  stdio: 'ignore',
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // An owner on a paid plan (an administrator activates it), confirmed through the outbox's link.
  const adminToken = (await call(url, 'POST', 'auth/sign-in', admin)).accessToken as string;
  await call(url, 'POST', 'admin/users', { name: owner.name, email: owner.email, password: owner.password, role: 'user', plan: 'basic' }, adminToken);
  const ownerToken = (await call(url, 'POST', 'auth/sign-in', { email: owner.email, password: owner.password })).accessToken as string;

  // The owner's token in the page's storage, kept through the audit (disableStorageReset).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${url}/sign-in`);
  for (const target of ['/sign-in', '/user/dashboard']) {
    await page.evaluate((t) => (t ? localStorage.setItem('accessToken', t) : localStorage.removeItem('accessToken')), target === '/sign-in' ? '' : ownerToken);
    const result = await lighthouse(`${url}${target}`, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    const a = (id: string) => lhr.audits[id]?.displayValue ?? '';
    // LH_DEBUG=1 prints what the main thread spent its time on, the long tasks and any layout shift.
    if (process.env.LH_DEBUG)
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks', 'layout-shifts'])
        console.log(id, JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 3000));
    console.log(
      `${target}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} ` +
        `(FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, TBT ${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')}, ` +
        `main-thread work ${a('mainthread-work-breakdown')})`,
    );
  }
  await browser.close();
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
