import { useTranslation } from 'react-i18next';
import { Box, LinearProgress, Typography } from '@mui/material';
import type { FileQuota } from '@cuadre/contracts';
import { formatBytes } from './arrange';

/** The account's storage: how much is used, of how much, what is left, and what takes it (the quota counts everything stored). */
export function QuotaBar({ quota }: { quota: FileQuota }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = quota.limit ? Math.min(100, (quota.used / quota.limit) * 100) : 0;
  const text = t('files.quota', { used: formatBytes(quota.used, lang), limit: formatBytes(quota.limit, lang), left: formatBytes(quota.left, lang) });
  const parts = t('files.quotaParts', {
    files: formatBytes(quota.parts.files, lang),
    receipts: formatBytes(quota.parts.receipts, lang),
    avatars: formatBytes(quota.parts.avatars, lang),
    productImages: formatBytes(quota.parts.productImages, lang),
  });
  return (
    <Box sx={{ minWidth: { xs: '100%', sm: 260 } }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
        aria-label={t('files.quotaLabel')}
        aria-valuetext={text}
      />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {parts}
      </Typography>
    </Box>
  );
}
