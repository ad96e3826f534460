// Sign-in's JavaScript as Chromium loads it (issue 43): a visitor opens /sign-in on a fresh profile and
// every script the page fetches until the network is quiet is counted, gzipped at level 9 from the built
// file, beside what the size gate (scripts/size-gate.mjs) counts from Vite's manifest. The two should
// agree; a file only one of them counts is named. Prints; asserts nothing.
//   npm run bench:first-load -w @cuadre/bench        (LH_WEB_DIST=/tmp/dist-before: a saved build)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildStale } from '../scripts/build.mjs';
import { firstLoad, gzSize } from '../scripts/size-gate.mjs';
import { root, startServer, stop } from './lib.js';

const webDist = path.resolve(process.env.LH_WEB_DIST?.trim() || path.join(root, 'apps/web/dist'));
const PAGE = process.env.FIRST_LOAD_PATH ?? '/sign-in';
await buildStale(process.env.LH_WEB_DIST ? ['server'] : undefined, { log: () => {} });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-first-load-'));
const { proc, url } = await startServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (res.request().resourceType() === 'script' || u.pathname.endsWith('.js')) scripts.set(u.pathname.slice(1), 0);
  });
  await page.goto(url + PAGE, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  // index.html's own small scripts (public/, the remembered scheme) count too: the gate adds them below.
  const browserFiles = [...scripts.keys()];
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
  const gateFiles = [...firstLoad(manifest), ...browserFiles.filter((f) => !f.startsWith('assets/'))];
  const kb = (files: string[]) => (files.reduce((n, f) => n + gzSize(f, webDist), 0) / 1024).toFixed(1);
  console.log(`${PAGE} in Chromium: ${kb(browserFiles)} KB of JavaScript gzipped in ${browserFiles.length} files`);
  for (const f of browserFiles.sort((a, b) => gzSize(b, webDist) - gzSize(a, webDist)))
    console.log(`  ${(gzSize(f, webDist) / 1024).toFixed(1).padStart(6)} KB  ${f}${gateFiles.includes(f) ? '' : '   (not counted by the gate)'}`);
  console.log(`the size gate (manifest): ${kb(gateFiles)} KB in ${gateFiles.length} files`);
  for (const f of gateFiles.filter((g) => !browserFiles.includes(g))) console.log(`  counted by the gate, not loaded by the browser: ${f}`);
} finally {
  await browser.close();
  await stop(proc);
  rmSync(dataDir, { recursive: true, force: true });
}
