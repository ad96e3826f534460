import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, loadConfigFromFile, type Plugin, type PluginOption } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { announced, fingerprint, inputsOf } from '../../../scripts/build.mjs';
import { ICON_SOURCES } from '../../web/build-inputs.mjs';
import { iconsPlugin } from '../../web/icons-plugin.js';
import { buildInputsPlugin } from '../../web/inputs-plugin.js';
import { tempDir } from './helpers/database.js';

/**
 * `npm start` rebuilds the web app only when the fingerprint of its inputs changes (scripts/build.mjs):
 * an input left out means a change there is served stale. The fingerprint covers every path the build
 * reads, and the build itself fails when it reads a file outside them.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const scratch = () => {
  const d = tempDir('cuadre-build-');
  dirs.push(d);
  return d;
};
const write = (file: string, body: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
};

describe('the web build fingerprint', () => {
  it('changes when any input of the web build changes (the notification icons in the server’s panels module among them), and not for other files', () => {
    // A tree shaped like the repository, one file in each input (a path with an extension is a file).
    const base = scratch();
    const inputs = inputsOf('web', base);
    const files = inputs.map((p) => (path.extname(p) ? p : path.join(p, 'input.ts')));
    files.forEach((f) => write(f, 'one'));
    const seen = new Set([fingerprint(inputs, base)]);
    for (const file of files) {
      write(file, 'two');
      const now = fingerprint(inputs, base);
      expect(seen.has(now), path.relative(base, file)).toBe(false);
      seen.add(now);
    }
    // The regression: the notifications' icon names live in apps/server/src/modules/panels.
    for (const dir of ICON_SOURCES) expect(inputs, dir).toContain(path.join(base, dir));
    const before = fingerprint(inputs, base);
    write(path.join(base, 'apps/server/src/modules/panels/notifications.ts'), "icon: 'heroicons_outline:bell'");
    const withIcon = fingerprint(inputs, base);
    expect(withIcon).not.toBe(before);
    // The server's other modules, build output and installed packages are not the web app's inputs.
    write(path.join(base, 'apps/server/src/modules/books/entries.service.ts'), 'x');
    write(path.join(base, 'apps/web/dist/index.html'), 'x');
    write(path.join(base, 'apps/web/node_modules/x/index.js'), 'x');
    expect(fingerprint(inputs, base)).toBe(withIcon);
    // Vite reads .env files from the workspace.
    write(path.join(base, 'apps/web/.env.production'), 'VITE_X=1');
    expect(fingerprint(inputs, base)).not.toBe(withIcon);
  });

  it('covers the package lock (the bundled packages) and the TypeScript base config, and the server’s build its own configs', () => {
    const rel = (name: 'web' | 'server') => inputsOf(name).map((p) => path.relative(repo, p));
    expect(rel('web')).toEqual(expect.arrayContaining(['apps/web', 'packages/contracts/src', 'package-lock.json', 'tsconfig.base.json']));
    // The server bundles a few npm packages too (scripts/build.mjs, INLINED): the lock, and the file that names them.
    expect(rel('server')).toEqual(
      expect.arrayContaining(['apps/server/src', 'packages/contracts/src', 'tsconfig.base.json', 'package-lock.json', 'scripts/build.mjs']),
    );
  });
});

describe('the web build’s inputs check', () => {
  /** A one-module Vite build of `entry` under `root`, written nowhere. */
  const viteBuild = (root: string, entry: string, plugins: Plugin[]) =>
    build({ configFile: false, root, logLevel: 'silent', plugins, build: { write: false, rolldownOptions: { input: path.join(root, entry) } } });

  it('fails the build naming a module it imported from outside the fingerprinted inputs, and passes once it is covered', async () => {
    const base = scratch();
    const web = path.join(base, 'web');
    write(path.join(web, 'main.js'), "import { x } from '../shared/x.js'; console.log(x);");
    write(path.join(base, 'shared/x.js'), 'export const x = 1;');
    await expect(viteBuild(web, 'main.js', [buildInputsPlugin([web])])).rejects.toThrow(
      /The build read .*shared\/x\.js, which scripts\/build\.mjs does not fingerprint/,
    );
    await expect(viteBuild(web, 'main.js', [buildInputsPlugin([web, path.join(base, 'shared')])])).resolves.toBeDefined();
  });

  it('fails the build naming a file the icons plugin scanned outside the inputs (how the panels module was missed)', async () => {
    const base = scratch();
    const web = path.join(base, 'web');
    const panels = path.join(base, 'server/panels');
    write(path.join(web, 'main.js'), "import icons from 'virtual:icons'; console.log(icons);");
    write(path.join(panels, 'notifications.ts'), "export const icon = 'heroicons_outline:bell';");
    await expect(viteBuild(web, 'main.js', [iconsPlugin([web, panels]), buildInputsPlugin([web])])).rejects.toThrow(
      /The build read .*server\/panels\/notifications\.ts, which scripts\/build\.mjs does not fingerprint/,
    );
    await expect(viteBuild(web, 'main.js', [iconsPlugin([web, panels]), buildInputsPlugin([web, panels])])).resolves.toBeDefined();
  });

  it('is part of the web app’s own build, checking against the inputs the fingerprint covers', async () => {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(repo, 'apps/web/vite.config.ts'), undefined, 'silent');
    const plugins = (loaded!.config.plugins as PluginOption[]).flat(3).filter((p): p is Plugin => !!p && typeof p === 'object' && 'name' in p);
    const check = plugins.find((p) => p.name === 'cuadre-build-inputs');
    expect((check?.api as { inputs: string[] } | undefined)?.inputs).toEqual(inputsOf('web'));
    expect(plugins.map((p) => p.name)).toContain('cuadre-icons');
  });
});

describe('a build as the start says it', () => {
  it('is said as it starts, again while it runs, and when it is done', async () => {
    const lines: string[] = [];
    await announced('web app', 'not built yet; takes about a minute', () => new Promise((r) => setTimeout(r, 260)), { log: (l) => lines.push(l), every: 100 });
    expect(lines[0]).toBe('Building the web app (not built yet; takes about a minute)…');
    expect(lines.slice(1, -1).length).toBeGreaterThanOrEqual(2);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^ {2}still building the web app \(\d+ s\)…$/);
    expect(lines.at(-1)).toMatch(/^ {2}web app built in 0\.\d s$/);
  });

  it('stops saying so when the build fails, and passes the failure on', async () => {
    const lines: string[] = [];
    await expect(
      announced('server', 'its sources changed', () => new Promise((_, reject) => setTimeout(() => reject(new Error('broken')), 50)), {
        log: (l) => lines.push(l),
        every: 20,
      }),
    ).rejects.toThrow('broken');
    const count = lines.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(lines.length).toBe(count);
    expect(lines.some((l) => l.includes('built in'))).toBe(false);
  });
});
