// Lighthouse as the benches run it (lighthouse.ts, lighthouse-floor.ts): its defaults (the mobile profile,
// storage kept) against Debian's Chromium, each run with the host's load and Lighthouse's benchmarkIndex
// beside it, and the median line printed per page.
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** Headless Chromium on a profile of its own (`userDataDir`), for Lighthouse and Playwright to drive. */
export const launchChrome = (userDataDir: string) =>
  chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

export interface Run {
  score: number;
  tbt: number;
  lcp: number;
  fcp: number;
  load: number;
  benchmarkIndex: number;
  finalUrl: string;
  /** Lighthouse's own failure (no paint seen, say): such a run counts in no median. */
  error?: string;
}

export async function audit(port: number, target: string): Promise<Run> {
  const load = loadavg()[0]!;
  const result = await lighthouse(target, { port, output: 'json', onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' });
  const lhr = result!.lhr;
  if (process.env.LH_DEBUG)
    for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks', 'largest-contentful-paint-element'])
      console.log(`  ${id}`, JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []).slice(0, 2000));
  const n = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: n('total-blocking-time'),
    lcp: n('largest-contentful-paint'),
    fcp: n('first-contentful-paint'),
    load: (load + loadavg()[0]!) / 2,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
  };
}

/** The medians of a page's runs that completed (a failed run counts in none). */
export function medians(runs: Run[]) {
  const good = runs.filter((r) => !r.error);
  const m = (k: 'score' | 'tbt' | 'lcp' | 'fcp' | 'load' | 'benchmarkIndex') => median(good.map((r) => r[k]));
  return { score: m('score'), tbt: m('tbt'), lcp: m('lcp'), fcp: m('fcp'), load: m('load'), benchmarkIndex: m('benchmarkIndex') };
}

/** A page's median line: score, TBT, LCP, FCP, load, BI, then every run's score, and where a run ended elsewhere than `path`. */
export function summary(runs: Run[], path: string): string {
  const m = medians(runs);
  const moved = runs.filter((r) => new URL(r.finalUrl).pathname !== path).map((r) => new URL(r.finalUrl).pathname);
  return (
    `${String(m.score).padStart(3)}  TBT ${m.tbt.toFixed(0).padStart(5)} ms  LCP ${(m.lcp / 1000).toFixed(2)} s  ` +
    `FCP ${(m.fcp / 1000).toFixed(2)} s  load ${m.load.toFixed(2)}  BI ${m.benchmarkIndex.toFixed(0)}  ` +
    `[scores ${runs.map((r) => r.error ?? r.score).join(' ')}]${moved.length ? `  ended at ${moved.join(' ')}!` : ''}`
  );
}
