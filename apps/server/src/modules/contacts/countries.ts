import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
// The library without its Node entry, which registers all of its 80 languages (some 80 JSON files at start); the three of the app are registered below.
import countries from 'i18n-iso-countries/index.js';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Country, Language } from '@cuadre/contracts';

// The country names come from i18n-iso-countries (CLDR), the dial codes from libphonenumber-js: both maintained datasets on npm.
const require = createRequire(import.meta.url);
for (const lang of ['en', 'es', 'tr'] as const) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

/** The namespace of the countries' ids: a UUID v5 of the ISO code, so an id never changes between starts or servers. */
const NAMESPACE = '6f1c2a8e-3b7d-5e4f-9a0b-1c2d3e4f5a6b';

/** A name-based UUID (RFC 4122 version 5, SHA-1). */
export function uuidV5(name: string, namespace = NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1')
    .update(Buffer.concat([ns, Buffer.from(name, 'utf8')]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * `flagImagePos`: the address of the country's flag image, an SVG of the `flag-icons` package
 * (4×3) that this server serves itself (`GET /api/apps/contacts/flags/{iso}.svg`): no emoji font,
 * no request to another site. The web app shows it as an <img>.
 */
export const flagUrl = (iso: string) => `/api/apps/contacts/flags/${iso.toLowerCase()}.svg`;
const FLAGS_DIR = path.join(path.dirname(require.resolve('flag-icons/country.json')), 'flags', '4x3');
const flagCache = new Map<string, Buffer>();

/** A country's flag (SVG bytes) by its lower-case ISO code, read once from the package; undefined when it has none. */
export async function flagSvg(iso: string): Promise<Buffer | undefined> {
  if (!/^[a-z]{2}$/.test(iso) || !COUNTRY_CODES.has(iso.toUpperCase())) return undefined;
  const hit = flagCache.get(iso);
  if (hit) return hit;
  const data = await readFile(path.join(FLAGS_DIR, `${iso}.svg`)).catch(() => undefined);
  if (data) flagCache.set(iso, data);
  return data;
}

/** The codes with both a dial prefix and an ISO 3166-1 name (about 240). */
const CODES = getCountries().filter((iso) => countries.isValid(iso));
export const COUNTRY_CODES = new Set<string>(CODES);

const cache = new Map<Language, Country[]>();

/** Every country, named in `language`, sorted by that name in that language. */
export function countryList(language: Language): Country[] {
  const hit = cache.get(language);
  if (hit) return hit;
  const collator = new Intl.Collator(language);
  const list = CODES.map((iso) => ({
    id: uuidV5(iso),
    iso,
    name: countries.getName(iso, language, { select: 'official' }) ?? countries.getName(iso, 'en') ?? iso,
    code: `+${getCountryCallingCode(iso)}`,
    flagImagePos: flagUrl(iso),
  })).sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}
