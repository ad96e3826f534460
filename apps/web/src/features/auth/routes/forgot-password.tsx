import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import { ZEmailBody, type EmailBody } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { useAppForm } from '@/components/form/use-app-form';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { TextInput } from '../components/text-input';
import { errorText, fieldText } from '../lib/messages';

export default function ForgotPassword() {
  const { t } = useTranslation();
  /** The address a link was sent to; the page then says so until another is asked for. */
  const [sentTo, setSentTo] = useState<string>();
  const { form, onSubmit, failure, pending } = useAppForm<EmailBody>(ZEmailBody, {
    defaultValues: { email: '' },
    guardLeaving: false,
    submit: authApi.forgotPassword,
    onSuccess: (_, body) => setSentTo(body.email),
  });
  const { errors } = form.formState;
  const footer = (
    <>
      {t('auth.forgotPassword.remembered')} <TextLink to="/sign-in">{t('auth.forgotPassword.signInLink')}</TextLink>
    </>
  );

  // The answer is the same whether or not the address has an account, and so is this page.
  if (sentTo !== undefined) {
    return (
      <AuthCard title={t('auth.forgotPassword.sentTitle')} footer={footer}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 4 }}>
          <Box sx={{ color: 'primary.main', mt: 0.25 }}>
            <Icon name="heroicons_outline:envelope" size={32} />
          </Box>
          <Box>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Trans i18nKey="auth.forgotPassword.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
            </Typography>
            <Typography
              sx={{
                color: 'text.secondary',
                mt: 1.5,
              }}
            >
              {t('auth.forgotPassword.linkRules')}
            </Typography>
          </Box>
        </Box>
        <Button
          variant="outlined"
          size="large"
          fullWidth
          onClick={() => {
            form.reset({ email: '' });
            setSentTo(undefined);
          }}
        >
          {t('auth.forgotPassword.another')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')} footer={footer}>
      {failure !== undefined && <FormAlert severity="error">{errorText(t, failure)}</FormAlert>}
      <FormStack onSubmit={onSubmit}>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={fieldText(t, 'email', errors.email)}
          {...form.register('email')}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
