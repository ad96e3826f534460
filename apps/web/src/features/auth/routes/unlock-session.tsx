import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Avatar, Box, Button, CircularProgress, Typography } from '@mui/material';
import { z } from 'zod/mini';
import { ZSignInBody, type SignInResponse } from '@cuadre/contracts';
import { useAppForm } from '@/components/form/use-app-form';
import { currentUserQuery } from '@/lib/queries';
import { authApi, startSession } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { TextLink } from '../components/text-link';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { PasswordInput } from '../components/password-input';
import { TextInput } from '../components/text-input';
import { initials } from '../lib/initials';
import { errorCode, errorText, fieldText } from '../lib/messages';
import { safeRedirect } from '../lib/safe-redirect';
import { QueryProvider } from '@/lib/query-provider';

const ZUnlockForm = z.extend(z.pick(ZSignInBody, { password: true }), { code: z.string() });
type UnlockForm = z.infer<typeof ZUnlockForm>;

// The empty layout gives no query client (lib/query-provider.tsx): this page brings its own.
export default function UnlockSession() {
  return (
    <QueryProvider>
      <Unlock />
    </QueryProvider>
  );
}

function Unlock() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useQuery(currentUserQuery);
  const { form, onSubmit, failure, pending } = useAppForm<UnlockForm, SignInResponse>(ZUnlockForm, {
    defaultValues: { password: '', code: '' },
    guardLeaving: false,
    // With two-step sign-in on, the app's code goes in the same request.
    submit: ({ password, code }) =>
      authApi.unlockSession({ email: user.data?.email ?? '', password, ...(user.data?.mfaEnabled && code ? { code: code.replace(/\D/g, '') } : {}) }),
    onSuccess: (answer) => {
      startSession(answer);
      void navigate(safeRedirect(params.get('redirectURL')), { replace: true });
    },
  });
  const { errors } = form.formState;
  const footer = (
    <>
      {t('auth.unlockSession.notYou')} <TextLink to="/sign-out">{t('auth.unlockSession.signOut')}</TextLink>
    </>
  );

  if (!user.data) {
    return (
      <AuthCard title={t('auth.unlockSession.title')} footer={footer} legalLinks={false}>
        {user.error ? (
          <FormAlert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void user.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorText(t, user.error)}
          </FormAlert>
        ) : (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} />
            <Typography>{t('common.loading')}</Typography>
          </Box>
        )}
      </AuthCard>
    );
  }

  const { name, email, avatar } = user.data;
  return (
    <AuthCard title={t('auth.unlockSession.title')} subtitle={t('auth.unlockSession.subtitle')} footer={footer} legalLinks={false}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, minWidth: 0 }}>
        <Avatar src={avatar ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 600 }}>
          {initials(name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              overflowWrap: 'anywhere',
            }}
          >
            {email}
          </Typography>
        </Box>
      </Box>
      {failure !== undefined && (
        <FormAlert severity="error">
          {errorCode(failure) === 'MFA_INVALID'
            ? t('auth.errors.mfaInvalid')
            : errorCode(failure) === 'MFA_REQUIRED'
              ? t('auth.errors.mfaRequired')
              : errorText(t, failure)}
        </FormAlert>
      )}
      <FormStack onSubmit={onSubmit}>
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          autoFocus
          error={fieldText(t, 'existingPassword', errors.password)}
          {...form.register('password')}
        />
        {user.data.mfaEnabled && (
          <TextInput
            label={t('auth.mfa.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            error={errors.code?.message}
            {...form.register('code')}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={pending} disabled={pending}>
          {t('auth.unlockSession.submit')}
        </Button>
      </FormStack>
    </AuthCard>
  );
}
