import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ICON_SETS, type IconDrawing, type IconSet, type IconSetId } from '@cuadre/contracts';

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

/**
 * The seven sets of spec 001 §7, from @iconify-json/feather, @iconify-json/heroicons (v2: outline
 * 24 px as the bare names, solid 24 px as `-solid`, mini 20 px as `-20-solid`) and @iconify-json/ic
 * (Google Material Icons: `baseline-` is the solid set, `outline-` and `twotone-` the others). A
 * set's names are its icons' and its aliases' (a name the set answers to).
 */
export function loadIconSets(): Map<IconSetId, LoadedSet> {
  const packages = { feather: readSet('@iconify-json/feather'), heroicons: readSet('@iconify-json/heroicons'), ic: readSet('@iconify-json/ic') };
  const namesOf = (json: IconifyJson) => [...Object.keys(json.icons), ...Object.keys(json.aliases ?? {})];
  const make = (json: IconifyJson, meta: Omit<IconSet, 'list'>, pick: (name: string) => string | undefined, full: (name: string) => string): LoadedSet => {
    const list = [...new Set(namesOf(json).flatMap((n) => pick(n) ?? []))].sort();
    const known = new Set(list);
    return { set: { ...meta, list }, draw: (name) => (known.has(name) ? drawing(json, full(name)) : undefined) };
  };
  const suffixed = (suffix: string) => (n: string) => (n.endsWith(suffix) ? n.slice(0, -suffix.length) : undefined);
  const prefixed = (prefix: string) => (n: string) => (n.startsWith(prefix) ? n.slice(prefix.length) : undefined);
  const { feather, heroicons, ic } = packages;
  const sets: Record<IconSetId, LoadedSet> = {
    feather: make(
      feather,
      { namespace: 'feather', name: 'Feather', grid: 'icon-size-6' },
      (n) => n,
      (n) => n,
    ),
    'heroicons-outline': make(
      heroicons,
      { namespace: 'heroicons_outline', name: 'Heroicons Outline', grid: 'icon-size-6' },
      (n) => (/-solid$/.test(n) ? undefined : n),
      (n) => n,
    ),
    'heroicons-solid': make(
      heroicons,
      { namespace: 'heroicons_solid', name: 'Heroicons Solid', grid: 'icon-size-6' },
      (n) => (/-\d\d-solid$/.test(n) ? undefined : suffixed('-solid')(n)),
      (n) => `${n}-solid`,
    ),
    'heroicons-mini': make(
      heroicons,
      { namespace: 'heroicons_mini', name: 'Heroicons Mini', grid: 'icon-size-5' },
      suffixed('-20-solid'),
      (n) => `${n}-20-solid`,
    ),
    'material-solid': make(ic, { namespace: 'mat_solid', name: 'Material Solid', grid: 'icon-size-6' }, prefixed('baseline-'), (n) => `baseline-${n}`),
    'material-outline': make(ic, { namespace: 'mat_outline', name: 'Material Outline', grid: 'icon-size-6' }, prefixed('outline-'), (n) => `outline-${n}`),
    'material-twotone': make(ic, { namespace: '', name: 'Material Twotone', grid: 'icon-size-6' }, prefixed('twotone-'), (n) => `twotone-${n}`),
  };
  return new Map(ICON_SETS.map((id) => [id, sets[id]]));
}
