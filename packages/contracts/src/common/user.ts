import { z } from 'zod/mini';
import { readOnly, text } from './text.js';
import { ACCOUNT_STATUSES, LANGUAGES, LAYOUTS, ROLES, SCHEMES, THEMES, USER_STATUSES } from './values.js';

export { ACCOUNT_STATUSES, DEFAULT_PREFERENCES, LANGUAGES, LAYOUTS, numberLocale, ROLES, SCHEMES, THEMES, USER_STATUSES } from './values.js';

export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

export const ZPresence = z.enum(USER_STATUSES);
export type Presence = z.infer<typeof ZPresence>;

export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof ZAccountStatus>;

export const ZLanguage = z.enum(LANGUAGES);
export type Language = z.infer<typeof ZLanguage>;

export const ZScheme = z.enum(SCHEMES);
export type Scheme = z.infer<typeof ZScheme>;

export const ZTheme = z.enum(THEMES);
export type Theme = z.infer<typeof ZTheme>;

export const ZLayout = z.enum(LAYOUTS);
export type Layout = z.infer<typeof ZLayout>;

function knownTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone the runtime knows ("Europe/Madrid"). */
export const ZTimeZone = text(64, z.refine(knownTimeZone, 'Not a known time zone'));

export const ZPreferences = z.object({
  language: ZLanguage,
  scheme: ZScheme,
  theme: ZTheme,
  layout: ZLayout,
  /** The hub's first-run checklist was put away (absent: shown until its steps are done). */
  onboardingDismissed: z.optional(z.boolean()),
  /** A chat message that arrives while no tab is open is also mailed (absent: off). */
  chatMail: z.optional(z.boolean()),
  /** The owner's IANA time zone ("Europe/Madrid"): the day recurring entries fall due (absent: UTC); set from the browser at sign-up. */
  timeZone: z.optional(ZTimeZone),
});
export type Preferences = z.infer<typeof ZPreferences>;

export const ZPlanId = text(40, z.minLength(1));

/**
 * The signed-in user as the shell sees it. `first_name`, `profile_img_url` and `status`
 * are the shell's field names; `name` and `avatar` the template's aliases, kept so both read (docs/product.md).
 */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  company: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  profile_img_url: z.nullable(z.string()),
  status: ZPresence,
  role: ZRole,
  /** The plan the account is on; a new account is on the free plan, with a trial of the paid plan. */
  plan: ZPlanId,
  /**
   * When the account's trial of the paid plan ends (an ISO instant), past or future; null when it
   * never had one (an account older than trials, made with trials off or by an administrator) or a
   * plan was activated since.
   */
  trialEndsAt: z.nullable(z.string()),
  /** True while the trial runs: a free-plan owner keeps books as on a paid plan until `trialEndsAt`. */
  onTrial: z.boolean(),
  accountStatus: ZAccountStatus,
  emailConfirmed: z.boolean(),
  /** Whether two-step sign-in (an authenticator app's code after the password) is on. */
  mfaEnabled: z.boolean(),
  preferences: ZPreferences,
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

export const ZPersonName = text(120, z.trim(), z.minLength(1, 'Name is required'));
export const ZCompany = text(160, z.trim());

/**
 * PATCH api/common/user: `{ user }` with any of the editable fields. The shell sends the whole user
 * as GET answered it (a presence change): the other fields are read-only and ignored.
 */
export const ZUpdateUserBody = z.object({
  user: z.strictObject({
    id: readOnly(),
    email: readOnly(),
    first_name: readOnly(),
    avatar: readOnly(),
    profile_img_url: readOnly(),
    role: readOnly(),
    plan: readOnly(),
    trialEndsAt: readOnly(),
    onTrial: readOnly(),
    accountStatus: readOnly(),
    emailConfirmed: readOnly(),
    mfaEnabled: readOnly(),
    createdAt: readOnly(),
    name: z.optional(ZPersonName),
    status: z.optional(ZPresence),
    company: z.optional(z.nullable(ZCompany)),
    preferences: z.optional(z.partial(ZPreferences)),
  }),
});
export type UpdateUserBody = z.infer<typeof ZUpdateUserBody>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
