import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import { ApiError } from '@/lib/api';

/** Shown when a route fails to load (a lost connection while loading a screen, a server error in a loader). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message =
    error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE'
      ? t('common.unavailable')
      : error instanceof ApiError && error.code === 'NETWORK'
        ? t('common.offline')
        : isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : error instanceof Error
            ? error.message
            : String(error);
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}>
      <Typography variant="h4" component="h1">{t('common.errorTitle')}</Typography>
      <Typography color="text.secondary">{message}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </Box>
  );
}
