import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mui/material';
import { PlainButton } from '@/components/plain-button';

/** The ten recovery codes, shown once: to copy or to download as a .txt file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${t('auth.mfa.codesFileTitle')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'cuadre-recovery-codes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <Box>
      <Box component="p" sx={{ mt: 0, mb: 1.5 }}>
        {t('auth.mfa.codesHint')}
      </Box>
      <Box
        component="ul"
        aria-label={t('auth.mfa.codesTitle')}
        data-testid="recovery-codes"
        sx={{
          listStyle: 'none',
          m: 0,
          mb: 2,
          p: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.95rem',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <PlainButton type="button" variant="outlined" onClick={() => void copy()}>
          {copied ? t('auth.mfa.copied') : t('auth.mfa.copy')}
        </PlainButton>
        <PlainButton type="button" variant="outlined" onClick={download}>
          {t('auth.mfa.download')}
        </PlainButton>
      </Box>
    </Box>
  );
}
