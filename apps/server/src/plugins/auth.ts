import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, planRequired, unauthorized } from '../lib/errors.js';
import { headerLanguage } from '../lib/language.js';
import type { Authenticated, AuthService } from '../modules/auth/index.js';
import { keepsBooks } from '../modules/users/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Guards for routes: `requireUser` resolves the bearer token to a live session or answers 401;
 * `requireAdmin` also answers 403 to anyone but an administrator.
 */
export function authGuards(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('auth', null);
  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Sign in to continue');
    const found = await auth.sessions.authenticate(token);
    // A copy: the session cache hands the same object to every request of the session.
    const language = headerLanguage(request);
    request.auth = language ? { ...found, language } : found;
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await requireUser(request);
    if (request.auth!.user.role !== 'admin') throw forbidden('Administrators only');
  };
  /**
   * The books: an owner on a paid plan or in the trial of one, or an administrator; a free-plan owner
   * (a trial that has ended included) gets 403 PLAN_REQUIRED. Decided at each request, so a trial
   * ends at its instant whatever a cache holds.
   */
  const requireBooks = async (request: FastifyRequest) => {
    await requireUser(request);
    if (!keepsBooks(request.auth!.user)) throw planRequired();
  };
  return { requireUser, requireAdmin, requireBooks };
}

export type Guards = ReturnType<typeof authGuards>;

/** The authenticated user of a guarded route. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
