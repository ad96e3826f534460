import { Fragment } from 'react';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * The search's title (escaped HTML with the matches in <mark>) as pieces of text, each marked or
 * not: read, never rendered as HTML, so nothing in a title can become markup on the page.
 */
export function markedParts(html: string): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let last = 0;
  for (const m of html.matchAll(/<mark>(.*?)<\/mark>/g)) {
    if (m.index > last) parts.push({ text: unescape(html.slice(last, m.index)), mark: false });
    parts.push({ text: unescape(m[1]!), mark: true });
    last = m.index + m[0].length;
  }
  if (last < html.length) parts.push({ text: unescape(html.slice(last)), mark: false });
  return parts;
}

export function MarkedTitle({ html }: { html: string }) {
  return <>{markedParts(html).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}
