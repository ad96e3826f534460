import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import type { MfaSetup } from '@cuadre/contracts';
import { PlainButton } from '@/components/plain-button';
import { TextInput } from '../components/text-input';
import { FormAlert } from '../components/form-alert';
import { errorText } from '../lib/messages';

/** Only digits, at most six: what a person types or pastes from the app. */
export const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/**
 * Setting two-step sign-in up: the QR code for the app, the secret as text for typing it in, and a
 * field for the first code. The QR code is the server's SVG, shown as an image (never as HTML).
 */
export function MfaSetupPanel({ setup, onEnable, pending, error }: { setup: MfaSetup; onEnable: (code: string) => void; pending: boolean; error: unknown }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return setTooShort(true);
    onEnable(code);
  };
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <li>{t('auth.mfa.stepApp')}</li>
        <li>{t('auth.mfa.stepScan')}</li>
        <li>{t('auth.mfa.stepCode')}</li>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box
          component="img"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t('auth.mfa.qrAlt')}
          width={176}
          height={176}
          sx={{ bgcolor: '#fff', p: 1, borderRadius: 1, border: 1, borderColor: 'divider', flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Box component="p" sx={{ m: 0, mb: 0.5, fontSize: '0.875rem', color: 'text.secondary' }}>
            {t('auth.mfa.secretLabel')}
          </Box>
          <Box
            component="code"
            data-testid="mfa-secret"
            data-secret={setup.secret}
            sx={{ display: 'block', fontSize: '1rem', letterSpacing: '0.05em', overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {grouped}
          </Box>
        </Box>
      </Box>
      {error !== undefined && error !== null && <FormAlert severity="error">{errorText(t, error)}</FormAlert>}
      <Box sx={{ maxWidth: 320 }}>
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
      </Box>
      <Box>
        <PlainButton type="submit" variant="contained" loading={pending}>
          {t('auth.mfa.enable')}
        </PlainButton>
      </Box>
    </Box>
  );
}
