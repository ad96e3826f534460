import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses for the pictures an `<img>` shows (docs/product.md "Pictures"): a user's avatar,
 * a contact's avatar, a product's uploaded image and a note's image. An `<img>` sends no bearer
 * token, so the address itself carries the proof: the viewer it was handed to, an expiry, and an
 * HMAC-SHA-256 over the path, the viewer and the expiry under a key derived from JWT_SECRET (HKDF,
 * so the raw secret signs nothing but tokens). Without a valid one a picture answers 404.
 *
 * Rows keep the bare path (`/api/avatars/<id>?v=3`, `/api/apps/contacts/avatars/<owner>/<file>`…);
 * each JSON answer to a signed-in reader has its bare paths signed for that reader on the way out
 * (`plugins/pictures.ts`), so no service needs to know who reads it, and what the reader may see
 * is what the answers already show them. The route that serves the bytes checks again who may see
 * the picture (its owner; for a user's avatar, the people who can see that user).
 *
 * The expiry is the end of the half hour after the next one begins, so an address stays the same for
 * half an hour (a list read again gives the same addresses and the browser's cache answers) and is
 * valid for 30 to 60 minutes from when it was handed out.
 */
export const PICTURE_BUCKET_MS = 30 * 60 * 1000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATH = `/api/(?:avatars/${UUID}|apps/(?:contacts/avatars|ecommerce/inventory/images|notes/images)/${UUID}/${UUID})`;
/** A whole JSON string that is a picture's bare path (a user's avatar keeps its `?v=` version). */
const IN_JSON = new RegExp(`"(${PATH})(\\?v=\\d+)?"`, 'g');
/** A picture's address as a client may send it back (a product's images): the bare path, signed or not. */
const ADDRESS = new RegExp(`^(${PATH})(\\?\\S*)?$`);

/** The signing half hour `now` falls in (the read cache keeps answers per half hour: see plugins/read-cache). */
export const pictureBucket = (now = Date.now()) => Math.floor(now / PICTURE_BUCKET_MS);

/** A picture's address without any signature (what is stored); other addresses stay as they are. */
export function barePictureUrl(url: string): string {
  const m = ADDRESS.exec(url);
  if (!m) return url;
  // A user's avatar keeps its version, which is part of what is stored; nothing else is.
  const version = m[1]!.startsWith('/api/avatars/') ? /[?&](v=\d+)/.exec(m[2] ?? '')?.[1] : undefined;
  return version ? `${m[1]}?${version}` : m[1]!;
}

export interface PictureQuery {
  u?: string;
  exp?: string;
  sig?: string;
}

export class PictureSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'cuadre', 'picture-url v1', 32));
  }

  /** When an address handed out at `now` expires, in seconds since the epoch. */
  expiry(now = Date.now()): number {
    return ((pictureBucket(now) + 2) * PICTURE_BUCKET_MS) / 1000;
  }

  private mac(path: string, viewer: string, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${path}\n${viewer}\n${exp}`).digest();
  }

  /** The address of `path` for `viewer` (`query` is the bare address's own, a user's avatar's `?v=…`). */
  url(path: string, viewer: string, now = Date.now(), query = ''): string {
    const exp = this.expiry(now);
    const sig = this.mac(path, viewer, exp).toString('base64url');
    return `${path}${query ? `${query}&` : '?'}u=${viewer}&exp=${exp}&sig=${sig}`;
  }

  /** A JSON answer with every picture's bare path in it signed for `viewer`. */
  signJson(json: string, viewer: string, now = Date.now()): string {
    if (!json.includes('"/api/')) return json;
    return json.replace(IN_JSON, (_all, path: string, query: string | undefined) => `"${this.url(path, viewer, now, query)}"`);
  }

  /**
   * The viewer an address was signed for, when its signature is this server's, for this path, and
   * its expiry has not passed (nor lies further ahead than any address handed out now); otherwise
   * undefined. The caller still checks that this viewer may see the picture.
   */
  viewer(path: string, q: PictureQuery, now = Date.now()): { id: string; exp: number } | undefined {
    const { u, exp, sig } = q;
    if (!u || !exp || !sig || !/^\d{1,12}$/.test(exp) || !new RegExp(`^${UUID}$`).test(u)) return undefined;
    const expires = Number(exp);
    if (expires * 1000 <= now || expires > this.expiry(now)) return undefined;
    const given = Buffer.from(sig, 'base64url');
    const wanted = this.mac(path, u, expires);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
    return { id: u, exp: expires };
  }
}
