import { z } from 'zod';
import { ZUser } from '../common/user.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));
/** Length only here; the server also refuses common passwords. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);
const ZAnyPassword = z.string().min(1, 'Password is required').max(PASSWORD_MAX);

export const ZSignUpBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: ZEmail,
  password: ZNewPassword,
  company: z.string().trim().max(160).optional(),
  agreements: z.literal(true, { message: 'You must accept the terms and the privacy policy' }),
});
export type SignUpBody = z.infer<typeof ZSignUpBody>;

export const ZSignInBody = z.object({ email: ZEmail, password: ZAnyPassword });
export type SignInBody = z.infer<typeof ZSignInBody>;

export const ZSignInResponse = z.object({
  user: ZUser,
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
});
export type SignInResponse = z.infer<typeof ZSignInResponse>;

export const ZSignInWithTokenBody = z.object({ accessToken: z.string().min(1) });
export const ZEmailBody = z.object({ email: ZEmail });
export const ZTokenBody = z.object({ token: z.string().min(1).max(200) });
export const ZResetPasswordBody = z.object({ token: z.string().min(1).max(200), password: ZNewPassword });
export const ZChangePasswordBody = z.object({ currentPassword: ZAnyPassword, newPassword: ZNewPassword });
export type ChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export const ZSession = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof ZSession>;
export const ZSessionList = z.array(ZSession);
