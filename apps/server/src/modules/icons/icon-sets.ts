import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ICON_SETS, type IconSet, type IconSetId } from '@cuadre/contracts';

const require = createRequire(import.meta.url);

interface IconifyJson {
  icons: Record<string, unknown>;
  aliases?: Record<string, unknown>;
}

/** An Iconify JSON package's icons file, read from node_modules (never copied into the source). */
function readSet(pkg: string): IconifyJson {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/icons.json`), 'utf8')) as IconifyJson;
}

/** The names of a set, icons and aliases alike (an alias is a name the set answers to). */
const namesOf = (json: IconifyJson) => [...Object.keys(json.icons), ...Object.keys(json.aliases ?? {})];

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** `prefix-name` → `name` for each name with that variant prefix (Google Material Icons: baseline, outline, twotone). */
const variant = (names: string[], prefix: string) => names.filter((n) => n.startsWith(`${prefix}-`)).map((n) => n.slice(prefix.length + 1));

/**
 * The seven sets of spec 001 §7, from @iconify-json/feather, @iconify-json/heroicons (v2: outline
 * 24 px as the bare names, solid 24 px as `-solid`, mini 20 px as `-20-solid`) and @iconify-json/ic
 * (Google Material Icons: `baseline-` is the solid set, `outline-` and `twotone-` the others).
 */
export function loadIconSets(): Map<IconSetId, IconSet> {
  const feather = namesOf(readSet('@iconify-json/feather'));
  const hero = namesOf(readSet('@iconify-json/heroicons'));
  const material = namesOf(readSet('@iconify-json/ic'));
  const heroOutline = hero.filter((n) => !/-solid$/.test(n));
  const heroSolid = hero.filter((n) => /-solid$/.test(n) && !/-\d\d-solid$/.test(n)).map((n) => n.slice(0, -'-solid'.length));
  const heroMini = hero.filter((n) => n.endsWith('-20-solid')).map((n) => n.slice(0, -'-20-solid'.length));
  const sets: Record<IconSetId, IconSet> = {
    feather: { namespace: 'feather', name: 'Feather', grid: 'icon-size-6', list: sorted(feather) },
    'heroicons-outline': { namespace: 'heroicons_outline', name: 'Heroicons Outline', grid: 'icon-size-6', list: sorted(heroOutline) },
    'heroicons-solid': { namespace: 'heroicons_solid', name: 'Heroicons Solid', grid: 'icon-size-6', list: sorted(heroSolid) },
    'heroicons-mini': { namespace: 'heroicons_mini', name: 'Heroicons Mini', grid: 'icon-size-5', list: sorted(heroMini) },
    'material-solid': { namespace: 'mat_solid', name: 'Material Solid', grid: 'icon-size-6', list: sorted(variant(material, 'baseline')) },
    'material-outline': { namespace: 'mat_outline', name: 'Material Outline', grid: 'icon-size-6', list: sorted(variant(material, 'outline')) },
    'material-twotone': { namespace: '', name: 'Material Twotone', grid: 'icon-size-6', list: sorted(variant(material, 'twotone')) },
  };
  return new Map(ICON_SETS.map((id) => [id, sets[id]]));
}
