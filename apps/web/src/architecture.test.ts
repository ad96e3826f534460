import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// ARCHITECTURE.md, convention 6: features do not import each other, and shared code (components,
// lib, i18n) does not import features. The router (app/) is where features are put together.
const src = __dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

/** Every module a file imports, resolved to a path under src when it is the app's own. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specifiers.flatMap((s) => {
    if (s.startsWith('@/')) return [path.join(src, s.slice(2))];
    if (s.startsWith('.')) return [path.resolve(path.dirname(file), s)];
    return [];
  });
}

const areaOf = (file: string) => {
  const rel = path.relative(src, file).split(path.sep);
  return rel[0] === 'features' ? `features/${rel[1]}` : rel[0]!;
};

describe('architecture', () => {
  const all = files(src).filter((f) => !f.endsWith('architecture.test.ts'));

  it('finds the features it checks', () => {
    expect(all.filter((f) => areaOf(f).startsWith('features/')).length).toBeGreaterThan(20);
  });

  it('features do not import each other', () => {
    const crossings = all.flatMap((file) => {
      const from = areaOf(file);
      if (!from.startsWith('features/')) return [];
      return importsOf(file)
        .filter((target) => areaOf(target).startsWith('features/') && areaOf(target) !== from)
        .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('shared code does not import features', () => {
    const shared = ['components', 'lib', 'i18n'];
    const crossings = all.flatMap((file) =>
      shared.includes(areaOf(file))
        ? importsOf(file)
            .filter((target) => areaOf(target).startsWith('features/'))
            .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`)
        : [],
    );
    expect(crossings).toEqual([]);
  });
});
