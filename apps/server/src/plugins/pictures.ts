import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.js';
import type { PictureQuery, PictureSigner } from '../lib/picture-urls.js';
import type { AuthService } from '../modules/auth/index.js';
import { bearerToken } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whom the answer's pictures are signed for: the signed-in user, or the one a session answer just started. */
    pictureReader: string | null;
  }
}

/**
 * Every JSON answer to a signed-in user has the pictures' bare paths in it signed for that user
 * (lib/picture-urls.ts); so has an answer that starts a session (`{ user, accessToken }`: signing in,
 * a second step, unlocking, a confirmed address), for the user it was just issued to, since the web
 * app shows that user without reading them again. Registered before the read cache's hooks, so a
 * kept answer is kept signed, under its reader's own key and the signing half hour (plugins/read-cache.ts).
 */
export function pictureHooks(app: FastifyInstance, signer: PictureSigner) {
  app.decorateRequest('pictureReader', null);
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (req.auth) req.pictureReader = req.auth.user.id;
    else if (isSessionAnswer(payload)) req.pictureReader = payload.user.id;
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const reader = req.auth?.user.id ?? req.pictureReader;
    if (!reader || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    return signer.signJson(payload, reader);
  });
}

const isSessionAnswer = (payload: unknown): payload is { user: { id: string }; accessToken: string } => {
  const p = payload as { user?: { id?: unknown }; accessToken?: unknown } | null;
  return typeof p === 'object' && p !== null && typeof p.accessToken === 'string' && typeof p.user?.id === 'string';
};

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
    if (signed) return { id: signed.id, cacheControl: `private, max-age=${Math.max(0, signed.exp - Math.ceil(Date.now() / 1000))}` };
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
