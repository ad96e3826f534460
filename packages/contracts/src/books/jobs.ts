import { z } from 'zod/mini';
import { ZYear } from './numbers.js';
import { ZMfaCode } from '../auth/mfa.js';

/** Long work that runs on the server while the owner does something else: its progress and its file. */
export const JOB_KINDS = ['year_end', 'account_export', 'import_preview', 'import_commit'] as const;
export const ZJob = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(['running', 'done', 'failed']),
  /** Steps done out of `total`, and what is being done now. */
  done: z.int(),
  total: z.int(),
  step: z.string(),
  /** The year of a year-end package. */
  year: z.nullable(z.int()),
  fileName: z.nullable(z.string()),
  size: z.nullable(z.int()),
  error: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof ZJob>;
export const ZJobList = z.object({ items: z.array(ZJob) });
export const ZYearEndBody = z.strictObject({ year: ZYear });
/** Everything the user keeps is a backup of their own: with two-step sign-in on, the authenticator's code too. */
export const ZAccountExportBody = z.nullish(z.strictObject({ code: z.optional(ZMfaCode) }));
export type AccountExportBody = z.infer<typeof ZAccountExportBody>;
export const ZDeleteAccountBody = z.strictObject({
  password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(200)),
  /** The authenticator's code, when two-step sign-in is on. */
  code: z.optional(ZMfaCode),
});
