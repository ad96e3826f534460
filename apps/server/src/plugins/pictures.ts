import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.js';
import type { PictureQuery, PictureSigner } from '../lib/picture-urls.js';
import type { AuthService } from '../modules/auth/index.js';
import { bearerToken } from './auth.js';

/**
 * Every JSON answer to a signed-in user has the pictures' bare paths in it signed for that user
 * (lib/picture-urls.ts). Registered before the read cache's hooks, so a kept answer is kept signed,
 * under its reader's own key and the signing half hour (plugins/read-cache.ts).
 */
export function pictureHooks(app: FastifyInstance, signer: PictureSigner) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.auth || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return signer.signJson(payload, req.auth.user.id);
  });
}

/**
 * Who asks for a picture, for the routes that serve one: the viewer of a valid signed address (an
 * `<img>`), or the signed-in user of a bearer token (an API client). Anything else, an expired or
 * altered signature included, answers 404, as a picture that does not exist does: an address tells
 * no one that there is something behind it.
 */
export class PictureAccess {
  constructor(
    readonly signer: PictureSigner,
    private readonly auth: AuthService,
  ) {}

  /** The viewer and how long the answer may be kept; a 404 when the request proves no one. */
  async viewer(req: FastifyRequest, what: string): Promise<{ id: string; cacheControl: string }> {
    const path = req.url.split('?')[0]!;
    const signed = this.signer.viewer(path, req.query as PictureQuery);
    // Kept by the browser only while the address is valid, and by no shared cache.
    if (signed) return { id: signed.id, cacheControl: `private, max-age=${Math.max(0, signed.exp - Math.floor(Date.now() / 1000))}` };
    const token = bearerToken(req);
    if (token) {
      const found = await this.auth.sessions.authenticate(token).catch(() => undefined);
      if (found) return { id: found.user.id, cacheControl: 'private, no-cache' };
    }
    throw notFound(what);
  }

  /** Sends a picture's bytes. */
  send(reply: FastifyReply, picture: { mime: string; data: Buffer }, cacheControl: string) {
    return reply.header('content-type', picture.mime).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff').send(picture.data);
  }
}
