import {
  ZOk,
  ZSignInAnswer,
  ZSignInResponse,
  type EmailBody,
  type ResetPasswordBody,
  type SignInBody,
  type SignInResponse,
  type SignUpBody,
  type UnlockSessionBody,
} from '@cuadre/contracts';
import { api } from '@/lib/api';
import { session } from '@/lib/session';
import { chosenLanguage } from '@/i18n/chosen';

/** The auth calls (docs/product.md, "The shell's calls"), each answer parsed with its contract. */
export const authApi = {
  signUp: (body: SignUpBody) => api('auth/sign-up', { method: 'POST', body, schema: ZOk }),
  // A language chosen on this device before signing in becomes the account's.
  // With two-step sign-in on, the answer is `{ mfaRequired, mfaToken }` and the code comes next (mfa/mfa-api.ts).
  signIn: (body: SignInBody) => api('auth/sign-in', { method: 'POST', body: { ...body, language: chosenLanguage() }, schema: ZSignInAnswer }),
  unlockSession: (body: UnlockSessionBody) => api('auth/unlock-session', { method: 'POST', body, schema: ZSignInResponse }),
  confirmEmail: (token: string) => api('auth/confirm-email', { method: 'POST', body: { token }, schema: ZSignInResponse }),
  resendConfirmation: (body: EmailBody) => api('auth/resend-confirmation', { method: 'POST', body, schema: ZOk }),
  forgotPassword: (body: EmailBody) => api('auth/forgot-password', { method: 'POST', body, schema: ZOk }),
  resetPassword: (body: ResetPasswordBody) => api('auth/reset-password', { method: 'POST', body, schema: ZOk }),
  signOut: () => api('auth/sign-out', { method: 'POST', schema: ZOk }),
};

/**
 * Starts a session from a sign-in answer: the token for every later call, the user for the shell without a
 * refetch (handed over to the shell's check, app/guards.ts: the query client is not loaded with sign-in).
 */
export function startSession({ accessToken, user }: SignInResponse) {
  session.set(accessToken);
  session.handOver(user);
}

/**
 * Runs a single-use call (a mail link's token) at most once per page load. React's StrictMode runs
 * effects twice in development, and a second call of a consumed token would fail and hide the
 * first call's success, so both runs share one promise.
 */
const onceCalls = new Map<string, Promise<unknown>>();
export function callOnce<T>(key: string, call: () => Promise<T>): Promise<T> {
  let p = onceCalls.get(key) as Promise<T> | undefined;
  if (!p) {
    p = call();
    onceCalls.set(key, p);
  }
  return p;
}
/** Lets a call that failed before reaching the server (no connection) be tried again. */
export const forgetCall = (key: string) => onceCalls.delete(key);
