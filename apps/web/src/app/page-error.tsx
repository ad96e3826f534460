import { isRouteErrorResponse, useNavigate, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@mui/material';
import { ApiError } from '@/lib/api';

/** The words for a failure, in the user's language where the failure is one we know. */
export function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') return t('common.unavailable');
  if (error instanceof ApiError && error.code === 'NETWORK') return t('common.offline');
  // A screen's code that failed to load: the server restarted with a new build, or the network dropped.
  if (error instanceof TypeError && /dynamically imported module|Importing a module script failed|fetch/i.test(error.message)) return t('common.offline');
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof ApiError) return error.message;
  return t('common.errorText');
}

/**
 * A page that failed to load, shown inside the shell (the navigation stays): the reason and a retry
 * that loads the page again without reloading the app.
 */
export function PageError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const text = useErrorText(error);
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void navigate(location, { replace: true })}>
          {t('common.retry')}
        </Button>
      }
    >
      <strong>{t('common.errorTitle')}.</strong> {text}
    </Alert>
  );
}
