#!/usr/bin/env node
// Builds what `npm start` runs, only where the sources changed since the last build:
//   - the web app (Vite) into apps/web/dist;
//   - the server (esbuild) into apps/server/dist/server.js: our code and the contracts in one ESM
//     file, with the few npm packages of `INLINED` below; every other npm package is left to
//     node_modules (PGlite's WebAssembly and Argon2's native binding load from their own folders).
// A build's inputs are fingerprinted by content; the fingerprint is kept beside the output, so a
// second start skips both builds in a few milliseconds.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WEB_BUILD_INPUTS } from '../apps/web/build-inputs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

/**
 * A hash of every file under the given paths (names relative to `base`, and contents), skipping build
 * output and dot files but for `.env*` (Vite reads those). A file under two of the paths counts once.
 */
export function fingerprint(paths, base = root) {
  const hash = createHash('sha256');
  const seen = new Set();
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || (entry.startsWith('.') && !entry.startsWith('.env'))) continue;
        walk(path.join(p, entry));
      }
    } else if (!seen.has(p)) {
      seen.add(p);
      hash.update(path.relative(base, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  for (const p of paths) walk(p);
  return hash.digest('hex');
}

const CONTRACTS = ['packages/contracts/src', 'packages/contracts/package.json'];

/**
 * npm packages bundled into the server all the same: plain JavaScript made of many small ES modules
 * (some 380 files for these five), each of which Node resolves at start, looking up its package.json,
 * a good part of a start on a busy machine (docs/architecture.md, "Budgets"). A package is bundled with
 * every package that imports it (zod with fastify-type-provider-zod, as the contracts use it), so no
 * two copies of one meet; none of them has a nested node_modules, so what they import from outside
 * resolves from the bundle as from them. package-lock.json is among the server's inputs for them.
 */
const INLINED = new Set(['zod', 'fastify-type-provider-zod', 'drizzle-orm', 'libphonenumber-js', 'jose']);
/** `zod/mini` → `zod`, `@scope/name/x` → `@scope/name`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const targets = {
  web: {
    stamp: at('apps/web/dist/.source-hash'),
    // Every file the Vite build reads (apps/web/build-inputs.mjs; the build checks the list is whole).
    inputs: WEB_BUILD_INPUTS,
    // Several tens of seconds on a small machine (Terser's two passes among them), hence the word of it.
    expect: 'takes about a minute',
    async build() {
      // Not spawnSync: the event loop stays free to say the build is still going.
      const child = spawn('npm', ['run', 'build', '-w', '@cuadre/web', '--silent', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
      if (code !== 0) throw new Error('the web app did not build');
    },
  },
  server: {
    stamp: at('apps/server/dist/.source-hash'),
    // esbuild reads the TypeScript configs too; npm packages stay external.
    // The lock for the packages bundled (`INLINED`), and this file for what the bundle takes in.
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'tsconfig.base.json',
      'package-lock.json',
      'scripts/build.mjs',
      ...CONTRACTS,
    ],
    async build() {
      const esbuild = await import('esbuild');
      const result = await esbuild.build({
        entryPoints: [at('apps/server/src/server.ts')],
        outfile: at('apps/server/dist/server.js'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node22.22',
        sourcemap: 'linked',
        logLevel: 'warning',
        // Written below, each file whole at once: the server tests build this bundle for the processes
        // they start, and a build beside them (`npm start`, TEST_JOBS=2) must never leave one half written.
        write: false,
        plugins: [
          {
            // npm packages stay in node_modules; the workspace's own packages (TypeScript sources) are bundled.
            name: 'external-packages',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith('@cuadre/') || INLINED.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
              );
            },
          },
        ],
      });
      for (const file of result.outputFiles) {
        mkdirSync(path.dirname(file.path), { recursive: true });
        const partial = `${file.path}.${process.pid}.partial`;
        writeFileSync(partial, file.contents);
        renameSync(partial, file.path);
      }
    },
  },
};

/** The paths a target's fingerprint covers (relative to the repository), under `base`. */
export const inputsOf = (name, base = root) => targets[name].inputs.map((p) => path.join(base, p));

/**
 * Builds the named targets whose sources changed; returns the names it built. Each build is said as
 * it starts, every 15 s while it runs (a first start is otherwise a long silence), and when done.
 */
export async function buildStale(names = Object.keys(targets), { log = console.log, every = 15_000 } = {}) {
  const built = [];
  for (const name of names) {
    const target = targets[name];
    const hash = fingerprint(inputsOf(name));
    const previous = existsSync(target.stamp) ? readFileSync(target.stamp, 'utf8').trim() : '';
    if (hash === previous) continue;
    const label = name === 'web' ? 'web app' : 'server';
    const why = [previous ? 'its sources changed' : 'not built yet', target.expect].filter(Boolean).join('; ');
    await announced(label, why, () => target.build(), { log, every });
    writeFileSync(target.stamp, hash + '\n');
    built.push(name);
  }
  return built;
}

/** Runs `build`, saying so as it starts, every `every` ms while it runs, and when it is done. */
export async function announced(label, why, build, { log = console.log, every = 15_000 } = {}) {
  const started = Date.now();
  log(`Building the ${label} (${why})…`);
  const heartbeat = setInterval(() => log(`  still building the ${label} (${Math.round((Date.now() - started) / 1000)} s)…`), every);
  try {
    await build();
  } finally {
    clearInterval(heartbeat);
  }
  log(`  ${label} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// `node scripts/build.mjs [web|server ...]` from the command line.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2);
  buildStale(names.length ? names : undefined).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
