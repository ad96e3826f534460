import { Link as RouterLink, useLoaderData, useRouteLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import { session } from '@/lib/session';
import AppLayout from './shell/app-layout';
import EmptyLayout from './shell/empty-layout';
import { shellData } from './guards';
import { NOT_FOUND_ROUTE } from './root';

/** A signed-in user gets the 404 inside the shell (with the navigation); a visitor gets a page of its own. */
export async function notFoundLoader(_args?: unknown) {
  if (!session.isSignedIn()) return { inShell: false };
  await shellData();
  return { inShell: true };
}

export function NotFoundLayout() {
  const { inShell } = useLoaderData<typeof notFoundLoader>();
  return inShell ? <AppLayout /> : <EmptyLayout />;
}

export default function NotFound() {
  const { t } = useTranslation();
  const { inShell } = useRouteLoaderData<typeof notFoundLoader>(NOT_FOUND_ROUTE) ?? { inShell: false };
  return (
    <Box
      component={inShell ? 'div' : 'main'}
      sx={{
        minHeight: inShell ? '50vh' : '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h3" component="h1">
        404
      </Typography>
      <Typography variant="h5" component="p">
        {t('common.notFoundTitle')}
      </Typography>
      <Typography
        sx={{
          color: 'text.secondary',
        }}
      >
        {t('common.notFoundText')}
      </Typography>
      <Button component={RouterLink} to={inShell ? '/dashboard' : '/'} variant="contained">
        {t(inShell ? 'common.goDashboard' : 'common.goHome')}
      </Button>
    </Box>
  );
}
