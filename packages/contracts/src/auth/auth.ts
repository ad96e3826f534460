import { z } from 'zod/mini';
import { ZCompany, ZLanguage, ZPersonName, ZTimeZone, ZUser } from '../common/user.js';
import { EMAIL_PATTERN, text } from '../common/text.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Room for surrounding spaces a paste brings; the trimmed address is held to 254. */
export const ZEmail = text(
  320,
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, 'Email is required'),
  z.maxLength(254, { error: 'Use at most 254 characters', abort: true }),
  z.regex(EMAIL_PATTERN, 'Enter a valid email address'),
);
/** Length only here; the server also refuses common passwords. */
export const ZNewPassword = text(PASSWORD_MAX, z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`));
export const ZAnyPassword = text(PASSWORD_MAX, z.minLength(1, 'Password is required'));

export const ZSignUpBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: ZNewPassword,
  company: z.optional(ZCompany),
  agreements: z.literal(true, 'You must accept the terms and the privacy policy'),
  /** The language the person chose on the page: the account's from the start, and its mails'. */
  language: z.optional(ZLanguage),
  /** The browser's time zone (Intl.DateTimeFormat().resolvedOptions().timeZone): the account's from the start. */
  timeZone: z.optional(ZTimeZone),
});
export type SignUpBody = z.infer<typeof ZSignUpBody>;

/** `language`, when the device has one chosen, becomes the account's (the page was read in it). */
export const ZSignInBody = z.object({ email: ZEmail, password: ZAnyPassword, language: z.optional(ZLanguage) });
export type SignInBody = z.infer<typeof ZSignInBody>;

export const ZSignInResponse = z.object({ user: ZUser, accessToken: z.string(), tokenType: z.literal('bearer') });
export type SignInResponse = z.infer<typeof ZSignInResponse>;

const ZToken = text(200, z.minLength(1, 'The link has no token'));
/** A JWT of ours is about 250 characters; 4 KB leaves room and stops a megabyte from being parsed. */
export const ZSignInWithTokenBody = z.object({ accessToken: text(4096, z.minLength(1)) });
export const ZEmailBody = z.object({ email: ZEmail });
export type EmailBody = z.infer<typeof ZEmailBody>;
export const ZTokenBody = z.object({ token: ZToken });
export const ZResetPasswordBody = z.object({ token: ZToken, password: ZNewPassword });
export type ResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  current: z.boolean(),
  /** Whether the sign-in that opened it passed the second step (a code or a recovery code). */
  mfa: z.boolean(),
});
export type Session = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession);

/** Sign-in's first step for an account with two-step sign-in on: the code comes next, with `mfaToken`. */
export const ZMfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
/**
 * An administrator without two-step sign-in where REQUIRE_ADMIN_MFA is on: no session until it is set
 * up, with `mfaToken`, through `/api/auth/sign-in/mfa-setup` and `/api/auth/sign-in/mfa-enable`.
 */
export const ZMfaSetupChallenge = z.object({ mfaSetupRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof ZMfaChallenge> | z.infer<typeof ZMfaSetupChallenge>;
export const ZSignInAnswer = z.union([ZSignInResponse, ZMfaChallenge, ZMfaSetupChallenge]);
export type SignInAnswer = z.infer<typeof ZSignInAnswer>;
