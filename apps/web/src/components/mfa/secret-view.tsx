import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import type { MfaSetup } from '@cuadre/contracts';

/**
 * A new two-step sign-in secret for the authenticator app: what to do, the QR code, and the key as
 * text for typing it in. The QR code is the server's SVG, shown as an image (never as HTML). Shared
 * by the security settings and an administrator's required set-up at sign-in.
 */
export function MfaSecretView({ setup }: { setup: MfaSetup }) {
  const { t } = useTranslation();
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
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
            sx={{ display: 'block', fontSize: '1rem', letterSpacing: '0.05em', overflowWrap: 'anywhere', userSelect: 'all' }}
          >
            {grouped}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
