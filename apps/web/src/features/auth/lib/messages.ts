import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@cuadre/contracts';
import { ApiError } from '@/lib/api';

/** The server's error codes the auth pages put in words in the reader's language. */
const CODE_KEYS: Record<string, string> = {
  INVALID_CREDENTIALS: 'auth.errors.invalidCredentials',
  EMAIL_NOT_CONFIRMED: 'auth.errors.emailNotConfirmed',
  ACCOUNT_DISABLED: 'auth.errors.accountDisabled',
  RATE_LIMITED: 'auth.errors.rateLimited',
  TOKEN_INVALID: 'auth.errors.tokenInvalid',
  VALIDATION: 'auth.errors.validation',
  NETWORK: 'auth.errors.network',
  SERVICE_UNAVAILABLE: 'auth.errors.serviceUnavailable',
};

/** A failed call in words: a known code translated, anything else in the server's own words. */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = CODE_KEYS[err.code];
    return key ? t(key) : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

/**
 * Field rules come from the contracts with English messages; the reader sees them translated, keyed
 * by field and zod issue code. A `server` error on a password is the one rule only the server can
 * check (a common password): the length rules are the same on both sides and caught before sending.
 */
const FIELD_KEYS: Record<string, Record<string, string>> = {
  name: { too_small: 'auth.validation.nameRequired', too_big: 'auth.validation.nameTooLong' },
  email: { too_small: 'auth.validation.emailRequired', invalid_format: 'auth.validation.emailInvalid', too_big: 'auth.validation.emailTooLong' },
  password: { too_small: 'auth.validation.passwordTooShort', too_big: 'auth.validation.passwordTooLong', server: 'auth.validation.passwordCommon' },
  /** Sign-in and unlock ask for an existing password: only its presence is checked. */
  existingPassword: { too_small: 'auth.validation.passwordRequired', too_big: 'auth.validation.passwordTooLong' },
  confirm: { too_small: 'auth.validation.confirmRequired', custom: 'auth.validation.passwordsDontMatch' },
  company: { too_big: 'auth.validation.companyTooLong' },
  agreements: { invalid_value: 'auth.validation.agreementsRequired', invalid_type: 'auth.validation.agreementsRequired' },
};

/** `rules` names the field's rule set, usually the field's own name. */
export function fieldText(t: TFunction, rules: string, error: { type: string; message?: string } | undefined): string | undefined {
  if (!error) return undefined;
  const key = FIELD_KEYS[rules]?.[error.type];
  return key ? t(key, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : error.message;
}
