import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Box } from '@mui/material';
import { ZSignInBody, type MfaChallenge, type SignInAnswer, type SignInBody } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { PlainButton } from '@/components/plain-button';
import { authApi, startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { TextInput } from '../components/text-input';
import { TextLink } from '../components/text-link';
import { errorCode, errorText, fieldText } from '../lib/messages';
import { safeRedirect } from '../lib/safe-redirect';

// Most accounts never reach the second step: a chunk of its own, so the first load does not carry it.
const TwoStep = lazy(() => import('../mfa/two-step'));
// As rare: an address not confirmed yet (its sending is a mutation: TanStack Query comes with it).
const ResendOnSignIn = lazy(() => import('../components/resend-on-sign-in'));

/** What the page that sent a person here wants said on arrival (router state). */
export interface SignInNotice {
  notice?: 'password-reset';
}

/**
 * The first page most people load, so its parts are chosen for weight (see the components): the
 * form pattern, but no MUI inputs, alerts or icon registry.
 */
export default function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: SignInNotice | null };
  // The second step, when the password was right and the account asks for a code (or a set-up).
  const [next, setNext] = useState<MfaChallenge>();
  const presetEmail = params.get('email') ?? '';
  // Each attempt's "send again" starts afresh.
  const [attempt, setAttempt] = useState(0);
  // Nothing typed here is worth a question before leaving (the way on is often "Forgot password?").
  const { form, onSubmit, failure, pending } = useAppForm<SignInBody, SignInAnswer>(ZSignInBody, {
    defaultValues: { email: presetEmail, password: '' },
    guardLeaving: false,
    submit: (body) => {
      setAttempt((n) => n + 1);
      return authApi.signIn(body);
    },
    onSuccess: (answer) => {
      if ('mfaToken' in answer) return setNext(answer);
      startSession(answer);
      void navigate(safeRedirect(params.get('redirectURL')), { replace: true });
    },
  });
  const { errors } = form.formState;
  // A refusal of the fields themselves is told on them by the form pattern; `failure` is the rest.
  const code = errorCode(failure);
  const email = form.getValues('email');

  if (next) {
    return (
      <Suspense>
        <TwoStep challenge={next} onRestart={() => setNext(undefined)} />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      footer={
        <>
          {t('auth.signIn.noAccount')} <TextLink to="/sign-up">{t('auth.signIn.signUpLink')}</TextLink>
        </>
      }
    >
      {state?.notice === 'password-reset' && !failure && <FormAlert severity="success">{t('auth.signIn.passwordReset')}</FormAlert>}

      {code === 'EMAIL_NOT_CONFIRMED' ? (
        <FormAlert severity="warning">
          {errorText(t, failure)}
          <Suspense fallback={<Box sx={{ mt: 1.5, minHeight: 30 }} />}>
            <ResendOnSignIn key={attempt} email={email} />
          </Suspense>
        </FormAlert>
      ) : (
        failure !== undefined && <FormAlert severity="error">{errorText(t, failure)}</FormAlert>
      )}

      <FormStack onSubmit={onSubmit}>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus={!presetEmail}
          error={fieldText(t, 'email', errors.email)}
          {...form.register('email')}
        />
        <Box>
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            autoFocus={Boolean(presetEmail)}
            error={fieldText(t, 'existingPassword', errors.password)}
            {...form.register('password')}
          />
          <Box sx={{ mt: 1, textAlign: 'right', fontSize: '0.875rem' }}>
            <TextLink to="/forgot-password" sx={{ fontWeight: 500 }}>
              {t('auth.signIn.forgot')}
            </TextLink>
          </Box>
        </Box>
        <PlainButton type="submit" variant="contained" size="large" fullWidth loading={pending}>
          {t('auth.signIn.submit')}
        </PlainButton>
      </FormStack>
    </AuthCard>
  );
}
