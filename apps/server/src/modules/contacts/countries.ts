import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
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
 * `flagImagePos`: the offset of the flag in a sprite of 16×11 px cells laid out by the code's
 * letters (first letter the column, second the row). The web app draws the flag from the code
 * itself (its emoji), so no sprite is shipped; the field keeps the specification's shape.
 */
const flagPos = (iso: string) => `-${(iso.charCodeAt(0) - 65) * 16}px -${(iso.charCodeAt(1) - 65) * 11}px`;

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
    flagImagePos: flagPos(iso),
  })).sort((a, b) => collator.compare(a.name, b.name));
  cache.set(language, list);
  return list;
}
