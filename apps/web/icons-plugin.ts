import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { ReadsFilesApi } from './inputs-plugin';

const require = createRequire(import.meta.url);

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

/** The shell's icon names (`heroicons_outline:home`, docs/product.md) and where each lives in the offline Iconify sets. */
const NAMESPACES: Record<string, { set: string; suffix: string }> = {
  heroicons_outline: { set: 'heroicons', suffix: '' },
  heroicons_solid: { set: 'heroicons', suffix: '-solid' },
  heroicons_mini: { set: 'heroicons', suffix: '-20-solid' },
  feather: { set: 'feather', suffix: '' },
};
const PATTERN = new RegExp(`['"\`](${Object.keys(NAMESPACES).join('|')}):([a-z0-9-]+)['"\`]`, 'g');
const VIRTUAL = 'virtual:icons';

/** The icon names in the sources under `dirs`; `read` is told each file scanned. */
function scan(dirs: string[], read: (file: string) => void, found = new Set<string>()) {
  for (const dir of dirs) {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) scan([full], read, found);
      else if (/\.(tsx?|json)$/.test(entry)) {
        read(full);
        for (const m of readFileSync(full, 'utf8').matchAll(PATTERN)) found.add(`${m[1]}:${m[2]}`);
      }
    }
  }
  return found;
}

/**
 * Bundles only the icons the source names, as SVG data, from the offline `@iconify-json/*` sets:
 * nothing is fetched at run time and unused icons cost nothing. An unknown name fails the build.
 */
export function iconsPlugin(sourceDirs: string[]): Plugin {
  const sets = new Map<string, IconSet>();
  const load = (set: string) => {
    if (!sets.has(set)) sets.set(set, require(`@iconify-json/${set}/icons.json`) as IconSet);
    return sets.get(set)!;
  };
  // The files the last scan read, for the build's inputs check (inputs-plugin.ts).
  let scanned = new Set<string>();
  const api: ReadsFilesApi = { filesRead: () => scanned };
  return {
    name: 'cuadre-icons',
    api,
    resolveId: (id) => (id === VIRTUAL ? '\0' + VIRTUAL : undefined),
    load(id) {
      if (id !== '\0' + VIRTUAL) return;
      const out: Record<string, { body: string; width: number; height: number }> = {};
      // Each scanned file is watched (a new icon name reloads the app in dev) and kept for the inputs check.
      scanned = new Set();
      const read = (file: string) => {
        scanned.add(file);
        this.addWatchFile(file);
      };
      for (const name of [...scan(sourceDirs, read)].sort()) {
        const [ns, icon] = name.split(':') as [string, string];
        const { set, suffix } = NAMESPACES[ns]!;
        const data = load(set);
        let key = icon + suffix;
        if (!data.icons[key] && data.aliases?.[key]) key = data.aliases[key]!.parent;
        const found = data.icons[key];
        if (!found) this.error(`Icon "${name}" does not exist in @iconify-json/${set}`);
        out[name] = { body: found.body, width: found.width ?? data.width ?? 24, height: found.height ?? data.height ?? 24 };
      }
      return `export default ${JSON.stringify(out)};`;
    },
    handleHotUpdate({ server }) {
      const mod = server.moduleGraph.getModuleById('\0' + VIRTUAL);
      if (mod) server.moduleGraph.invalidateModule(mod);
    },
  };
}
