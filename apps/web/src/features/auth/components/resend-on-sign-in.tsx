import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { PlainButton } from '@/components/plain-button';
import { QueryProvider } from '@/lib/query-provider';
import { authApi } from '../api/auth-api';
import { errorText } from '../lib/messages';

/**
 * Sign-in's "send the confirmation again", for an account whose address is not confirmed yet: loaded when
 * that answer comes, so sign-in's first load holds no TanStack Query (issue 43). Mounted afresh for each
 * attempt at signing in (its `key`), so an earlier sending is not told again.
 */
export default function ResendOnSignIn({ email }: { email: string }) {
  return (
    <QueryProvider>
      <Resend email={email} />
    </QueryProvider>
  );
}

function Resend({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });
  return (
    <Box sx={{ mt: 1.5 }}>
      {resend.isSuccess ? (
        <Box component="span" role="status" sx={{ fontWeight: 600 }}>
          {t('auth.signIn.resent', { email })}
        </Box>
      ) : (
        <PlainButton size="small" variant="outlined" tone="inherit" loading={resend.isPending} onClick={() => resend.mutate({ email })}>
          {t('auth.signIn.resend')}
        </PlainButton>
      )}
      {resend.error && (
        <Box component="span" role="alert" sx={{ display: 'block', mt: 1 }}>
          {errorText(t, resend.error)}
        </Box>
      )}
    </Box>
  );
}
