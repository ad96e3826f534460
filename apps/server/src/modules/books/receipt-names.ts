import path from 'node:path';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' };

/** The name a receipt is shown and downloaded under: the client's base name, without control characters, ending as its type does. */
export function cleanFileName(name: string, mime: string): string {
  let base = path
    .basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 150);
  if (!base) base = 'receipt';
  const ext = EXTENSIONS[mime]!;
  if (!base.toLowerCase().endsWith(ext) && !(mime === 'image/jpeg' && base.toLowerCase().endsWith('.jpeg'))) base += ext;
  return base;
}
