import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link } from '@mui/material';
import { Icon } from '@/components/icon';
import { useMonth } from '../lib/month';

/** Back to the books hub (or `to`), keeping the month in view. */
export function BackToBooks({ to = '/user/dashboard', label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  const m = useMonth();
  return (
    <Link component={RouterLink} to={`${to}?${m.search}`} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <Icon name="heroicons_outline:arrow-left" size={16} /> {label ?? t('books.hub.back')}
    </Link>
  );
}
