import { Fragment } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The pieces of an activity's description: plain text, and the parts the server put in `<strong>`. */
export function descriptionParts(html: string): { text: string; strong: boolean }[] {
  const parts: { text: string; strong: boolean }[] = [];
  let strong = false;
  for (const piece of html.split(/(<strong>|<\/strong>)/)) {
    if (piece === '<strong>') strong = true;
    else if (piece === '</strong>') strong = false;
    else if (piece) parts.push({ text: unescape(piece.replace(/<[^>]*>/g, '')), strong });
  }
  return parts;
}

/**
 * An activity's description without ever setting HTML: the server's only markup, `<strong>`, becomes
 * bold; any other tag is dropped and the text is shown as text, so nothing in it can run.
 */
export function ActivityText({ html }: { html: string }) {
  return <>{descriptionParts(html).map((p, i) => (p.strong ? <strong key={i}>{p.text}</strong> : <Fragment key={i}>{p.text}</Fragment>))}</>;
}
