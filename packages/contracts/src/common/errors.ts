import { z } from 'zod/mini';

/** Stable error codes; clients switch on these, never on messages. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  /** A client error outside the others, such as a method the route does not take. */
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  FORBIDDEN: 'FORBIDDEN',
  /** The books need a paid plan; a free-plan owner is sent to the pricing page. */
  PLAN_REQUIRED: 'PLAN_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PERIOD_CLOSED: 'PERIOD_CLOSED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  /** Two-step sign-in is on and the request carries no code (a sensitive change, unlocking a session). */
  MFA_REQUIRED: 'MFA_REQUIRED',
  /** The code (or recovery code, or the second step's token) is wrong, used already or out of date. */
  MFA_INVALID: 'MFA_INVALID',
  TOO_LARGE: 'TOO_LARGE',
  /** 413: the account's file storage quota is used up; 507: the server's disk is full. Nothing was written either way. */
  STORAGE_FULL: 'STORAGE_FULL',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  /** The database or Redis is away for a moment; the answer carries Retry-After and nothing was written. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ZErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ZErrorDetail>;

export const ZApiError = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
  details: z.optional(z.array(ZErrorDetail)),
});
export type ApiError = z.infer<typeof ZApiError>;

export const ZOk = z.literal(true);
