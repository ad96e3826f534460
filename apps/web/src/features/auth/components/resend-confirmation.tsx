import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mui/material';
import { ZEmailBody, type EmailBody } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { authApi } from '../api/auth-api';
import { errorText, fieldText } from '../lib/messages';
import { FormAlert } from './form-alert';
import { FormStack } from './form-stack';
import { TextInput } from './text-input';

/**
 * Sends the confirmation mail again. With a known address it is one button; without one (a link
 * opened on another device) it asks for the address first.
 */
export function ResendConfirmation({ email }: { email?: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const { form, onSubmit, failure, pending } = useAppForm<EmailBody>(ZEmailBody, {
    defaultValues: { email: email ?? '' },
    guardLeaving: false,
    submit: authApi.resendConfirmation,
    onSuccess: (_, body) => setSentTo(body.email),
  });
  const { errors } = form.formState;

  return (
    <>
      {sentTo !== undefined && !failure && <FormAlert severity="success">{t('auth.resend.sent', { email: sentTo })}</FormAlert>}
      {failure !== undefined && <FormAlert severity="error">{errorText(t, failure)}</FormAlert>}
      <FormStack onSubmit={onSubmit} gap={2}>
        {!email && (
          <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" error={fieldText(t, 'email', errors.email)} {...form.register('email')} />
        )}
        <Button type="submit" variant={email ? 'outlined' : 'contained'} size="large" fullWidth loading={pending} disabled={pending}>
          {sentTo !== undefined ? t('auth.resend.again') : t('auth.resend.send')}
        </Button>
      </FormStack>
    </>
  );
}
