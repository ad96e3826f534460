import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** However often a token is renewed, a session ends this long after the password was given. */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** HS256 JWTs that name a session row; the row, not the token, decides whether it still counts. */
export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * `expiresAt`: the session's end, so the token never outlives it; seven days from now otherwise.
   * `issuedAt`: when the session's end was counted from (taken from the clock again here, a second
   * could pass between the two and the token would say it lives a second less than its session).
   */
  sign(claims: AccessClaims, expiresAt?: Date, issuedAt?: Date): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(issuedAt ? Math.floor(issuedAt.getTime() / 1000) : undefined)
      .setExpirationTime(expiresAt ? Math.floor(expiresAt.getTime() / 1000) : `${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** Null for anything but a well-formed, unexpired HS256 token signed with our key. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      // Ids that are not UUIDs would reach the database as a type error (a 500); they are simply not ours.
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !UUID.test(payload.sub) || !UUID.test(payload.sid)) return null;
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      return null;
    }
  }
}

/** A random single-use token for a mail link, and the hash we keep of it. */
export function newMailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashMailToken(token) };
}
export const hashMailToken = (token: string) => createHash('sha256').update(token).digest('hex');
