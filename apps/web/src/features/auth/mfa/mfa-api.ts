import { ZSignInResponse, type SignInMfaBody } from '@cuadre/contracts';
import { api } from '@/lib/api';

/**
 * The sign-in's second step, apart from auth-api.ts so the sign-in page's first load does not carry
 * it (an administrator's required set-up has its calls in setup-step.tsx, loaded only for it).
 */
export const signInMfa = (body: SignInMfaBody) => api('auth/sign-in/mfa', { method: 'POST', body, schema: ZSignInResponse });
