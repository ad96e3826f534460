import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { shiftMonth, useMonth } from '../lib/month';

/** The month in view, with the previous and next month a click (or a key) away; it lives in the address. */
export function MonthPicker() {
  const { t, i18n } = useTranslation();
  const m = useMonth();
  const label = formatMonthName(m.year, m.month, i18n.language);
  const go = (by: number) => {
    const next = shiftMonth(m, by);
    m.setMonth(next.year, next.month);
  };
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="group"
      aria-label={t('books.month.label')}
      sx={{
        alignItems: 'center',
      }}
    >
      <Tooltip title={t('books.month.previous')}>
        <IconButton onClick={() => go(-1)} aria-label={t('books.month.previous')} size="small">
          <Icon name="heroicons_outline:chevron-left" size={20} />
        </IconButton>
      </Tooltip>
      <Typography
        component="p"
        variant="subtitle1"
        aria-live="polite"
        sx={{ fontWeight: 600, minWidth: { xs: 128, sm: 150 }, textAlign: 'center', whiteSpace: 'nowrap' }}
      >
        {label}
      </Typography>
      <Tooltip title={t('books.month.next')}>
        <IconButton onClick={() => go(1)} aria-label={t('books.month.next')} size="small">
          <Icon name="heroicons_outline:chevron-right" size={20} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
