import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Typography } from '@mui/material';
import { PlainButton } from '@/components/plain-button';
import { useErrorText } from '@/lib/error-text';

/**
 * Shown when the app itself cannot start a page (the shell's first load failed, so there is no shell
 * to show a page error in): the reason and a retry that reloads.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message = useErrorText(error);
  return (
    <Box
      component="main"
      role="alert"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography variant="h4" component="h1">
        {t('common.errorTitle')}
      </Typography>
      <Typography
        sx={{
          color: 'text.secondary',
        }}
      >
        {message}
      </Typography>
      <PlainButton variant="contained" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </PlainButton>
    </Box>
  );
}
