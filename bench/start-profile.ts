// What a screen's start costs the main thread (issue 30): the owner signed in, the CPU slowed 4× as on
// Lighthouse's phone, the screen loaded by URL under the V8 profiler. Prints self time by script and
// by function, the long tasks, and the styles MUI and emotion injected at run time. Asserts nothing.
//   npm run bench:start-profile -w @cuadre/bench            (PROFILE_PATH=/apps/tasks, PROFILE_RUNS=3)
// With a build made with source maps and no minifier (LH_WEB_DIST=/tmp/dist after
// `npx vite build --minify false --sourcemap --outDir /tmp/dist` in apps/web) the time is also told by package.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildStale } from '../scripts/build.mjs';
import { startServer, stop } from './lib.js';

const target = process.env.PROFILE_PATH ?? '/user/dashboard';
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const admin = { email: 'admin@profile.cuadre.test', password: 'Profile-Admin-2026!' };
const owner = { name: 'Lucía Faro', email: 'owner@profile.cuadre.test', password: 'Profile-Owner-2026!' };

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function call<T>(url: string, method: string, p: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}/api/${p}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status}`);
  return res.json() as Promise<T>;
}

const webDist = process.env.LH_WEB_DIST?.trim();
await buildStale(webDist ? ['server'] : undefined, { log: () => {} });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-profile-'));
const { proc, url } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const adminToken = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', admin)).accessToken;
  await call(url, 'POST', 'admin/users', { ...owner, role: 'user', plan: 'basic' }, adminToken);
  const token = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', owner)).accessToken;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${url}/sign-in`);
  await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
  // Once to fill the HTTP cache (Lighthouse's runs after the first find the code there too).
  await page.goto(`${url}${target}`);
  await page.waitForLoadState('networkidle');
  await page.addInitScript(() => {
    const w = window as unknown as { __long: { start: number; d: number }[] };
    w.__long = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push({ start: e.startTime, d: e.duration }))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  const blocking: number[] = [];
  const busy: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.goto('about:blank');
    await cdp.send('Profiler.start');
    await page.goto(`${url}${target}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (process.env.PROFILE_DUMP) writeFileSync(`${process.env.PROFILE_DUMP}-${run + 1}.cpuprofile`, JSON.stringify(profile));
    const styles = await page.evaluate(() => {
      const tags = [...document.querySelectorAll('style')];
      const rules = tags.reduce((n, s) => n + (s.sheet?.cssRules.length ?? 0), 0);
      const chars = tags.reduce((n, s) => n + [...(s.sheet?.cssRules ?? [])].reduce((m, r) => m + r.cssText.length, 0), 0);
      const w = window as unknown as { __long: { start: number; d: number }[] };
      return { tags: tags.length, rules, chars, elements: document.querySelectorAll('*').length, long: w.__long };
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();

    // Self time per node from the samples.
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    const byPackage = new Map<string, number>();
    const maps = new Map<string, TraceMap | null>();
    const mapOf = (script: string) => {
      if (!maps.has(script)) {
        const file = webDist && path.join(webDist, `${script.split('?')[0]}.map`);
        maps.set(script, file && existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
      }
      return maps.get(script);
    };
    const labelOf = new Map<number, string>();
    for (const [id, ms] of self) {
      const f = byNode.get(id)!.callFrame;
      const script = f.url ? f.url.replace(url, '') : `(${f.functionName || 'native'})`;
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const fn = `${f.functionName || '(anonymous)'} ${f.url ? `${script}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      const map = f.url.startsWith(url) ? mapOf(script) : null;
      const source = map ? originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber }).source : null;
      const pkg = !f.url
        ? script
        : source
          ? (source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source.replace(/^.*?\/(apps|packages)\//, '$1/').replace(/\/[^/]+$/, ''))
          : script;
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
      labelOf.set(id, pkg);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(0).padStart(5)} ms  ${k}`)
        .join('\n');
    const long = styles.long;
    blocking.push(long.reduce((n, l) => n + Math.max(0, l.d - 50), 0));
    busy.push(long.reduce((n, l) => n + l.d, 0));
    // The busy stretches (the main thread's tasks, as the samples show them) of 50 ms or more, and what ran in each.
    const stretches: { at: number; ms: number; parts: Map<string, number> }[] = [];
    let t = 0;
    let cur: (typeof stretches)[number] | undefined;
    profile.samples.forEach((id, i) => {
      const d = (profile.timeDeltas[i] ?? 0) / 1000;
      t += d;
      const label = labelOf.get(id) ?? '?';
      if (label === '((idle))') {
        if (cur && cur.ms >= 50) stretches.push(cur);
        cur = undefined;
        return;
      }
      cur ??= { at: t, ms: 0, parts: new Map() };
      cur.ms += d;
      cur.parts.set(label, (cur.parts.get(label) ?? 0) + d);
    });
    if (cur && cur.ms >= 50) stretches.push(cur);
    console.log(
      `${target}, run ${run + 1} (CPU 4× slower): ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled; ` +
        `long tasks ${long.length}, ${long.reduce((n, l) => n + l.d, 0).toFixed(0)} ms (blocking ${long.reduce((n, l) => n + Math.max(0, l.d - 50), 0).toFixed(0)} ms): ` +
        long.map((l) => `${l.d.toFixed(0)}@${l.start.toFixed(0)}`).join(' ') +
        `\n  styles at the end: ${styles.tags} <style> tags, ${styles.rules} rules, ${(styles.chars / 1024).toFixed(0)} KB; ${styles.elements} elements` +
        `\n  self time by script:\n${top(byScript, 12)}\n  by package or folder:\n${top(byPackage, 25)}\n  busy stretches of 50 ms or more:\n${stretches
          .map(
            (x) =>
              `    ${x.ms.toFixed(0).padStart(5)} ms at ${x.at.toFixed(0)}: ` +
              [...x.parts]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 8)
                .map(([k, v]) => `${k} ${v.toFixed(0)}`)
                .join(', '),
          )
          .join('\n')}\n  by function:\n${top(byFunction, 25)}`,
    );
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(
    `${target}: median of ${RUNS} (CPU 4× slower): long tasks ${med(busy).toFixed(0)} ms, blocking ${med(blocking).toFixed(0)} ms [${blocking.map((b) => b.toFixed(0)).join(' ')}]`,
  );
  await context.close();
} finally {
  await browser.close();
  await stop(proc);
  rmSync(dataDir, { recursive: true, force: true });
}
