import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinearProgress } from '@mui/material';
import { usePendingRequests } from '@/lib/pending';

/** A thin bar at the very top while any API request is pending or a route is loading (docs/product.md, "Routes and guards"). */
export function LoadingBar() {
  const { t } = useTranslation();
  const requests = usePendingRequests();
  const navigation = useNavigation();
  if (requests === 0 && navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
