import { z } from 'zod/mini';
import { text } from '../common/text.js';
import { ZAnyPassword, ZNewPassword, ZSignInBody, ZSignInResponse } from './auth.js';

/*
 * Two-step sign-in's set-up and second step, and the bodies that take its code: a module apart from
 * auth.ts, so the sign-in page's first load does not carry it.
 */

/** A six-digit code from the authenticator app (spaces a paste brings are dropped). */
export const ZMfaCode = z.string().check(
  z.maxLength(20),
  z.overwrite((v) => v.replace(/\s+/g, '')),
  z.regex(/^\d{6}$/, 'Enter the six-digit code'),
);

export const ZChangePasswordBody = z.object({ currentPassword: ZAnyPassword, newPassword: ZNewPassword, code: z.optional(ZMfaCode) });
export type ChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** Unlocking a session: the password, and the code when two-step sign-in is on. */
export const ZUnlockSessionBody = z.extend(ZSignInBody, { code: z.optional(ZMfaCode) });
export type UnlockSessionBody = z.infer<typeof ZUnlockSessionBody>;

/** A recovery code as shown (`xxxxx-xxxxx`); case, spaces and dashes are forgiven. */
export const ZRecoveryCode = z.string().check(
  z.maxLength(40),
  z.overwrite((v) => v.replace(/[\s-]+/g, '').toLowerCase()),
  z.regex(/^[0-9a-z]{10}$/, 'Enter a recovery code'),
);
/** The short-lived token of the sign-in's second step (a few hundred characters). */
const ZMfaToken = text(2048, z.minLength(1));

/** The second step: the code of the app, or one of the recovery codes. */
export const ZSignInMfaBody = z.union([z.object({ mfaToken: ZMfaToken, code: ZMfaCode }), z.object({ mfaToken: ZMfaToken, recoveryCode: ZRecoveryCode })]);
export type SignInMfaBody = z.infer<typeof ZSignInMfaBody>;
export const ZMfaTokenBody = z.object({ mfaToken: ZMfaToken });

/** A new secret (pending until a code of it turns two-step sign-in on): as text, as an otpauth:// URL, as a QR code. */
export const ZMfaSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type MfaSetup = z.infer<typeof ZMfaSetup>;
export const ZMfaEnableBody = z.object({ code: ZMfaCode });
export const ZMfaEnableAtSignInBody = z.object({ mfaToken: ZMfaToken, code: ZMfaCode });
/** The ten recovery codes, shown this once (only their hashes are kept). */
export const ZMfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof ZMfaRecoveryCodes>;
export const ZMfaDisableBody = z.object({ password: ZAnyPassword, code: ZMfaCode });
/** The end of a required set-up at sign-in: the session, and the recovery codes shown once. */
export const ZMfaSetupSignInResponse = z.extend(ZSignInResponse, { recoveryCodes: z.array(z.string()) });
/** A download or change that asks for the code when two-step sign-in is on. */
export const ZMfaCodeQuery = z.object({ code: z.optional(ZMfaCode) });
