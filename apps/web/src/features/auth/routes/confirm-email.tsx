import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { authApi, callOnce, forgetCall, startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { ResendConfirmation } from '../components/resend-confirmation';
import { errorCode, errorText } from '../lib/messages';

type State = { status: 'pending' } | { status: 'failed'; error: unknown };

/**
 * The mailed link: the server confirms the address and answers a session, as a sign-in does, so the
 * person who just signed up goes straight into the app instead of to a form to fill again.
 */
export default function ConfirmEmail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(token ? { status: 'pending' } : { status: 'failed', error: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ status: 'pending' });
    callOnce(`confirm-email:${token}`, () => authApi.confirmEmail(token)).then(
      (answer) => {
        if (!live) return;
        startSession(answer);
        void navigate('/', { replace: true });
      },
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt, navigate]);

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

  // A link without a token or a refused token: say so and offer a new mail. Anything else (no
  // connection, a server fault) left the token unused, so it can be tried again.
  const linkIsBad = !token || errorCode(state.error) === 'TOKEN_INVALID';
  if (!linkIsBad) {
    // A disabled account's address is confirmed, but it is not signed in: nothing to try again.
    const final = errorCode(state.error) === 'ACCOUNT_DISABLED';
    return (
      <AuthCard title={t('auth.confirmEmail.title')}>
        <FormAlert
          severity="error"
          action={
            final ? undefined : (
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
            )
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
      <Typography
        sx={{
          color: 'text.secondary',
          mb: 3,
        }}
      >
        {t('auth.confirmEmail.askAgain')}
      </Typography>
      <ResendConfirmation />
    </AuthCard>
  );
}
