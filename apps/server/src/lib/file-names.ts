import path from 'node:path';

/**
 * The base name of a file a client sent (its folders dropped, either slash), without control
 * characters or double quotes (they would break a Content-Disposition header or a listing), trimmed
 * and at most `max` characters; '' when nothing is left. Receipts and documents are named by it.
 */
export function safeBaseName(name: string, max: number): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  let kept = '';
  for (const c of base) {
    const code = c.codePointAt(0)!;
    if (code >= 0x20 && code !== 0x7f && c !== '"') kept += c;
  }
  return kept.trim().slice(0, max);
}
