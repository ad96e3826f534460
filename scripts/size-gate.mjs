#!/usr/bin/env node
// The size gate (part of `npm test`, after the build): the JavaScript a browser loads to show the sign-in
// page, and each route's own chunk, gzipped at level 9, against their budgets. Read from Vite's manifest,
// so it needs no browser: index.html's entry, then every route module the router loads before the page
// shows (FIRST_SCREEN: the layout the page renders in, then the page), each with every chunk it imports
// statically, transitively. `npm run bench:first-load -w @cuadre/bench` counts the same in Chromium; the
// two agree (issue 43: the gate once followed the page but not its layout, 197.5 KB here against the
// browser's 282.8 KB).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget of docs/architecture.md ("Budgets"): 200 KB of gzipped JavaScript as the browser loads it
 * (the stack's own floor is about 194 KB, bench/size-floor).
 */
const SIGN_IN_BUDGET_KB = 200;
/** No route's own chunk (without what it shares) may pass this. */
const ROUTE_CHUNK_BUDGET_KB = 60;
/**
 * What the router loads for /sign-in (apps/web/src/app/router.tsx): the public group's layout, then the
 * page. The root route is in the entry. A route added around sign-in is added here.
 */
export const FIRST_SCREEN = ['src/app/shell/empty-layout.tsx', 'src/features/auth/routes/sign-in.tsx'];

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** The files a browser loads for index.html's entry and `routes` (manifest keys), each with its static imports. */
export function firstLoad(manifest, routes = FIRST_SCREEN) {
  const files = new Set();
  const follow = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}: is the web app built, or did the route move?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) follow(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('The manifest has no entry: is the web app built?');
  follow(entry);
  for (const route of routes) follow(route);
  return files;
}

const gz = new Map();
export const gzSize = (file, dir = dist) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length);
  return gz.get(file);
};

function main() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const first = [...firstLoad(manifest)];
  const firstKb = first.reduce((n, f) => n + gzSize(f), 0) / 1024;

  const failures = [];
  console.log(`sign-in first load: ${firstKb.toFixed(1)} KB of JavaScript gzipped in ${first.length} files (budget ${SIGN_IN_BUDGET_KB} KB)`);
  if (process.env.SIZE_GATE_FILES)
    for (const f of first.sort((a, b) => gzSize(b) - gzSize(a))) console.log(`  ${(gzSize(f) / 1024).toFixed(1).padStart(6)} KB  ${f}`);
  if (firstKb > SIGN_IN_BUDGET_KB) failures.push(`sign-in's first load is ${firstKb.toFixed(1)} KB, over ${SIGN_IN_BUDGET_KB} KB`);

  const routes = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && (/\/routes\//.test(k) || !c.src));
  for (const [key, chunk] of routes) {
    const kb = gzSize(chunk.file) / 1024;
    if (kb > ROUTE_CHUNK_BUDGET_KB) failures.push(`${key} is ${kb.toFixed(1)} KB, over ${ROUTE_CHUNK_BUDGET_KB} KB`);
  }
  const largest = routes.map(([k, c]) => [k.split('/').slice(-3).join('/'), gzSize(c.file) / 1024]).sort((a, b) => b[1] - a[1])[0];
  console.log(`${routes.length} route chunks, each within ${ROUTE_CHUNK_BUDGET_KB} KB (largest: ${largest?.[0]} ${largest?.[1].toFixed(1)} KB)`);
  if (failures.length) {
    console.error(`Over budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
