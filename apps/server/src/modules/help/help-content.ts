import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { LANGUAGES, type FaqCategory, type GuideCategory, type Language } from '@cuadre/contracts';
import { SERVER_ROOT } from '../../paths.js';

/**
 * The help center's articles: Markdown files in the repository (content/help/<language>/), read once
 * at start. `html: false` makes markdown-it escape any HTML in them, and its link check refuses
 * `javascript:` and the like, so what the client shows as HTML holds only what Markdown can say.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
export const HELP_ROOT = path.join(SERVER_ROOT, 'content', 'help');

interface Guide {
  id: string;
  categoryId: string;
  slug: string;
  title: string;
  subtitle: string;
  content: string;
}
/** One article as the search reads it: its words as plain text, without the Markdown. */
export interface HelpDocument {
  kind: 'guide' | 'faq';
  categorySlug: string;
  categoryTitle: string;
  /** The guide's slug, or the question's id. */
  slug: string;
  title: string;
  subtitle: string;
  text: string;
}
export interface HelpLibrary {
  faqs: FaqCategory[];
  guides: (Omit<GuideCategory, 'guides' | 'visibleGuides' | 'totalGuides'> & { guides: Guide[] })[];
  /** Every guide, then every question, in the order the help center lists them. */
  documents: HelpDocument[];
}

/** `---` front matter of `key: value` lines, then the body. */
export function frontMatter(text: string): { meta: Record<string, string>; body: string } {
  const m = text.match(/^---\n([\s\S]*?)\n---\n?([\s\S]*)$/);
  if (!m) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: m[2]! };
}

/**
 * The words of a Markdown text as the reader sees them (link texts, not their addresses; quotes and
 * dashes as the typographer renders them), one space between words.
 */
export function plainText(markdown: string): string {
  const words: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.children) walk(token.children);
      else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'code_block' || token.type === 'fence') words.push(token.content);
      else if (token.type === 'softbreak' || token.type === 'hardbreak' || token.block) words.push(' ');
    }
  };
  walk(md.parse(markdown, {}));
  return words.join('').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** A FAQ file: `## Question` headings, each followed by its answer (Markdown). */
function faqsOf(categoryId: string, text: string) {
  return text
    .split(/^## /m)
    .slice(1)
    .map((block, i) => {
      const [question = '', ...rest] = block.split('\n');
      return { id: `${categoryId}-${i + 1}`, categoryId, question: question.trim(), markdown: rest.join('\n').trim() };
    });
}

/** Reads a language's library from its files; throws, naming the file, when one is missing or unreadable. */
export function loadHelpLibrary(lang: Language): HelpLibrary {
  const dir = path.join(HELP_ROOT, lang);
  const cats = JSON.parse(readFileSync(path.join(dir, 'categories.json'), 'utf8')) as {
    guides: { slug: string; title: string }[];
    faqs: { slug: string; title: string }[];
  }; // the repository's own file, checked by the help tests
  const faqs = cats.faqs.map((c) => ({
    id: c.slug,
    slug: c.slug,
    title: c.title,
    faqs: faqsOf(c.slug, readFileSync(path.join(dir, 'faqs', `${c.slug}.md`), 'utf8')),
  }));
  const guides = cats.guides.map((c) => {
    const folder = path.join(dir, 'guides', c.slug);
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.md'))
      .sort();
    return {
      id: c.slug,
      slug: c.slug,
      title: c.title,
      guides: files.map((f) => {
        const { meta, body } = frontMatter(readFileSync(path.join(folder, f), 'utf8'));
        const slug = f.replace(/^\d+-/, '').replace(/\.md$/, '');
        return { id: `${c.slug}/${slug}`, categoryId: c.slug, slug, title: meta.title ?? slug, subtitle: meta.subtitle ?? '', body };
      }),
    };
  });
  return {
    faqs: faqs.map((c) => ({ ...c, faqs: c.faqs.map(({ markdown, ...f }) => ({ ...f, answer: md.render(markdown) })) })),
    guides: guides.map((c) => ({ ...c, guides: c.guides.map(({ body, ...g }) => ({ ...g, content: md.render(body) })) })),
    documents: [
      ...guides.flatMap((c) =>
        c.guides.map((g) => ({
          kind: 'guide' as const,
          categorySlug: c.slug,
          categoryTitle: c.title,
          slug: g.slug,
          title: g.title,
          subtitle: g.subtitle,
          text: plainText(g.body),
        })),
      ),
      ...faqs.flatMap((c) =>
        c.faqs.map((f) => ({
          kind: 'faq' as const,
          categorySlug: c.slug,
          categoryTitle: c.title,
          slug: f.id,
          title: f.question,
          subtitle: '',
          text: plainText(f.markdown),
        })),
      ),
    ],
  };
}

const cache = new Map<Language, HelpLibrary>();
/**
 * The library of a language, read at its first request (English where a language lacks one). Not at
 * start: rendering every article of three languages took a second of a busy machine's start
 * (docs/architecture.md, "Budgets"), and test/help-content.test.ts reads every one of them.
 */
export function helpLibrary(lang: Language): HelpLibrary {
  const known = LANGUAGES.includes(lang) ? lang : 'en';
  let library = cache.get(known);
  if (!library) cache.set(known, (library = loadHelpLibrary(known)));
  return library;
}
