import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import type { SignInResponse } from '@cuadre/contracts';
import { PlainButton } from '@/components/plain-button';
import { ZMfaSetup, ZMfaSetupSignInResponse } from '@cuadre/contracts';
import { api } from '@/lib/api';
import { FormAlert } from '../components/form-alert';
import { mfaErrorText } from './second-step';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { MfaSetupPanel } from './setup-panel';

/**
 * An administrator who must use two-step sign-in (REQUIRE_ADMIN_MFA) sets it up here before the
 * session opens; then the recovery codes, and on into the app.
 */
export default function SetupStep({ mfaToken, onSignedIn, onRestart }: { mfaToken: string; onSignedIn: (a: SignInResponse) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const setup = useQuery({
    queryKey: ['auth', 'mfa-setup-at-sign-in', mfaToken],
    queryFn: () => api('auth/sign-in/mfa-setup', { method: 'POST', body: { mfaToken }, schema: ZMfaSetup }),
    staleTime: Infinity,
    retry: false,
  });
  const [done, setDone] = useState<(SignInResponse & { recoveryCodes: string[] }) | undefined>();
  const enable = useMutation({
    mutationFn: (code: string) => api('auth/sign-in/mfa-enable', { method: 'POST', body: { mfaToken, code }, schema: ZMfaSetupSignInResponse }),
    onSuccess: setDone,
  });
  if (done) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FormAlert severity="success">{t('auth.mfa.enabled')}</FormAlert>
        <RecoveryCodes codes={done.recoveryCodes} />
        <PlainButton type="button" variant="contained" size="large" fullWidth onClick={() => onSignedIn(done)}>
          {t('auth.mfa.continue')}
        </PlainButton>
      </Box>
    );
  }
  return (
    <Box>
      <Box component="p" sx={{ mt: 0, mb: 2, color: 'text.secondary' }}>
        {t('auth.mfa.requiredHint')}
      </Box>
      {setup.error && (
        <FormAlert
          severity="error"
          action={
            <PlainButton type="button" size="small" variant="outlined" tone="inherit" onClick={onRestart}>
              {t('auth.mfa.restart')}
            </PlainButton>
          }
        >
          {mfaErrorText(t, setup.error)}
        </FormAlert>
      )}
      {setup.data && <MfaSetupPanel setup={setup.data} onEnable={(code) => enable.mutate(code)} pending={enable.isPending} error={enable.error ?? undefined} />}
      {setup.isPending && <Box role="status">{t('common.loading')}</Box>}
    </Box>
  );
}
