import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Button, Typography } from '@mui/material';
import { z } from 'zod/mini';
import { ZNewPassword } from '@cuadre/contracts';
import { applyServerErrors } from '@/lib/forms';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { PasswordStrength } from '../components/password-strength';
import { errorCode, errorText, fieldText, isOnFields } from '../lib/messages';
import type { SignInNotice } from './sign-in';

const ZResetForm = z
  .object({ password: ZNewPassword, confirm: z.string().check(z.minLength(1)) })
  .check(z.refine((v) => v.password === v.confirm, { message: 'The passwords do not match', path: ['confirm'] }));
type ResetForm = z.infer<typeof ZResetForm>;
const FIELDS = ['password'] as const;

export default function ResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: () => navigate('/sign-in', { replace: true, state: { notice: 'password-reset' } satisfies SignInNotice }),
    onError: (err) => applyServerErrors(err, setError, FIELDS),
  });

  // The link is single-use and lasts an hour; once refused, the only way on is a new one.
  if (!token || errorCode(reset.error) === 'TOKEN_INVALID') {
    return (
      <AuthCard title={t('auth.resetPassword.invalidTitle')}>
        <FormAlert severity="error">{t('auth.resetPassword.invalid')}</FormAlert>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
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
      {reset.error && !isOnFields(reset.error, FIELDS) && <FormAlert severity="error">{errorText(t, reset.error)}</FormAlert>}
      <FormStack onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
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
        <Button type="submit" variant="contained" size="large" fullWidth loading={reset.isPending} disabled={reset.isPending || reset.isSuccess}>
          {t('auth.resetPassword.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
