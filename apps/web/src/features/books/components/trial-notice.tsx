import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, Typography } from '@mui/material';
import { Icon } from '@/components/icon';
import { formatDate } from '@/lib/format';
import { currentUserQuery } from '@/lib/queries';

/** One line on the hub while the trial of the paid plan runs: its last day, and the way to the plans. */
export function TrialNotice() {
  const { t, i18n } = useTranslation();
  const me = useQuery(currentUserQuery).data;
  if (!me?.onTrial || !me.trialEndsAt) return null;
  return (
    // The icon keeps to the first line and the sentence wraps beside it (as one flex item), so on a
    // phone the clock is not left alone on a line of its own.
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        mb: 1.5,
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.75,
      }}
    >
      <Icon name="heroicons_outline:clock" size={18} sx={{ flexShrink: 0, mt: '1px' }} />
      <span>
        {t('books.hub.trial', { date: formatDate(me.trialEndsAt, i18n.language) })}{' '}
        <Link component={RouterLink} to="/user/pricing" underline="hover">
          {t('books.hub.trialPlans')}
        </Link>
      </span>
    </Typography>
  );
}
