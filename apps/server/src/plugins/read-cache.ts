import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESSION_THRESHOLD, compressSync } from '../lib/compression.js';
import { headerLanguage } from '../lib/language.js';
import { pictureBucket } from '../lib/picture-urls.js';
import type { CachedAnswer, ReadCache } from '../lib/read-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers are kept per owner until their books change (GET only; see lib/read-cache). */
    readCache?: boolean;
  }
  interface FastifyRequest {
    readCacheSlot: { key: string; version: string } | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The route config that turns the cache on for a list or report read. */
export const cachedRead = { config: { readCache: true } } as const;

/**
 * The read cache's hooks, for every route: a marked read is answered from the cache when its
 * owner's books have not changed since, and kept otherwise; any other request of a signed-in user
 * moves their version on before its answer goes out (an administrator's, everyone's).
 * They run after the route's guard (its onRequest), so only a caller it let through is served.
 */
export function readCacheHooks(app: FastifyInstance, cache: ReadCache) {
  app.decorateRequest('readCacheSlot', null);

  // preValidation: after the route's guard, before its query is validated: a kept answer was kept for
  // this very address, which passed validation when it was first answered.
  app.addHook('preValidation', async (req, reply) => {
    if (!req.routeOptions.config.readCache || req.method !== 'GET' || !req.auth || !cache.enabled) return;
    const { user } = req.auth;
    const version = await cache.version(user.id);
    if (version === undefined) return;
    // The owner first (their answers are dropped by prefix), then what else the answer may depend on:
    // the pictures' addresses in it are signed for this reader until the end of the next half hour, so
    // an answer is kept within one signing half hour only and never outlives its signatures.
    const key = `${user.id}|${pictureBucket()}|${user.preferences.language ?? ''}|${headerLanguage(req) ?? ''}|${req.headers['accept-language'] ?? ''}|${req.url}`;
    const hit = cache.get(key, version) ?? (await cache.share(key, version));
    if (hit) {
      reply.header('x-read-cache', 'hit').type(hit.contentType);
      const encoding = hit.payload.length >= COMPRESSION_THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
      if (!encoding) return reply.send(hit.payload);
      // Compressed here, once per answer and encoding: @fastify/compress leaves an encoded answer alone.
      const vary = reply.getHeader('vary');
      return reply
        .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
        .header('content-encoding', encoding)
        .send(cache.compressed(key, hit, encoding, (payload) => compressSync(encoding, payload)));
    }
    // This request answers; the same read arriving meanwhile waits for it (`share`), and is let go
    // in onSend, or when this one ends without an answer to keep (an error, a closed connection).
    req.readCacheSlot = { key, version };
  });

  const release = async (req: FastifyRequest) => {
    const slot = req.readCacheSlot;
    if (slot) cache.settle(slot.key, slot.version, undefined);
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    const slot = req.readCacheSlot;
    if (slot) {
      let answer: CachedAnswer | undefined;
      if (reply.statusCode === 200 && typeof payload === 'string') {
        // The kept entry itself goes to the waiters, so the compressed copies they make are kept with it.
        answer = cache.set(slot.key, slot.version, {
          payload: Buffer.from(payload),
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        });
      }
      cache.settle(slot.key, slot.version, answer);
    } else if (!READS.has(req.method) && req.auth) {
      if (req.auth.user.role === 'admin') await cache.changedForAll();
      else await cache.changed(req.auth.user.id);
    }
    return payload;
  });
}
