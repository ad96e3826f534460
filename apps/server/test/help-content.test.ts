import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type TSESTree } from '@typescript-eslint/typescript-estree';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@cuadre/contracts';
import { frontMatter, HELP_ROOT, loadHelpLibrary } from '../src/modules/help/help-content.js';
import { SERVER_ROOT } from '../src/paths.js';

/**
 * The help center's articles, in every language: the same shape everywhere (the ids and links of
 * one language are those of the others), guides long enough to teach and short enough to read,
 * and no link that leads nowhere. The screens a link may open are read from the web app's router
 * itself, so a screen renamed or removed there fails here.
 */

const ROUTER = path.resolve(SERVER_ROOT, '../web/src/app/router.tsx');
const GUIDE_ROUTE = '/user/help-center/guides/:categorySlug/:guideSlug';
const MIN_GUIDES = 24;
const MIN_FAQS = 30;
const MIN_BODY = 1500;
const MAX_BODY = 4000;

/** Every route path of the web app's router (`/user/workers`, `/user/help-center/guides/:categorySlug/:guideSlug`), nested paths joined. */
function routePaths(): string[] {
  // Parsed with typescript-estree (ESTree nodes) rather than the compiler's API: the type checker is
  // TypeScript 7, which has no JavaScript API (docs/decisions/012-dependency-majors.md).
  const code = readFileSync(ROUTER, 'utf8');
  const program = parse(code, { jsx: true, range: true, filePath: ROUTER });
  const text = (node: TSESTree.Node) => code.slice(node.range[0], node.range[1]);
  let routes: TSESTree.ArrayExpression | undefined;
  const find = (node: unknown): void => {
    if (!node || typeof node !== 'object' || routes) return;
    const n = node as TSESTree.Node;
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.id.name === 'routes' && n.init?.type === 'ArrayExpression') {
      routes = n.init;
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(find);
      else if (value && typeof value === 'object' && 'type' in value) find(value);
    }
  };
  find(program);
  if (!routes) throw new Error('router.tsx has no `routes` array');
  const keyName = (p: TSESTree.ObjectLiteralElement) =>
    p.type === 'Property' ? (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined) : undefined;
  const out: string[] = [];
  const walk = (list: TSESTree.ArrayExpression, parent: string) => {
    for (const route of list.elements) {
      // A route written some other way (a variable, a spread array) would be skipped silently: refuse it.
      if (route?.type !== 'ObjectExpression') throw new Error(`A route that is not an object literal: ${route ? text(route) : 'a hole'}`);
      const prop = (name: string) => {
        const found = route.properties.find((p) => p.type === 'Property' && keyName(p) === name);
        return found?.type === 'Property' ? found.value : undefined;
      };
      let here = parent;
      const own = prop('path');
      const children = prop('children');
      if (children && children.type !== 'ArrayExpression') throw new Error(`Route children that are not an array: ${text(children)}`);
      if (own) {
        if (own.type !== 'Literal' || typeof own.value !== 'string') throw new Error(`A route path that is not a string: ${text(own)}`);
        here = own.value.startsWith('/') ? own.value : `${parent.replace(/\/$/, '')}/${own.value}`;
        // A path that only groups others (`user`) opens nothing itself unless it has an index route.
        const index = children?.elements.some((c) => c?.type === 'ObjectExpression' && c.properties.some((p) => keyName(p) === 'index'));
        if (!children || index) out.push(here);
      }
      if (children) walk(children, here);
    }
  };
  walk(routes, '');
  return out;
}

const ROUTES = routePaths();
const SCREENS = new Set(ROUTES.filter((p) => !p.includes(':') && !p.includes('*')));
const guideLink = (category: string, guide: string) => `/user/help-center/guides/${category}/${guide}`;

/** Why an article's link leads nowhere, or undefined when it opens a screen or an existing guide. */
function brokenLink(href: string, guides: Set<string>): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return 'not a path inside the app';
  const target = href.split(/[?#]/)[0]!;
  if (SCREENS.has(target)) return undefined;
  if (target.startsWith('/user/help-center/guides/')) return guides.has(target) ? undefined : 'no such guide';
  return 'no such screen';
}

const hrefsOf = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

interface Files {
  guides: { slug: string; title: string }[];
  faqs: { slug: string; title: string }[];
  /** Each guide category's Markdown files, in order. */
  guideFiles: Record<string, string[]>;
  guideFolders: string[];
  faqFiles: string[];
}
function filesOf(lang: Language): Files {
  const dir = path.join(HELP_ROOT, lang);
  const cats = JSON.parse(readFileSync(path.join(dir, 'categories.json'), 'utf8')) as Pick<Files, 'guides' | 'faqs'>;
  const mdIn = (folder: string) =>
    readdirSync(folder)
      .filter((f) => f.endsWith('.md'))
      .sort();
  return {
    ...cats,
    guideFiles: Object.fromEntries(cats.guides.map((c) => [c.slug, mdIn(path.join(dir, 'guides', c.slug))])),
    guideFolders: readdirSync(path.join(dir, 'guides')).sort(),
    faqFiles: mdIn(path.join(dir, 'faqs')),
  };
}

describe('the web app’s screens, as the links are checked against them', () => {
  it('are read from the router, nested paths joined, and a link to anything else is refused', () => {
    for (const screen of ['/user/dashboard', '/user/monthlymileage', '/user/help-center/faqs', '/usersettings', '/categories', '/sign-up'])
      expect(SCREENS, screen).toContain(screen);
    expect(ROUTES).toContain(GUIDE_ROUTE);
    expect(SCREENS).not.toContain('/user');
    const guides = new Set([guideLink('mileage', 'standard-rate')]);
    expect(brokenLink('/user/monthlymileage?year=2026&month=5', guides)).toBeUndefined();
    expect(brokenLink(guideLink('mileage', 'standard-rate'), guides)).toBeUndefined();
    expect(brokenLink('/user/mileage', guides)).toBe('no such screen');
    expect(brokenLink('/user', guides)).toBe('no such screen');
    expect(brokenLink(guideLink('mileage', 'nope'), guides)).toBe('no such guide');
    expect(brokenLink('https://example.com/user/dashboard', guides)).toBe('not a path inside the app');
    expect(brokenLink('user/dashboard', guides)).toBe('not a path inside the app');
  });
});

describe.each(LANGUAGES)('the help center in %s', (lang) => {
  it(`lists every folder and file in categories.json, with at least ${MIN_GUIDES} guides of ${MIN_BODY} to ${MAX_BODY} characters and ${MIN_FAQS} questions`, () => {
    const files = filesOf(lang);
    expect(files.guideFolders).toEqual(files.guides.map((c) => c.slug).sort());
    expect(files.faqFiles).toEqual(files.faqs.map((c) => `${c.slug}.md`).sort());
    for (const c of [...files.guides, ...files.faqs]) expect(c.title.trim(), c.slug).not.toBe('');

    const problems: string[] = [];
    let guides = 0;
    for (const [category, names] of Object.entries(files.guideFiles)) {
      for (const name of names) {
        guides++;
        const where = `${lang}/guides/${category}/${name}`;
        if (!/^\d+-[a-z0-9-]+\.md$/.test(name)) problems.push(`${where}: name is not <N>-<slug>.md`);
        const { meta, body } = frontMatter(readFileSync(path.join(HELP_ROOT, lang, 'guides', category, name), 'utf8'));
        if (!meta.title || !meta.subtitle) problems.push(`${where}: no title or subtitle`);
        if (body.length < MIN_BODY || body.length > MAX_BODY) problems.push(`${where}: ${body.length} characters`);
      }
    }
    expect(problems).toEqual([]);
    expect(guides).toBeGreaterThanOrEqual(MIN_GUIDES);

    const library = loadHelpLibrary(lang);
    const faqs = library.faqs.flatMap((c) => c.faqs);
    expect(faqs.length).toBeGreaterThanOrEqual(MIN_FAQS);
    for (const f of faqs) {
      expect(f.question, f.id).not.toBe('');
      expect(f.answer.trim(), f.id).not.toBe('');
    }
  });

  it('links, from every guide and answer, only to screens of the web app and to existing guides', () => {
    const library = loadHelpLibrary(lang);
    const guides = new Set(library.guides.flatMap((c) => c.guides.map((g) => guideLink(c.slug, g.slug))));
    const broken: string[] = [];
    const unlinked: string[] = [];
    for (const c of library.guides) {
      for (const g of c.guides) {
        const hrefs = hrefsOf(g.content);
        for (const href of hrefs) {
          const why = brokenLink(href, guides);
          if (why) broken.push(`${lang}/guides/${g.id}: ${href} (${why})`);
        }
        // The Related list: the screen to open, and other guides to read next.
        const targets = hrefs.map((h) => h.split(/[?#]/)[0]!);
        if (!targets.some((h) => SCREENS.has(h)) || !targets.some((h) => guides.has(h) && h !== guideLink(c.slug, g.slug)))
          unlinked.push(`${lang}/guides/${g.id}`);
      }
    }
    for (const f of library.faqs.flatMap((c) => c.faqs)) {
      for (const href of hrefsOf(f.answer)) {
        const why = brokenLink(href, guides);
        if (why) broken.push(`${lang}/faqs/${f.id}: ${href} (${why})`);
      }
    }
    expect(broken).toEqual([]);
    expect(unlinked, 'guides without a link to a screen and to another guide').toEqual([]);
  });
});

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the help center in %s, beside English', (lang) => {
  it('has the same guide categories, the same guide files and as many questions in each FAQ category', () => {
    const en = filesOf('en');
    const other = filesOf(lang);
    expect(other.guides.map((c) => c.slug)).toEqual(en.guides.map((c) => c.slug));
    expect(other.guideFiles).toEqual(en.guideFiles);
    expect(other.faqs.map((c) => c.slug)).toEqual(en.faqs.map((c) => c.slug));
    const counts = (l: Language) => Object.fromEntries(loadHelpLibrary(l).faqs.map((c) => [c.slug, c.faqs.length]));
    expect(counts(lang)).toEqual(counts('en'));
  });
});
