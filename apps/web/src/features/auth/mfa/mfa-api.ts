import { ZMfaSetup, ZMfaSetupSignInResponse, ZSignInResponse, type SignInMfaBody } from '@cuadre/contracts';
import { api } from '@/lib/api';

/**
 * The sign-in's second step and an administrator's required set-up: apart from auth-api.ts, so
 * that the sign-in page's first load does not carry them (they load with the step's chunk).
 */
export const mfaApi = {
  signInMfa: (body: SignInMfaBody) => api('auth/sign-in/mfa', { method: 'POST', body, schema: ZSignInResponse }),
  setUpMfaAtSignIn: (mfaToken: string) => api('auth/sign-in/mfa-setup', { method: 'POST', body: { mfaToken }, schema: ZMfaSetup }),
  enableMfaAtSignIn: (mfaToken: string, code: string) =>
    api('auth/sign-in/mfa-enable', { method: 'POST', body: { mfaToken, code }, schema: ZMfaSetupSignInResponse }),
};
