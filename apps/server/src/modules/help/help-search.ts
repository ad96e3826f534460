import type { HelpSearchResults } from '@cuadre/contracts';
import type { HelpDocument, HelpLibrary } from './help-content.js';

/** Characters of context kept before the first match, and of the excerpt in all. */
const BEFORE = 60;
const LENGTH = 200;

/**
 * One character as the search compares it: without accents and in lower case, so "deduccion" finds
 * "deducción" and "ISTANBUL" finds "İstanbul"; the Turkish dotless ı counts as i, as a reader typing
 * without a Turkish keyboard means it.
 */
const foldChar = (ch: string) => ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i');

/** A text folded character by character, with where each folded character came from in the text. */
function folded(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    out += f;
    for (let k = 0; k < f.length; k++) from.push(i);
    i += ch.length;
  }
  return { text: out, from };
}

export const queryWords = (query: string) => [...new Set(folded(query.normalize('NFC')).text.split(/\s+/).filter(Boolean))];

/**
 * A short stretch of `text` around `at` (an index in it), cut at spaces, with an ellipsis where it
 * was cut; the start of the text when `at` is undefined (the words matched only the title).
 */
function excerptAt(text: string, at: number | undefined): string {
  if (text.length <= LENGTH) return text;
  let start = Math.max(0, (at ?? 0) - BEFORE);
  let end = Math.min(text.length, start + LENGTH);
  start = Math.max(0, end - LENGTH);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < (at ?? start)) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + BEFORE) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

interface Hit {
  doc: HelpDocument;
  inTitle: boolean;
  excerpt: string;
}

/** Each document folded once, the first time a search reads it (the library never changes while the server runs). */
const foldedDocs = new WeakMap<HelpDocument, { title: string; body: ReturnType<typeof folded> }>();
function foldedDoc(doc: HelpDocument) {
  let f = foldedDocs.get(doc);
  if (!f) foldedDocs.set(doc, (f = { title: folded(`${doc.title} ${doc.subtitle}`).text, body: folded(doc.text) }));
  return f;
}

function match(doc: HelpDocument, words: string[]): Hit | undefined {
  const { title, body } = foldedDoc(doc);
  if (!words.every((w) => title.includes(w) || body.text.includes(w))) return undefined;
  const first = Math.min(...words.map((w) => body.text.indexOf(w)).filter((i) => i >= 0));
  return {
    doc,
    inTitle: words.every((w) => title.includes(w)),
    excerpt: excerptAt(doc.text, Number.isFinite(first) ? body.from[first] : undefined),
  };
}

/**
 * The guides and questions whose title, subtitle or text hold every word of the query, ignoring
 * case and accents. Those whose title holds every word come first; otherwise the help center's own
 * order is kept.
 */
export function searchHelp(library: HelpLibrary, query: string): HelpSearchResults {
  const words = queryWords(query);
  if (!words.length) return { guides: [], faqs: [] };
  const hits = library.documents.map((d) => match(d, words)).filter((h): h is Hit => !!h);
  hits.sort((a, b) => Number(b.inTitle) - Number(a.inTitle));
  return {
    guides: hits
      .filter((h) => h.doc.kind === 'guide')
      .map(({ doc, excerpt }) => ({
        categorySlug: doc.categorySlug,
        categoryTitle: doc.categoryTitle,
        slug: doc.slug,
        title: doc.title,
        subtitle: doc.subtitle,
        excerpt,
      })),
    faqs: hits
      .filter((h) => h.doc.kind === 'faq')
      .map(({ doc, excerpt }) => ({ id: doc.slug, categorySlug: doc.categorySlug, categoryTitle: doc.categoryTitle, question: doc.title, excerpt })),
  };
}
