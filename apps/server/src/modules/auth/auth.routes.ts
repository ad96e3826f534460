import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError, ZChangePasswordBody, ZEmailBody, ZOk, ZResetPasswordBody, ZSessionList, ZSignInBody,
  ZSignInResponse, ZSignInWithTokenBody, ZSignUpBody, ZTokenBody, ZIdParam,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 429: ZApiError };

export function authRoutes(app: FastifyInstance, auth: AuthService, guards: Guards, ipLimit: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per client address: generous, so an office behind one address is never blocked in normal use.
  const limited = { rateLimit: { max: ipLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];

  r.post('/api/auth/sign-up', { config: limited, schema: { tags, body: ZSignUpBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.signUp(req.body),
  );
  r.post('/api/auth/confirm-email', { config: limited, schema: { tags, body: ZTokenBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.confirmEmail(req.body.token),
  );
  r.post('/api/auth/resend-confirmation', { config: limited, schema: { tags, body: ZEmailBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.resendConfirmation(req.body.email),
  );
  r.post('/api/auth/sign-in', { config: limited, schema: { tags, body: ZSignInBody, response: { 200: ZSignInResponse, ...errors } } }, (req) =>
    auth.signIn(req.body.email, req.body.password, meta(req)),
  );
  r.post('/api/auth/unlock-session', { config: limited, schema: { tags, body: ZSignInBody, response: { 200: ZSignInResponse, ...errors } } }, (req) =>
    auth.signIn(req.body.email, req.body.password, meta(req)),
  );
  r.post('/api/auth/sign-in-with-token', { config: limited, schema: { tags, body: ZSignInWithTokenBody, response: { 200: ZSignInResponse, ...errors } } }, (req) =>
    auth.signInWithToken(req.body.accessToken),
  );
  r.post('/api/auth/forgot-password', { config: limited, schema: { tags, body: ZEmailBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.forgotPassword(req.body.email),
  );
  r.post('/api/auth/reset-password', { config: limited, schema: { tags, body: ZResetPasswordBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.resetPassword(req.body.token, req.body.password),
  );
  r.post('/api/auth/sign-out', { onRequest: guards.requireUser, schema: { tags, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.signOut(authOf(req)),
  );
  r.post('/api/auth/change-password', { config: limited, onRequest: guards.requireUser, schema: { tags, body: ZChangePasswordBody, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.changePassword(authOf(req), req.body.currentPassword, req.body.newPassword),
  );
  r.get('/api/auth/sessions', { onRequest: guards.requireUser, schema: { tags, response: { 200: ZSessionList, ...errors } } }, (req) =>
    auth.listSessions(authOf(req)),
  );
  r.delete('/api/auth/sessions/:id', { onRequest: guards.requireUser, schema: { tags, params: ZIdParam, response: { 200: ZOk, ...errors } } }, (req) =>
    auth.endSession(authOf(req), req.params.id),
  );
}
