import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import type { MfaSetup } from '@cuadre/contracts';
import { PlainButton } from '@/components/plain-button';
import { MfaSecretView } from '@/components/mfa/secret-view';
import { TextInput } from '../components/text-input';
import { FormAlert } from '../components/form-alert';
import { digitsOnly, mfaErrorText } from './second-step';

/** The required set-up at sign-in: the secret for the app, and a field for its first code. */
export function MfaSetupPanel({ setup, onEnable, pending, error }: { setup: MfaSetup; onEnable: (code: string) => void; pending: boolean; error: unknown }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return setTooShort(true);
    onEnable(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <MfaSecretView setup={setup} />
      {error !== undefined && error !== null && <FormAlert severity="error">{mfaErrorText(t, error)}</FormAlert>}
      <TextInput
        label={t('auth.mfa.codeLabel')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        error={tooShort ? t('auth.mfa.codeInvalid') : undefined}
        onChange={(e) => {
          setTooShort(false);
          setCode(digitsOnly(e.target.value));
        }}
      />
      <PlainButton type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {t('auth.mfa.enable')}
      </PlainButton>
    </Box>
  );
}
