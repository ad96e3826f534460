import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Box, Button, Typography } from '@mui/material';
import { ZEmailBody, type EmailBody } from '@cuadre/contracts';
import { Icon } from '@/components/icon';
import { applyServerErrors } from '@/lib/forms';
import { authApi } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { TextInput } from '../components/text-input';
import { errorText, fieldText, isOnFields } from '../lib/messages';

const FIELDS = ['email'] as const;

export default function ForgotPassword() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailBody>({
    resolver: zodResolver(ZEmailBody),
    defaultValues: { email: '' },
  });
  const forgot = useMutation({
    mutationFn: authApi.forgotPassword,
    onError: (err) => applyServerErrors(err, setError, FIELDS),
  });
  const footer = (
    <>
      {t('auth.forgotPassword.remembered')} <TextLink to="/sign-in">{t('auth.forgotPassword.signInLink')}</TextLink>
    </>
  );

  // The answer is the same whether or not the address has an account, and so is this page.
  if (forgot.isSuccess) {
    return (
      <AuthCard title={t('auth.forgotPassword.sentTitle')} footer={footer}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 4 }}>
          <Box sx={{ color: 'primary.main', mt: 0.25 }}>
            <Icon name="heroicons_outline:envelope" size={32} />
          </Box>
          <Box>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Trans i18nKey="auth.forgotPassword.sent" values={{ email: forgot.variables.email }} components={{ strong: <strong /> }} />
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {t('auth.forgotPassword.linkRules')}
            </Typography>
          </Box>
        </Box>
        <Button variant="outlined" size="large" fullWidth onClick={() => forgot.reset()}>
          {t('auth.forgotPassword.another')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')} footer={footer}>
      {forgot.error && !isOnFields(forgot.error, FIELDS) && <FormAlert severity="error">{errorText(t, forgot.error)}</FormAlert>}
      <FormStack onSubmit={handleSubmit((body) => forgot.mutate(body))}>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          error={fieldText(t, 'email', errors.email)}
          {...register('email')}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={forgot.isPending} disabled={forgot.isPending}>
          {t('auth.forgotPassword.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
