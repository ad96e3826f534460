import type { FastifyInstance } from 'fastify';
import type { AreaOptions } from '../core.js';
import { authRoutes } from './auth.routes.js';

export { AuthService } from './auth.service.js';
export type { Authenticated, ClientMeta, Sessions } from './sessions.js';

/** Sign-up to sign-out, mail links, sessions (the session service itself is the core's: every guard uses it). */
export default async function authArea(app: FastifyInstance, { core }: AreaOptions) {
  authRoutes(app, core.auth, core.guards, core.config.rateLimits.authIpPerMinute);
}
