import { SignJWT, decodeJwt } from 'jose';
import { TEST_JWT_SECRET } from './app.js';

export interface Claims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

export const claimsOf = (token: string) => decodeJwt(token) as unknown as Claims;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token the test signs itself. With the test secret and a live session it is as good as the
 * server's own, which is what makes the variants below (expired, other secret) meaningful.
 */
export async function signToken(claims: { sub: string; sid: string }, opts: { secret?: string; iat?: number; exp?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(opts.iat ?? now)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
}

/** The same claims with `alg: none` and no signature. */
export function unsignedToken(claims: { sub: string; sid: string }): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sid: claims.sid, sub: claims.sub, iat: now, exp: now + 3600 })}.`;
}

/** A real token whose payload was edited after signing (the signature no longer matches). */
export function tamperedToken(token: string, edit: (payload: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
  edit(claims);
  return `${header}.${b64url(claims)}.${signature}`;
}
