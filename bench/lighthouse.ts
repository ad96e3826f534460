// Lighthouse's mobile profile (its defaults: a mid-range phone, simulated slow 4G and a 4× slower CPU) on
// sign-in and on every signed-in screen the owner and the administrator use (issue 30), against the
// compiled server `npm start` runs, on a fresh data folder, in Debian's Chromium. One browser profile:
// sign-in is measured as a visitor, then the owner signs in once through the form and each of their
// screens is measured by URL with storage kept; then the administrator, the same way. Each screen's
// median of LH_RUNS runs (default 5) is printed with its total blocking time and largest paint, and
// beside it the host's load (os.loadavg, 1 min) and Lighthouse's benchmarkIndex: the machine is shared.
// Then typing: with the CPU slowed 4×, keystrokes into the daily income register and the entry dialog,
// each one's interaction to next paint from the browser's Event Timing. Prints; asserts nothing.
//
//   npm run bench:lighthouse -w @cuadre/bench
//   LH_SCREENS=/user/dashboard,/apps/tasks LH_RUNS=3   only these screens (or any containing a word: LH_SCREENS=apps/)
//   LH_TYPING=0 / LH_TYPING=only                       without the typing figures / only them
//   LH_OUT=/tmp/lh.json                                 every run's figures, as JSON
//   LH_WEB_DIST=/tmp/dist-before                       a saved build of the web app instead of this one (before/after, back to back)
//   LH_DEBUG=1                                          what the main thread spent its time on, per run
//   LH_ROUNDS=3                                         issue 43's rounds: in each, the two reference pages (lighthouse-refs.ts),
//                                                       then each screen (LH_SCREENS, default the six) once, each told
//                                                       as a ratio to the plain React page's score in the same round
//   LH_COMPARE=/tmp/dist-before                         with LH_ROUNDS: a saved build measured beside this one, screen by screen
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildStale } from '../scripts/build.mjs';
import { startServer, stop } from './lib.js';
import { audit, launchChrome, median, medians, pct, RUNS, summary, type Run } from './lighthouse-lib.js';
import { buildRefs } from './lighthouse-refs.js';

const TYPING = process.env.LH_TYPING ?? '1';
const admin = { email: 'admin@lh.cuadre.test', password: 'Lighthouse-Admin-2026!' };
const owner = { name: 'Lucía Faro', email: 'owner@lh.cuadre.test', password: 'Lighthouse-Owner-2026!' };

/** Who sees each screen. */
const SCREENS: { who: 'visitor' | 'owner' | 'admin'; path: string }[] = [
  { who: 'visitor', path: '/sign-in' },
  ...[
    // The books: the hub, the entry screens, the registries.
    '/user/dashboard',
    '/user/dailyincomeregister',
    '/user/dailyincome',
    '/user/dailyoperationalexpenses',
    '/user/operationalexpenses',
    '/user/dailyusersubcategory',
    '/user/dailypurchasedproducts',
    '/user/purchasedproducts',
    '/user/dailyworkerspayments',
    '/user/workerspayment',
    '/user/dailysupplierspayments',
    '/user/monthlymileage',
    '/user/workers',
    '/user/providers',
    '/user/vehicles',
    '/user/budgets',
    '/user/import',
    // Reports.
    '/user/taxyears',
    '/user/taxmonths',
    '/user/monthdashboard',
    '/user/profitsandlossesmonth',
    '/user/profitsandlossesyear',
    '/user/annualtotal',
    // Settings and the supporting areas.
    '/usersettings',
    '/apps/contacts',
    '/apps/ecommerce/inventory',
    '/apps/file-manager',
    '/apps/chat',
    '/apps/mailbox',
    '/apps/notes',
    '/apps/tasks',
    '/apps/scrumboard',
    '/dashboards/finance',
    '/dashboards/analytics',
    '/dashboards/crypto',
    '/pages/activities',
  ].map((p) => ({ who: 'owner' as const, path: p })),
  ...['/dashboard', '/users', '/categories', '/subcategories'].map((p) => ({ who: 'admin' as const, path: p })),
];

/** LH_SCREENS: a comma-separated list; each item is a path, or a word a path contains. */
const wanted = process.env.LH_SCREENS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const screens = wanted ? SCREENS.filter((s) => wanted.some((w) => s.path === w || s.path.includes(w))) : SCREENS;

async function call<T = unknown>(url: string, method: string, p: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}/api/${p}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A year of books for the owner, so lists, reports and the hub have rows: every month, this one fuller. */
async function seedBooks(url: string, token: string) {
  const { items: categories } = await call<{ items: { id: string; kind: string }[] }>(url, 'GET', 'categories?size=100', undefined, token);
  const ofKind = (kind: string) => categories.filter((c) => c.kind === kind).map((c) => c.id);
  const income = ofKind('income');
  const expense = ofKind('expense');
  const now = new Date();
  const year = now.getFullYear();
  const entries: unknown[] = [];
  for (let m = 0; m <= now.getMonth(); m++) {
    const days = m === now.getMonth() ? Math.max(1, now.getDate()) : 28;
    const perMonth = m === now.getMonth() ? 40 : 12;
    for (let i = 0; i < perMonth; i++) {
      const date = `${year}-${String(m + 1).padStart(2, '0')}-${String((i % days) + 1).padStart(2, '0')}`;
      const isIncome = i % 3 !== 2;
      entries.push({
        type: isIncome ? 'income' : 'expense',
        date,
        amount: isIncome ? 12_000 + i * 731 : 4_500 + i * 97,
        categoryId: (isIncome ? income : expense)[i % (isIncome ? income.length : expense.length)],
        paymentMethod: i % 2 ? 'card' : 'cash',
        description: `${isIncome ? 'Sales' : 'Costs'} ${i + 1}`,
      });
    }
  }
  for (let i = 0; i < entries.length; i += 200) await call(url, 'POST', 'entries/batch', { entries: entries.slice(i, i + 200) }, token);
  for (const name of ['Lucía Pérez', 'Tomás Ríos', 'Ana Gil']) await call(url, 'POST', 'workers', { name, kind: 'employee' }, token);
}

async function signInThroughForm(page: Page, base: string, who: { email: string; password: string }, lands: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${lands}`, { timeout: 60_000 });
}

/** Keystrokes with the CPU slowed 4×: each one's interaction to next paint (the longest Event Timing entry of its interaction). */
async function typing(page: Page, label: string, open: () => Promise<void>, fields: { name: string; text: string }[]) {
  const cdp = await page.context().newCDPSession(page);
  await open();
  await page.waitForTimeout(1500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate(() => {
    const w = window as unknown as { __inp: { id: number; d: number; name: string }[] };
    w.__inp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) if (e.interactionId) w.__inp.push({ id: e.interactionId, d: e.duration, name: e.name });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  let keys = 0;
  for (const f of fields) {
    await page.getByRole('textbox', { name: f.name, exact: true }).first().click();
    await page.keyboard.type(f.text, { delay: 120 });
    keys += f.text.length;
  }
  await page.waitForTimeout(1500);
  const entries = await page.evaluate(() => (window as unknown as { __inp: { id: number; d: number; name: string }[] }).__inp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  // Only keyboard interactions (a click to focus a field is not typing); under 16 ms the browser reports nothing.
  const byInteraction = new Map<number, number>();
  for (const e of entries.filter((x) => x.name.startsWith('key'))) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.d));
  const durations = [...byInteraction.values()];
  if (process.env.LH_DEBUG)
    console.log(
      `  ${label}, keystrokes over 16 ms in order: ${[...byInteraction]
        .sort((a, b) => a[0] - b[0])
        .map(([, d]) => d.toFixed(0))
        .join(' ')}`,
    );
  const all = [...durations, ...Array<number>(Math.max(0, keys - durations.length)).fill(16)];
  console.log(
    `typing, ${label} (CPU 4× slower): ${keys} keystrokes, ${durations.length} over 16 ms; INP p50 ${pct(all, 50).toFixed(0)} ms, ` +
      `p95 ${pct(all, 95).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms (load ${loadavg()[0]!.toFixed(2)})`,
  );
  return { label, keys, over16: durations.length, p50: pct(all, 50), p95: pct(all, 95), max: Math.max(...all) };
}

/** The table (issue 43): sign-in, the hub, daily income, expenses, the year's P&L, settings. */
const ROUND_SCREENS = ['/sign-in', '/user/dashboard', '/user/dailyincome', '/user/operationalexpenses', '/user/profitsandlossesyear', '/usersettings'];

/** A compiled server on a data folder of its own with the administrator, the owner and a year of books. */
async function preparedServer(label: string, dist: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-'));
  const { proc, url } = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...(dist ? { WEB_DIST: path.resolve(dist) } : {}),
  });
  const adminToken = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', admin)).accessToken;
  await call(url, 'POST', 'admin/users', { name: owner.name, email: owner.email, password: owner.password, role: 'user', plan: 'basic' }, adminToken);
  const ownerToken = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', { email: owner.email, password: owner.password })).accessToken;
  await seedBooks(url, ownerToken);
  return { label, proc, url, dataDir, token: '' };
}

/**
 * LH_ROUNDS: the reference pages and the screens measured alternately, round after round, each screen once
 * per round and per build (LH_COMPARE: a saved build beside this one), so every figure has the plain page's
 * from the same minutes beside it. Prints each round, then per page the median score, TBT and LCP and the
 * median of its per-round ratio to the plain React page.
 */
async function measureInRounds(rounds: number) {
  const compare = process.env.LH_COMPARE?.trim();
  const dist = process.env.LH_WEB_DIST?.trim();
  await buildStale(dist ? ['server'] : undefined, { log: () => {} });
  const refs = await buildRefs();
  const refServers: { label: string; url: string; proc: Awaited<ReturnType<typeof startServer>>['proc']; dataDir: string }[] = [];
  for (const ref of refs.built) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-ref-data-'));
    const { proc, url } = await startServer({ DATA_DIR: dataDir, WEB_DIST: ref.dir });
    refServers.push({ label: ref.id === 'react' ? 'plain React page' : 'the same with MUI', url: `${url}/floor`, proc, dataDir });
  }
  const builds = [...(compare ? [await preparedServer('before', compare)] : []), await preparedServer(compare ? 'after' : 'Cuadre', dist)];
  const wantedScreens = wanted ?? ROUND_SCREENS;
  const paths = SCREENS.filter((s) => s.who !== 'admin' && wantedScreens.some((w) => s.path === w || s.path.includes(w))).map((s) => s.path);
  const profile = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-profile-'));
  const chrome = await launchChrome(profile);
  const runs = new Map<string, Run[]>();
  const ratios = new Map<string, number[]>();
  const add = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    // The owner signed in once on each build's origin; sign-in is measured as a visitor by taking the token away for that run.
    for (const b of builds) {
      await signInThroughForm(page, b.url, owner, '/user/dashboard');
      b.token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
    }
    const token = async (b: (typeof builds)[number], value: string | null) => {
      await page.goto(`${b.url}/favicon.svg`);
      await page.evaluate((t) => (t ? localStorage.setItem('accessToken', t) : localStorage.removeItem('accessToken')), value);
    };
    await page.goto('about:blank');
    console.log(
      `Lighthouse mobile, ${rounds} round(s); in each: the reference pages, then every screen once per build. load = 1-minute load average (2 cores)`,
    );
    for (let r = 1; r <= rounds; r++) {
      const line: string[] = [];
      let plain = NaN;
      for (const ref of refServers) {
        // A run Lighthouse could not complete (NO_NAVSTART on a loaded host) is made again: the round's ratios stand on it.
        let run = await audit(chrome.port, ref.url);
        for (let retry = 0; run.error && retry < 2; retry++) run = await audit(chrome.port, ref.url);
        add(runs, ref.label, run);
        if (ref.label === 'plain React page') plain = run.error ? NaN : run.score;
        line.push(`${ref.label} ${run.error ?? run.score} (TBT ${run.tbt.toFixed(0)}, load ${run.load.toFixed(1)})`);
      }
      for (const p of paths)
        for (const b of builds) {
          const visitor = p === '/sign-in';
          if (visitor) await token(b, null);
          const run = await audit(chrome.port, `${b.url}${p}`);
          if (visitor) await token(b, b.token);
          const key = `${b.label} ${p}`;
          add(runs, key, run);
          if (!run.error && plain > 0) add(ratios, key, run.score / plain);
          line.push(`${key} ${run.error ?? run.score} (TBT ${run.tbt.toFixed(0)}, ${(run.score / plain).toFixed(2)})`);
        }
      console.log(`round ${r}: ${line.join(' · ')}`);
    }
    console.log(`\n| page | score | ratio to the plain page (per round, median) | TBT | LCP | load | BI | scores |\n|---|---|---|---|---|---|---|---|`);
    for (const [key, rs] of runs) {
      const m = medians(rs);
      const q = ratios.get(key);
      console.log(
        `| ${key} | ${m.score} | ${q ? median(q).toFixed(2) : '1'} | ${m.tbt.toFixed(0)} ms | ${(m.lcp / 1000).toFixed(2)} s | ${m.load.toFixed(1)} | ${m.benchmarkIndex.toFixed(0)} | ${rs.map((x) => x.error ?? x.score).join(' ')} |`,
      );
    }
    if (process.env.LH_OUT) writeFileSync(process.env.LH_OUT, JSON.stringify({ runs: Object.fromEntries(runs), ratios: Object.fromEntries(ratios) }, null, 1));
    await browser.close();
  } finally {
    chrome.kill();
    for (const x of [...builds, ...refServers]) {
      await stop(x.proc);
      rmSync(x.dataDir, { recursive: true, force: true });
    }
    refs.remove();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (process.env.LH_ROUNDS) {
  await measureInRounds(Math.max(1, Number(process.env.LH_ROUNDS)));
  process.exit(0);
}

const webDist = process.env.LH_WEB_DIST?.trim();
await buildStale(webDist ? ['server'] : undefined, { log: () => {} });
const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-'));
const { proc: server, url } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
});
const profile = mkdtempSync(path.join(tmpdir(), 'cuadre-lh-profile-'));
const chrome = await launchChrome(profile);
const out: { screens: Record<string, Run[]>; typing: unknown[] } = { screens: {}, typing: [] };
try {
  // An owner on a paid plan (an administrator activates it) with a year of books.
  const adminToken = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', admin)).accessToken;
  await call(url, 'POST', 'admin/users', { name: owner.name, email: owner.email, password: owner.password, role: 'user', plan: 'basic' }, adminToken);
  const ownerToken = (await call<{ accessToken: string }>(url, 'POST', 'auth/sign-in', { email: owner.email, password: owner.password })).accessToken;
  await seedBooks(url, ownerToken);

  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  console.log(
    `Lighthouse mobile, median of ${RUNS} run(s) per screen; load = the host's 1-minute load average (2 cores here), BI = Lighthouse's benchmarkIndex`,
  );
  let signedIn: 'visitor' | 'owner' | 'admin' = 'visitor';
  if (TYPING !== 'only')
    for (const who of ['visitor', 'owner', 'admin'] as const) {
      const mine = screens.filter((s) => s.who === who);
      if (!mine.length) continue;
      if (who !== signedIn) {
        if (signedIn !== 'visitor') {
          await page.goto(`${url}/sign-out`);
          await page.waitForURL('**/sign-in', { timeout: 60_000 });
        }
        await signInThroughForm(page, url, who === 'owner' ? owner : admin, who === 'owner' ? '/user/dashboard' : '/dashboard');
        signedIn = who;
      }
      for (const s of mine) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${url}${s.path}`));
        out.screens[s.path] = runs;
        console.log(`${s.path.padEnd(30)} ${summary(runs, s.path)}`);
      }
    }

  if (TYPING !== '0') {
    if (signedIn !== 'owner') {
      if (signedIn === 'admin') {
        await page.goto(`${url}/sign-out`);
        await page.waitForURL('**/sign-in', { timeout: 60_000 });
      }
      await signInThroughForm(page, url, owner, '/user/dashboard');
    }
    await page.setViewportSize({ width: 390, height: 844 });
    out.typing.push(
      await typing(
        page,
        'daily income register',
        async () => {
          await page.goto(`${url}/user/dailyincomeregister`);
          await page.getByRole('textbox', { name: 'Amount 1' }).waitFor();
        },
        [
          { name: 'Amount 1', text: '1234.56' },
          { name: 'Description', text: 'Market stall, morning' },
        ],
      ),
    );
    const dialog = page.getByRole('dialog');
    out.typing.push(
      await typing(
        page,
        'entry dialog (new expense)',
        async () => {
          await page.goto(`${url}/user/dailyoperationalexpenses`);
          await page.getByRole('button', { name: 'New Expense' }).first().click();
          await dialog.getByLabel('Amount').waitFor();
        },
        [
          { name: 'Amount', text: '45.99' },
          { name: 'Description', text: 'Printer paper and toner' },
        ],
      ),
    );
  }
  await browser.close();
} finally {
  chrome.kill();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
  if (process.env.LH_OUT) writeFileSync(process.env.LH_OUT, JSON.stringify(out, null, 1));
}
