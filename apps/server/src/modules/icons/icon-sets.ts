import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type IconDrawing, type IconSet, type IconSetId } from '@cuadre/contracts';

const require = createRequire(import.meta.url);

interface IconifyIcon {
  body?: string;
  width?: number;
  height?: number;
  rotate?: number;
  hFlip?: boolean;
  vFlip?: boolean;
}
interface IconifyJson {
  icons: Record<string, IconifyIcon>;
  aliases?: Record<string, IconifyIcon & { parent: string }>;
  width?: number;
  height?: number;
}

/** An Iconify JSON package's icons file, read from node_modules (never copied into the source). */
function readSet(pkg: string): IconifyJson {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8')) as IconifyJson;
}

/** One icon's drawing: an alias takes its parent's body with its own turns and flips (square icons). */
function drawing(json: IconifyJson, name: string, depth = 0): IconDrawing | undefined {
  const icon = json.icons[name];
  const width = icon?.width ?? json.width ?? 16;
  const height = icon?.height ?? json.height ?? 16;
  if (icon?.body) return { body: icon.body, width, height };
  const alias = json.aliases?.[name];
  if (!alias || depth > 5) return undefined;
  const parent = drawing(json, alias.parent, depth + 1);
  if (!parent) return undefined;
  const w = parent.width;
  const h = parent.height;
  const transforms: string[] = [];
  if (alias.rotate) transforms.push(`rotate(${90 * alias.rotate} ${w / 2} ${h / 2})`);
  if (alias.hFlip) transforms.push(`translate(${w} 0) scale(-1 1)`);
  if (alias.vFlip) transforms.push(`translate(0 ${h}) scale(1 -1)`);
  return { ...parent, body: transforms.length ? `<g transform="${transforms.join(' ')}">${parent.body}</g>` : parent.body };
}

/** A set as the API gives it, and how to draw each of its icons. */
export interface LoadedSet {
  set: IconSet;
  draw: (name: string) => IconDrawing | undefined;
}

/** Which package each set is drawn from: a set's first request reads that package's file, the others stay unread. */
type Package = '@iconify-json/feather' | '@iconify-json/heroicons' | '@iconify-json/ic';

/** A set's package, its fixed fields, its names (from the package's) and the package's name of one of them. */
interface SetRecipe {
  pkg: Package;
  meta: Omit<IconSet, 'list'>;
  pick: (name: string) => string | undefined;
  full: (name: string) => string;
}

const suffixed = (suffix: string) => (n: string) => (n.endsWith(suffix) ? n.slice(0, -suffix.length) : undefined);
const prefixed = (prefix: string) => (n: string) => (n.startsWith(prefix) ? n.slice(prefix.length) : undefined);
const same = (n: string) => n;

/**
 * The seven sets of spec 001 §7, from @iconify-json/feather, @iconify-json/heroicons (v2: outline
 * 24 px as the bare names, solid 24 px as `-solid`, mini 20 px as `-20-solid`) and @iconify-json/ic
 * (Google Material Icons: `baseline-` is the solid set, `outline-` and `twotone-` the others). A
 * set's names are its icons' and its aliases' (a name the set answers to).
 */
const RECIPES: Record<IconSetId, SetRecipe> = {
  feather: { pkg: '@iconify-json/feather', meta: { namespace: 'feather', name: 'Feather', grid: 'icon-size-6' }, pick: same, full: same },
  'heroicons-outline': {
    pkg: '@iconify-json/heroicons',
    meta: { namespace: 'heroicons_outline', name: 'Heroicons Outline', grid: 'icon-size-6' },
    pick: (n) => (/-solid$/.test(n) ? undefined : n),
    full: same,
  },
  'heroicons-solid': {
    pkg: '@iconify-json/heroicons',
    meta: { namespace: 'heroicons_solid', name: 'Heroicons Solid', grid: 'icon-size-6' },
    pick: (n) => (/-\d\d-solid$/.test(n) ? undefined : suffixed('-solid')(n)),
    full: (n) => `${n}-solid`,
  },
  'heroicons-mini': {
    pkg: '@iconify-json/heroicons',
    meta: { namespace: 'heroicons_mini', name: 'Heroicons Mini', grid: 'icon-size-5' },
    pick: suffixed('-20-solid'),
    full: (n) => `${n}-20-solid`,
  },
  'material-solid': {
    pkg: '@iconify-json/ic',
    meta: { namespace: 'mat_solid', name: 'Material Solid', grid: 'icon-size-6' },
    pick: prefixed('baseline-'),
    full: (n) => `baseline-${n}`,
  },
  'material-outline': {
    pkg: '@iconify-json/ic',
    meta: { namespace: 'mat_outline', name: 'Material Outline', grid: 'icon-size-6' },
    pick: prefixed('outline-'),
    full: (n) => `outline-${n}`,
  },
  'material-twotone': {
    pkg: '@iconify-json/ic',
    meta: { namespace: '', name: 'Material Twotone', grid: 'icon-size-6' },
    pick: prefixed('twotone-'),
    full: (n) => `twotone-${n}`,
  },
};

/**
 * The icon sets, each read from its package at its first request and kept from then on. Not at
 * start: the three packages' files are 4.9 MB of JSON (Google's set alone 4.2 MB), some 20 MiB once
 * parsed, for a screen few people open; a first request pays about a tenth of a second for Google's.
 */
export class IconSets {
  private readonly packages = new Map<Package, IconifyJson>();
  private readonly loaded = new Map<IconSetId, LoadedSet>();

  /** The set, or undefined for an id that names none. */
  get(id: string): LoadedSet | undefined {
    if (!Object.hasOwn(RECIPES, id)) return undefined;
    const setId = id as IconSetId;
    let set = this.loaded.get(setId);
    if (!set) this.loaded.set(setId, (set = this.make(RECIPES[setId])));
    return set;
  }

  private make({ pkg, meta, pick, full }: SetRecipe): LoadedSet {
    let json = this.packages.get(pkg);
    if (!json) this.packages.set(pkg, (json = readSet(pkg)));
    const names = [...Object.keys(json.icons), ...Object.keys(json.aliases ?? {})];
    const list = [...new Set(names.flatMap((n) => pick(n) ?? []))].sort();
    const known = new Set(list);
    const from = json;
    return { set: { ...meta, list }, draw: (name) => (known.has(name) ? drawing(from, full(name)) : undefined) };
  }
}
