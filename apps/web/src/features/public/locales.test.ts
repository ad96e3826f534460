// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Every key path, with array positions, so a missing paragraph in one language shows too. */
function shape(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [`${at}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${at}[${i}]`))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => shape(v, at ? `${at}.${k}` : k));
  return [at];
}
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [String(value)];

const root = path.resolve(import.meta.dirname, '../../i18n/locales');
const load = (area: string, lang: string) => JSON.parse(readFileSync(path.join(root, area, `${lang}.json`), 'utf8')) as Record<string, unknown>;

describe.each(['public', 'auth'])('the %s translations', (area) => {
  const en = load(area, 'en');

  it('keep everything under one key named after the area', () => {
    expect(Object.keys(en)).toEqual([area]);
  });

  it.each(['es', 'tr'])('hold the same keys and paragraphs in %s as in English', (lang) => {
    expect(shape(load(area, lang)).sort()).toEqual(shape(en).sort());
  });

  it.each(['es', 'tr'])('are written in %s, not copied from English', (lang) => {
    const other = strings(load(area, lang));
    const same = strings(en).filter((s, i) => s === other[i] && s.length > 12);
    expect(same).toEqual([]);
  });
});
