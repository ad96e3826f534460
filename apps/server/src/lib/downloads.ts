import type { FastifyReply } from 'fastify';

export interface StoredFile {
  name: string;
  mime: string;
  size: number;
  stream: unknown;
}

/**
 * A stored file's bytes to the one allowed to read them: its stored type, never sniffed, never
 * cached, sandboxed should a browser open it; shown in place unless `download` is '1' or 'true'.
 * The name goes as ASCII and as UTF-8 (RFC 6266).
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, download: string | undefined) {
  const attach = download === '1' || download === 'true';
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('content-disposition', `${attach ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.stream); // a file stream; the route's schemas describe only the JSON errors
}
