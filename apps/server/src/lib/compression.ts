import zlib from 'node:zlib';

/**
 * How answers are compressed, in one place for the two paths that do it: @fastify/compress for
 * answers made by a route, and the read cache for the answers it keeps (which it compresses once).
 */

export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * An answer made for one request (every read that reaches the database, ADR 013): brotli at quality
 * 1 and gzip at level 1, a third of quality 4's CPU for a month's page (0.06 against 0.2 ms) and about
 * 650 bytes more on its 30 KB (3.0 against 2.3 KB): nothing a phone notices, a tenth of the server's
 * work per uncached answer.
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: 1 };
/**
 * Answers in memory up to this size are compressed in one synchronous call, not through a zlib stream
 * (@fastify/compress's `syncThreshold`; its default on two cores is 8 KB, below a month's 30 KB page).
 * At quality 1 a 256 KB answer takes well under a millisecond, less than the stream's own setup and
 * scheduling cost per answer: the HTTP floor (bench/http-floor.ts) measured 0.3–0.45 ms of server CPU
 * saved on each 50-row page (issue 31). Larger answers and streams (downloads, exports) keep the stream.
 */
export const SYNC_COMPRESSION_LIMIT = 256 * 1024;
/** An answer the read cache keeps (ADR 009) is compressed once and sent many times: brotli quality 4, gzip's default. */
const KEPT_BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const ENCODINGS: ContentEncoding[] = ['br', 'gzip'];
/** @fastify/compress's options: the server's, and the HTTP floor bench's, which must compress as the server does. */
export const COMPRESS_OPTIONS = {
  global: true,
  threshold: COMPRESSION_THRESHOLD,
  encodings: ENCODINGS,
  brotliOptions: BROTLI_OPTIONS,
  zlibOptions: GZIP_OPTIONS,
  syncThreshold: SYNC_COMPRESSION_LIMIT,
};

/** A kept answer, compressed once (the read cache). */
export function compressSync(encoding: ContentEncoding, payload: Buffer): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(payload, KEPT_BROTLI_OPTIONS) : zlib.gzipSync(payload);
}

/**
 * The encoding to answer in, given the request's Accept-Encoding: brotli, then gzip, among those the
 * client accepts (a `q=0` refuses one, `*` accepts any); undefined for none.
 */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const wildcard = q.get('*');
  return ENCODINGS.find((e) => (q.get(e) ?? wildcard ?? 0) > 0);
}
