import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Box, Button } from '@mui/material';
import { ZSignInBody } from '@cuadre/contracts';
import { authApi, startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { TextInput } from '../components/text-input';
import { TextLink } from '../components/text-link';
import { errorCode, errorText, fieldText } from '../lib/messages';
import { safeRedirect } from '../lib/safe-redirect';
import { useSchemaForm } from '../lib/use-schema-form';

/** What the page that sent a person here wants said on arrival (router state). */
export interface SignInNotice {
  notice?: 'password-reset';
}

/**
 * The first page most people load, so everything here is chosen for weight (see the components):
 * no react-hook-form, no MUI inputs, alerts or icon registry.
 */
export default function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: SignInNotice | null };
  const presetEmail = params.get('email') ?? '';
  const { errors, field, handleSubmit, setServerErrors } = useSchemaForm(ZSignInBody, { email: presetEmail, password: '' });

  const resend = useMutation({ mutationFn: authApi.resendConfirmation });
  const signIn = useMutation({
    mutationFn: authApi.signIn,
    onSuccess: (answer) => {
      startSession(answer);
      void navigate(safeRedirect(params.get('redirectURL')), { replace: true });
    },
  });
  const onSubmit = handleSubmit((body) => {
    resend.reset();
    signIn.mutate(body, { onError: setServerErrors });
  });
  const code = errorCode(signIn.error);
  const email = signIn.variables?.email ?? '';
  // A refusal of the fields themselves is told on them (setServerErrors), not above the form.
  const onFields = code === 'VALIDATION' && Object.keys(errors).length > 0;

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
      {state?.notice === 'password-reset' && !signIn.error && <FormAlert severity="success">{t('auth.signIn.passwordReset')}</FormAlert>}

      {code === 'EMAIL_NOT_CONFIRMED' ? (
        <FormAlert severity="warning">
          {errorText(t, signIn.error)}
          <Box sx={{ mt: 1.5 }}>
            {resend.isSuccess ? (
              <Box component="span" role="status" sx={{ fontWeight: 600 }}>
                {t('auth.signIn.resent', { email })}
              </Box>
            ) : (
              <Button size="small" variant="outlined" color="inherit" loading={resend.isPending} onClick={() => resend.mutate({ email })}>
                {t('auth.signIn.resend')}
              </Button>
            )}
            {resend.error && (
              <Box component="span" role="alert" sx={{ display: 'block', mt: 1 }}>
                {errorText(t, resend.error)}
              </Box>
            )}
          </Box>
        </FormAlert>
      ) : (
        signIn.error && !onFields && <FormAlert severity="error">{errorText(t, signIn.error)}</FormAlert>
      )}

      <FormStack onSubmit={onSubmit}>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus={!presetEmail}
          error={fieldText(t, 'email', errors.email)}
          {...field('email')}
        />
        <Box>
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            autoFocus={Boolean(presetEmail)}
            error={fieldText(t, 'existingPassword', errors.password)}
            {...field('password')}
          />
          <Box sx={{ mt: 1, textAlign: 'right', fontSize: '0.875rem' }}>
            <TextLink to="/forgot-password" sx={{ fontWeight: 500 }}>
              {t('auth.signIn.forgot')}
            </TextLink>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending} disabled={signIn.isPending || signIn.isSuccess}>
          {t('auth.signIn.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
