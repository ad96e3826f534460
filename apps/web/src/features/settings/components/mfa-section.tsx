import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Alert, Box, Button, Chip, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import type { MfaSetup, User } from '@cuadre/contracts';
import { FormCodeField, FormTextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { currentUserQuery } from '@/lib/queries';
import { MfaSecretView } from '@/components/mfa/secret-view';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/api';
import { disableMfa, enableMfa, sessionsQuery, setUpMfa } from '../api/settings-api';
import { codeOnField } from '../lib/mfa-errors';

const codeRule = z.refine<string>((v: string) => /^\d{6}$/.test(v.replace(/\s/g, '')), { params: { i18n: 'settings.mfa.codeInvalid' } });
const ZDisableForm = z.object({
  password: z.string().check(z.refine((v: string) => v.length > 0, { params: { i18n: 'settings.password.currentRequired' } })),
  code: z.string().check(codeRule),
});

/**
 * Two-step sign-in in the security settings: off, set up (the QR code, the secret as text, the first
 * code), the ten recovery codes shown once, and on (turned off with the password and a code).
 */
export function MfaSection({ user, onSaved }: { user: User; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [setup, setSetup] = useState<MfaSetup>();
  const [codes, setCodes] = useState<string[]>();
  const [disabling, setDisabling] = useState(false);
  const start = useMutation({ mutationFn: setUpMfa, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: enableMfa,
    onSuccess: ({ recoveryCodes }) => {
      setSetup(undefined);
      setCodes(recoveryCodes);
    },
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    void qc.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  };

  if (codes) {
    return (
      <Stack spacing={2}>
        <Typography sx={{ fontWeight: 600 }} role="status">
          {t('settings.mfa.nowOn')}
        </Typography>
        <RecoveryCodes codes={codes} />
        <Box>
          <Button
            variant="contained"
            onClick={() => {
              setCodes(undefined);
              refresh();
            }}
          >
            {t('settings.mfa.done')}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (setup) {
    return (
      <SetupForm setup={setup} pending={enable.isPending} error={enable.error} onEnable={(code) => enable.mutate(code)} onCancel={() => setSetup(undefined)} />
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('settings.mfa.status')}</Typography>
        <Chip size="small" color={user.mfaEnabled ? 'success' : 'default'} label={user.mfaEnabled ? t('settings.mfa.on') : t('settings.mfa.off')} />
      </Box>
      {user.mfaEnabled ? (
        <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
          {t('settings.mfa.turnOff')}
        </Button>
      ) : (
        <>
          {start.error && (
            <Typography role="alert" color="error">
              {start.error.message}
            </Typography>
          )}
          <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
            {t('settings.mfa.setUp')}
          </Button>
        </>
      )}
      {disabling && (
        <FormDialog<{ password: string; code: string }>
          open
          title={t('settings.mfa.turnOffTitle')}
          onClose={() => setDisabling(false)}
          maxWidth="xs"
          schema={ZDisableForm}
          defaultValues={{ password: '', code: '' }}
          submit={({ password, code }) => codeOnField(t, disableMfa({ password, code: code.replace(/\s/g, '') }))}
          onSuccess={() => {
            setDisabling(false);
            refresh();
            onSaved(t('settings.mfa.turnedOff'));
          }}
          submitLabel={t('settings.mfa.turnOff')}
          cancelLabel={t('settings.mfa.cancel')}
          destructive
        >
          {({ form }) => (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('settings.mfa.turnOffText')}</DialogContentText>
              <FormTextField
                control={form.control}
                name="password"
                type="password"
                label={t('settings.password.current')}
                autoComplete="current-password"
                autoFocus
                fullWidth
              />
              <FormCodeField control={form.control} name="code" fullWidth sx={{ mt: 2 }} />
            </>
          )}
        </FormDialog>
      )}
    </Stack>
  );
}

/** The secret for the app and its first code, which turns two-step sign-in on. */
function SetupForm({
  setup,
  pending,
  error,
  onEnable,
  onCancel,
}: {
  setup: MfaSetup;
  pending: boolean;
  error: Error | null;
  onEnable: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const errorText = useErrorText(error);
  const wrong = error instanceof ApiError && error.code === 'MFA_INVALID';
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length !== 6) return setInvalid(true);
        onEnable(code);
      }}
    >
      <MfaSecretView setup={setup} />
      {error && !wrong && <Alert severity="error">{errorText}</Alert>}
      <TextField
        label={t('auth.mfa.codeLabel')}
        name="code"
        value={code}
        onChange={(e) => {
          setInvalid(false);
          setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
        }}
        error={invalid || wrong}
        helperText={invalid ? t('settings.mfa.codeInvalid') : wrong ? t('settings.mfa.codeWrong') : undefined}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 320 }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={pending}>
          {t('auth.mfa.enable')}
        </Button>
        <Button onClick={onCancel}>{t('settings.mfa.cancel')}</Button>
      </Box>
    </Stack>
  );
}
