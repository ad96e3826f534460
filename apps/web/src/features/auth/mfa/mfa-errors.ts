import type { TFunction } from 'i18next';
import { errorCode, errorText } from '../lib/messages';

/**
 * A failed step in words: the two-step codes' own refusals here (kept out of lib/messages.ts, which
 * the sign-in page's first load carries), anything else as the other auth pages say it.
 */
export function mfaErrorText(t: TFunction, err: unknown): string {
  const code = errorCode(err);
  if (code === 'MFA_INVALID') return t('auth.errors.mfaInvalid');
  if (code === 'MFA_REQUIRED') return t('auth.errors.mfaRequired');
  return errorText(t, err);
}
