import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { session } from '@/lib/session';
import { authApi, callOnce, forgetCall } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { ResendConfirmation } from '../components/resend-confirmation';
import { errorCode, errorText } from '../lib/messages';

type State = { status: 'pending' } | { status: 'done' } | { status: 'failed'; error: unknown };

export default function ConfirmEmail() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(token ? { status: 'pending' } : { status: 'failed', error: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ status: 'pending' });
    callOnce(`confirm-email:${token}`, () => authApi.confirmEmail(token)).then(
      () => live && setState({ status: 'done' }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (state.status === 'pending') {
    return (
      <AuthCard title={t('auth.confirmEmail.title')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} />
          <Typography>{t('auth.confirmEmail.checking')}</Typography>
        </Box>
      </AuthCard>
    );
  }

  if (state.status === 'done') {
    const signedIn = session.isSignedIn();
    return (
      <AuthCard title={t('auth.confirmEmail.doneTitle')}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 4 }}>
          <Box sx={{ color: 'success.main' }}>
            <Icon name="heroicons_outline:check-circle" size={32} />
          </Box>
          <Typography>{t('auth.confirmEmail.done')}</Typography>
        </Box>
        <Button component={RouterLink} to={signedIn ? '/' : '/sign-in'} variant="contained" size="large" fullWidth>
          {signedIn ? t('auth.confirmEmail.continue') : t('auth.confirmEmail.signIn')}
        </Button>
      </AuthCard>
    );
  }

  // A link without a token or a refused token: say so and offer a new mail. Anything else (no
  // connection, a server fault) left the token unused, so it can be tried again.
  const linkIsBad = !token || errorCode(state.error) === 'TOKEN_INVALID';
  if (!linkIsBad) {
    return (
      <AuthCard title={t('auth.confirmEmail.title')}>
        <FormAlert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                forgetCall(`confirm-email:${token}`);
                setAttempt((n) => n + 1);
              }}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {errorText(t, state.error)}
        </FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.confirmEmail.invalidTitle')}
      footer={
        <>
          {t('auth.confirmEmail.alreadyConfirmed')} <TextLink to="/sign-in">{t('auth.confirmEmail.signInLink')}</TextLink>
        </>
      }
    >
      <FormAlert severity="error">{t('auth.errors.tokenInvalid')}</FormAlert>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('auth.confirmEmail.askAgain')}
      </Typography>
      <ResendConfirmation />
    </AuthCard>
  );
}
