/**
 * A contact's notes are HTML (sanitised by the server). The form edits them as plain text and the
 * pages show them as text: no note is ever put into the page as markup.
 */

/** The notes' text: block elements and <br> become line breaks; every tag is dropped (parsed inertly). */
export function notesToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h[1-6]|blockquote|pre)>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text typed in the form as HTML: one paragraph per line, every character escaped. */
export function textToNotes(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  return lines.some(Boolean) ? lines.map((l) => (l ? `<p>${escape(l)}</p>` : '')).join('') : '';
}
