import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-error';

/**
 * The words for a failure, in the user's language where the failure is one we know: the server away
 * or unreachable, its disk full, a screen's code that did not load. Otherwise the server's own message (it names the
 * rule that was broken), or a general sentence for a failure of this page itself.
 */
export function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') return t('common.unavailable');
  // 507: the server's disk is full (413 STORAGE_FULL is the account's quota, whose message names the numbers).
  if (error instanceof ApiError && error.code === 'STORAGE_FULL' && error.statusCode === 507) return t('common.diskFull');
  if (error instanceof ApiError && error.code === 'NETWORK') return t('common.offline');
  if (error instanceof ApiError && error.code === 'PERIOD_CLOSED') return t('common.periodClosed');
  if (error instanceof ApiError && error.code === 'PLAN_REQUIRED') return t('common.planRequired');
  if (error instanceof TypeError && /dynamically imported module|Importing a module script failed|fetch/i.test(error.message)) return t('common.offline');
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error && error.message) return error.message;
  return t('common.errorText');
}
