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
  ZMfaDisableBody,
  ZMfaEnableAtSignInBody,
  ZMfaEnableBody,
  ZMfaRecoveryCodes,
  ZMfaSetup,
  ZMfaSetupSignInResponse,
  ZMfaTokenBody,
  ZSignInAnswer,
  ZSignInMfaBody,
  ZUnlockSessionBody,
} from '@cuadre/contracts';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 429: ZApiError };
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
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers the session `{user, accessToken, tokenType}`. With two-step sign-in on, no session yet: `{mfaRequired: true, mfaToken}` ' +
          '(the token lives five minutes and is good for `/api/auth/sign-in/mfa` only). An administrator without two-step sign-in where ' +
          'REQUIRE_ADMIN_MFA is on gets `{mfaSetupRequired: true, mfaToken}`: set it up with `/api/auth/sign-in/mfa-setup` and ' +
          '`/api/auth/sign-in/mfa-enable`, which opens the session.',
        body: ZSignInBody,
        response: { 200: ZSignInAnswer, ...errors },
      },
    },
    (req) => auth.signIn(req.body, meta(req)),
  );
  r.post(
    '/api/auth/sign-in/mfa',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: "Sign-in's second step: the authenticator's code, or a recovery code",
        description:
          'Takes `{mfaToken, code}` (six digits, good one 30-second step either side, once) or `{mfaToken, recoveryCode}` (each works once). ' +
          'Wrong codes are throttled like passwords (429 RATE_LIMITED). 400 MFA_INVALID: the code is wrong or used, or the token has expired.',
        body: ZSignInMfaBody,
        response: { 200: ZSignInResponse, ...errors },
      },
    },
    (req) => auth.signInMfa(req.body, meta(req)),
  );
  r.post(
    '/api/auth/sign-in/mfa-setup',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: 'An administrator required to use two-step sign-in sets it up at sign-in: a new secret',
        description: 'With the `mfaToken` of a sign-in that answered `mfaSetupRequired`; answers as `/api/auth/mfa/setup` does.',
        body: ZMfaTokenBody,
        response: { 200: ZMfaSetup, ...errors },
      },
    },
    (req) => auth.setUpMfaAtSignIn(req.body.mfaToken),
  );
  r.post(
    '/api/auth/sign-in/mfa-enable',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: "The required set-up's end: a code of the new secret turns it on and signs in",
        description: 'Answers the session and `recoveryCodes`, the ten recovery codes, shown this once.',
        body: ZMfaEnableAtSignInBody,
        response: { 200: ZMfaSetupSignInResponse, ...errors },
      },
    },
    (req) => auth.enableMfaAtSignIn(req.body.mfaToken, req.body.code, meta(req)),
  );
  r.post(
    '/api/auth/unlock-session',
    {
      ...small,
      config: limited,
      schema: {
        tags,
        summary: 'Sign in again from the lock screen',
        description: 'With two-step sign-in on, `code` too: 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        body: ZUnlockSessionBody,
        response: { 200: ZSignInResponse, ...errors },
      },
    },
    (req) => auth.unlock(req.body, meta(req)),
  );
  r.post(
    '/api/auth/mfa/setup',
    {
      ...small,
      config: limited,
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Set up two-step sign-in: a new secret, its otpauth:// URL and a QR code (SVG)',
        description: 'Each call replaces the secret waiting for its first code; 409 CONFLICT when it is on already.',
        response: { 200: ZMfaSetup, ...errors },
      },
    },
    (req) => auth.mfa.setup(authOf(req).user),
  );
  r.post(
    '/api/auth/mfa/enable',
    {
      ...small,
      config: limited,
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with a code of the new secret; answers the ten recovery codes, shown once',
        body: ZMfaEnableBody,
        response: { 200: ZMfaRecoveryCodes, ...errors },
      },
    },
    async (req) => ({ recoveryCodes: await auth.mfa.enable(authOf(req).user, req.body.code, meta(req)) }),
  );
  r.post(
    '/api/auth/mfa/disable',
    {
      ...small,
      config: limited,
      onRequest: guards.requireUser,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off, with the password and a code',
        body: ZMfaDisableBody,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      const a = authOf(req);
      if (!a.user.mfaEnabledAt) return true;
      await auth.passwords.confirm(a, req.body.password, meta(req), 'password', req.body.code);
      await auth.mfa.disable(a.user);
      return true as const;
    },
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
      schema: {
        tags,
        summary: 'Change the password; every other session ends',
        description: 'With two-step sign-in on, `code` too: 403 MFA_REQUIRED without it, 400 MFA_INVALID when wrong or used.',
        body: ZChangePasswordBody,
        response: { 200: ZOk, ...errors },
      },
    },
    (req) => auth.passwords.change(authOf(req), req.body.currentPassword, req.body.newPassword, meta(req), req.body.code),
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
