#!/usr/bin/env node
// The inner loop: only the tests a change touches, in seconds. The changed files are those not yet
// committed (or, given a revision — `npm run test:changed -- main` — those changed since it); each
// workspace's Vitest runs the tests that import them (`vitest related`), and ESLint checks the changed
// files themselves. The full run (`npm test`) stays the one that decides.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const base = process.argv[2];
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);

const changed = [
  ...new Set([
    ...(base ? git('diff', '--name-only', `${base}...HEAD`) : []),
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((f) => existsSync(path.join(root, f)));

if (!changed.length) {
  console.log(base ? `Nothing changed since ${base}.` : 'Nothing changed since the last commit.');
  process.exit(0);
}

// A change to the contracts reaches both apps: their tests import the package by name, so Vitest
// follows it only when the changed file is named to each of them.
const contracts = changed.filter((f) => f.startsWith('packages/contracts/'));
const workspaces = [
  { dir: 'apps/server', env: { TEST_DB: 'pglite' } },
  { dir: 'apps/web', env: {} },
];
let failed = false;
const run = (title, cmd, args, opts = {}) => {
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env } });
  if (res.status !== 0) failed = true;
};

for (const ws of workspaces) {
  const own = changed.filter((f) => f.startsWith(`${ws.dir}/`)).map((f) => path.relative(ws.dir, f));
  const files = [...own, ...contracts.map((f) => path.relative(ws.dir, f))].filter((f) => /\.(ts|tsx|json|md)$/.test(f));
  if (!files.length) continue;
  run(`${ws.dir}: tests related to ${files.length} changed file(s)`, 'npx', ['vitest', 'related', '--run', '--passWithNoTests', ...files], {
    cwd: path.join(root, ws.dir),
    env: ws.env,
  });
}

const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
if (lintable.length) run(`lint of ${lintable.length} changed file(s)`, 'npx', ['eslint', ...lintable]);

process.exit(failed ? 1 : 0);
