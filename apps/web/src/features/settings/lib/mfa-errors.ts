import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api';

/**
 * A change that asks for the authenticator's code: the server's refusal of the code (403
 * MFA_REQUIRED, 400 MFA_INVALID) is put on the form's code field, in the reader's language, as the
 * form pattern puts a field's 400 VALIDATION.
 */
export function codeOnField<T>(t: TFunction, call: Promise<T>): Promise<T> {
  return call.catch((err: unknown) => {
    if (err instanceof ApiError && (err.code === 'MFA_REQUIRED' || err.code === 'MFA_INVALID')) {
      const message = err.code === 'MFA_REQUIRED' ? t('settings.mfa.codeRequired') : t('settings.mfa.codeWrong');
      throw new ApiError(400, 'VALIDATION', message, [{ path: 'code', message }]);
    }
    throw err;
  });
}
