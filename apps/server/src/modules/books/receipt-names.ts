import { safeBaseName } from '../../lib/file-names.js';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' };

/** The name a receipt is shown and downloaded under: the client's base name, without control characters, ending as its type does. */
export function cleanFileName(name: string, mime: string): string {
  let base = safeBaseName(name, 150) || 'receipt';
  const ext = EXTENSIONS[mime]!;
  if (!base.toLowerCase().endsWith(ext) && !(mime === 'image/jpeg' && base.toLowerCase().endsWith('.jpeg'))) base += ext;
  return base;
}
