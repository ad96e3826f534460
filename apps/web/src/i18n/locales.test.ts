// @vitest-environment node
import path from 'node:path';
import { mergeLocales } from '../../i18n-plugin';

const dir = path.resolve(__dirname, 'locales');

const keysOf = (obj: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('translations', () => {
  const en = mergeLocales(dir, 'en');

  it.each(['es', 'tr'])('%s holds exactly the keys of English', (lang) => {
    const other = mergeLocales(dir, lang);
    expect(keysOf(other).sort()).toEqual(keysOf(en).sort());
  });

  it.each(['en', 'es', 'tr'])('%s has no empty string', (lang) => {
    const merged = mergeLocales(dir, lang);
    const empty = keysOf(merged).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], merged) === '');
    expect(empty).toEqual([]);
  });
});
