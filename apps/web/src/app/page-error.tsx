import { useNavigate, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@mui/material';
import { useErrorText } from '@/lib/error-text';

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
