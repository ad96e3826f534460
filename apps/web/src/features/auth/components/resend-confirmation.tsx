import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@mui/material';
import { ZEmailBody, type EmailBody } from '@cuadre/contracts';
import { applyServerErrors } from '@/lib/forms';
import { authApi } from '../api/auth-api';
import { errorText, fieldText, isOnFields } from '../lib/messages';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';
import { TextInput } from './text-input';

/**
 * Sends the confirmation mail again. With a known address it is one button; without one (a link
 * opened on another device) it asks for the address first.
 */
export function ResendConfirmation({ email }: { email?: string }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailBody>({
    resolver: zodResolver(ZEmailBody),
    defaultValues: { email: email ?? '' },
  });
  const resend = useMutation({
    mutationFn: authApi.resendConfirmation,
    onError: (err) => applyServerErrors(err, setError, ['email']),
  });
  const sentTo = resend.variables?.email ?? email ?? '';

  return (
    <>
      {resend.isSuccess && <FormAlert severity="success">{t('auth.resend.sent', { email: sentTo })}</FormAlert>}
      {resend.error && !isOnFields(resend.error, ['email']) && <FormAlert severity="error">{errorText(t, resend.error)}</FormAlert>}
      <FormStack onSubmit={handleSubmit((body) => resend.mutate(body))} gap={2}>
        {!email && (
          <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" error={fieldText(t, 'email', errors.email)} {...register('email')} />
        )}
        <Button type="submit" variant={email ? 'outlined' : 'contained'} size="large" fullWidth loading={resend.isPending} disabled={resend.isPending}>
          {resend.isSuccess ? t('auth.resend.again') : t('auth.resend.send')}
        </Button>
      </FormStack>
    </>
  );
}
