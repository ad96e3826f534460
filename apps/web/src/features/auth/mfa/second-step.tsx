import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Box } from '@mui/material';
import type { SignInResponse } from '@cuadre/contracts';
import { PlainButton } from '@/components/plain-button';
import { signInMfa } from './mfa-api';
import { FormAlert } from '../components/form-alert';
import { FormStack } from '../components/form-stack';
import { TextInput } from '../components/text-input';
import { errorCode, errorText } from '../lib/messages';

/** A failed step in words: the codes' own refusals here (lib/messages.ts is in sign-in's first load), the rest as auth says it. */
export function mfaErrorText(t: TFunction, err: unknown): string {
  const code = errorCode(err);
  if (code === 'MFA_INVALID') return t('auth.errors.mfaInvalid');
  if (code === 'MFA_REQUIRED') return t('auth.errors.mfaRequired');
  return errorText(t, err);
}

/** Only digits, at most six: what a person types or pastes from the app. */
export const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/**
 * The sign-in's second step (a chunk of its own, loaded only when an account asks for it): one field
 * for the app's code, or a recovery code instead.
 */
export default function SecondStep({ mfaToken, onSignedIn, onRestart }: { mfaToken: string; onSignedIn: (a: SignInResponse) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const step = useMutation({
    mutationFn: () => signInMfa(recovery ? { mfaToken, recoveryCode: value } : { mfaToken, code: value }),
    onSuccess: onSignedIn,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ok = recovery ? /^[0-9a-z]{10}$/i.test(value.replace(/[\s-]+/g, '')) : value.length === 6;
    if (!ok) return setFieldError(recovery ? t('auth.mfa.recoveryInvalid') : t('auth.mfa.codeInvalid'));
    step.mutate();
  };
  return (
    <Box>
      <Box component="p" sx={{ mt: 0, mb: 3, color: 'text.secondary' }}>
        {recovery ? t('auth.mfa.recoveryHint') : t('auth.mfa.signInHint')}
      </Box>
      {step.error && <FormAlert severity="error">{mfaErrorText(t, step.error)}</FormAlert>}
      <FormStack onSubmit={submit}>
        {recovery ? (
          <TextInput
            key="recovery"
            label={t('auth.mfa.recoveryLabel')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={value}
            error={fieldError}
            onChange={(e) => {
              setFieldError(undefined);
              setValue(e.target.value.slice(0, 20));
            }}
          />
        ) : (
          <TextInput
            key="code"
            label={t('auth.mfa.codeLabel')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            value={value}
            error={fieldError}
            onChange={(e) => {
              setFieldError(undefined);
              setValue(digitsOnly(e.target.value));
            }}
          />
        )}
        <PlainButton type="submit" variant="contained" size="large" fullWidth loading={step.isPending}>
          {t('auth.mfa.verify')}
        </PlainButton>
      </FormStack>
      <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, fontSize: '0.875rem' }}>
        <PlainButton
          type="button"
          variant="text"
          size="small"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setFieldError(undefined);
            step.reset();
          }}
        >
          {recovery ? t('auth.mfa.useCode') : t('auth.mfa.useRecovery')}
        </PlainButton>
        <PlainButton type="button" variant="text" size="small" onClick={onRestart}>
          {t('auth.mfa.restart')}
        </PlainButton>
      </Box>
    </Box>
  );
}
