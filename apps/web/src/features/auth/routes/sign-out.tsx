import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { queryClient } from '@/lib/queries';
import { Icon } from '@/components/icon';
import { session } from '@/lib/session';
import { authApi, callOnce } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

const COUNTDOWN_SECONDS = 5;

/**
 * Ends the session on the server and forgets it here. The local side happens at once and whatever
 * the server answers: a person who asked to sign out is signed out on this device.
 */
function signOut() {
  const token = session.get();
  if (!token) return;
  callOnce(`sign-out:${token}`, () => authApi.signOut()).catch(() => undefined);
  session.clear();
  queryClient.clear();
}

export default function SignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);

  useEffect(signOut, []);

  useEffect(() => {
    if (seconds <= 0) {
      void navigate('/sign-in', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, navigate]);

  return (
    <AuthCard title={t('auth.signOut.title')}>
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 4 }}>
        <Box sx={{ color: 'success.main' }}>
          <Icon name="heroicons_outline:check-circle" size={32} />
        </Box>
        <Box>
          <Typography>{t('auth.signOut.done')}</Typography>
          <Typography
            aria-live="off"
            sx={{
              color: 'text.secondary',
              mt: 1,
            }}
          >
            {t('auth.signOut.redirecting', { count: Math.max(seconds, 0) })}
          </Typography>
        </Box>
      </Box>
      <Button component={RouterLink} to="/sign-in" replace variant="contained" size="large" fullWidth>
        {t('auth.signOut.signIn')}
      </Button>
    </AuthCard>
  );
}
