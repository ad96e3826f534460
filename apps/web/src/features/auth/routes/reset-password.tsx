import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button, Typography } from '@mui/material';
import { z } from 'zod/mini';
import { ZNewPassword } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';
import { errorCode, errorText, fieldText } from '../lib/messages';
import type { SignInNotice } from './sign-in';

const ZResetForm = z
  .object({ password: ZNewPassword, confirm: z.string().check(z.minLength(1)) })
  .check(z.refine((v) => v.password === v.confirm, { message: 'The passwords do not match', path: ['confirm'] }));
type ResetForm = z.infer<typeof ZResetForm>;

export default function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const { form, onSubmit, failure, pending, leaveDialog } = useAppForm<ResetForm>(ZResetForm, {
    defaultValues: { password: '', confirm: '' },
    submit: ({ password }) => authApi.resetPassword({ token, password }),
    onSuccess: () => void navigate('/sign-in', { replace: true, state: { notice: 'password-reset' } satisfies SignInNotice }),
  });
  const { register, watch } = form;
  const { errors } = form.formState;

  // The link is single-use and lasts an hour; once refused, the only way on is a new one.
  if (!token || errorCode(failure) === 'TOKEN_INVALID') {
    return (
      <AuthCard title={t('auth.resetPassword.invalidTitle')}>
        <FormAlert severity="error">{t('auth.resetPassword.invalid')}</FormAlert>
        <Typography
          sx={{
            color: 'text.secondary',
            mb: 3,
          }}
        >
          {t('auth.resetPassword.askAgain')}
        </Typography>
        <Button component={RouterLink} to="/forgot-password" variant="contained" size="large" fullWidth>
          {t('auth.resetPassword.newLink')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      subtitle={t('auth.resetPassword.subtitle')}
      footer={<TextLink to="/sign-in">{t('auth.resetPassword.backToSignIn')}</TextLink>}
    >
      {failure !== undefined && <FormAlert severity="error">{errorText(t, failure)}</FormAlert>}
      {leaveDialog}
      <FormStack onSubmit={onSubmit}>
        <PasswordInput
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          autoFocus
          error={fieldText(t, 'password', errors.password)}
          hint={<PasswordStrength password={watch('password')} />}
          {...register('password')}
        />
        <PasswordInput
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          error={fieldText(t, 'confirm', errors.confirm)}
          {...register('confirm')}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending}>
          {t('auth.resetPassword.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
