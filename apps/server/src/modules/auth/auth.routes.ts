import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZChangePasswordBody,
  ZEmailBody,
  ZOk,
  ZResetPasswordBody,
  ZSessionList,
  ZSignInBody,
  ZSignInResponse,
  ZSignInWithTokenBody,
  ZSignUpBody,
  ZTokenBody,
  ZIdParam,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 413: ZApiError, 429: ZApiError };
export const AUTH_BODY_LIMIT = 16 * 1024;

export function authRoutes(app: FastifyInstance, auth: AuthService, guards: Guards, ipLimit: number) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per client address: generous, so an office behind one address is never blocked in normal use.
  const limited = { rateLimit: { max: ipLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];
  // No auth body needs more than a few hundred bytes; a small limit keeps an unauthenticated caller
  // from making the server parse a megabyte.
  const small = { bodyLimit: AUTH_BODY_LIMIT };

  r.post(
    '/api/auth/sign-up',
    {
      ...small,
      config: limited,
      schema: { tags, summary: 'Create an account and mail its confirmation link', body: ZSignUpBody, response: { 200: ZOk, ...errors } },
    },
    (req) => auth.signUp(req.body),
  );
  r.post(
    '/api/auth/confirm-email',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: 'Confirm an email address with the mailed link, and sign its owner in',
        body: ZTokenBody,
        response: { 200: ZSignInResponse, ...errors },
      },
    },
    (req) => auth.confirmEmail(req.body.token, meta(req)),
  );
  r.post(
    '/api/auth/resend-confirmation',
    { ...small, config: limited, schema: { tags, summary: 'Mail the confirmation link again', body: ZEmailBody, response: { 200: ZOk, ...errors } } },
    (req) => auth.resendConfirmation(req.body.email),
  );
  r.post(
    '/api/auth/sign-in',
    {
      ...small,
      config: limited,
      schema: { tags, summary: 'Sign in with email and password', body: ZSignInBody, response: { 200: ZSignInResponse, ...errors } },
    },
    (req) => auth.signIn(req.body, meta(req)),
  );
  r.post(
    '/api/auth/unlock-session',
    {
      ...small,
      config: limited,
      schema: { tags, summary: 'Sign in again from the lock screen', body: ZSignInBody, response: { 200: ZSignInResponse, ...errors } },
    },
    (req) => auth.signIn(req.body, meta(req)),
  );
  r.post(
    '/api/auth/sign-in-with-token',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: 'Renew a token: a new session replaces the old one, within 30 days of the sign-in',
        body: ZSignInWithTokenBody,
        response: { 200: ZSignInResponse, ...errors },
      },
    },
    (req) => auth.sessions.renew(req.body.accessToken, meta(req)),
  );
  r.post(
    '/api/auth/forgot-password',
    { ...small, config: limited, schema: { tags, summary: 'Mail a password reset link', body: ZEmailBody, response: { 200: ZOk, ...errors } } },
    (req) => auth.forgotPassword(req.body.email),
  );
  r.post(
    '/api/auth/reset-password',
    {
      ...small,
      config: limited,
      schema: { tags, summary: 'Choose a new password with the mailed link', body: ZResetPasswordBody, response: { 200: ZOk, ...errors } },
    },
    (req) => auth.passwords.reset(req.body.token, req.body.password),
  );
  r.post(
    '/api/auth/sign-out',
    { ...small, onRequest: guards.requireUser, schema: { tags, summary: 'End this session', response: { 200: ZOk, ...errors } } },
    (req) => auth.sessions.signOut(authOf(req)),
  );
  r.post(
    '/api/auth/change-password',
    {
      ...small,
      config: limited,
      onRequest: guards.requireUser,
      schema: { tags, summary: 'Change the password; every other session ends', body: ZChangePasswordBody, response: { 200: ZOk, ...errors } },
    },
    (req) => auth.passwords.change(authOf(req), req.body.currentPassword, req.body.newPassword, meta(req)),
  );
  r.get(
    '/api/auth/sessions',
    { onRequest: guards.requireUser, schema: { tags, summary: 'The live sessions of the signed-in user', response: { 200: ZSessionList, ...errors } } },
    (req) => auth.sessions.list(authOf(req)),
  );
  r.delete(
    '/api/auth/sessions/:id',
    { onRequest: guards.requireUser, schema: { tags, summary: 'End one session of the signed-in user', params: ZIdParam, response: { 200: ZOk, ...errors } } },
    (req) => auth.sessions.end(authOf(req), req.params.id),
  );
}
