import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePendingRequests } from '@/lib/pending';
import styles from './loading-bar.module.css';

/**
 * A thin bar at the very top while any API request is pending or a route is loading (docs/product.md, "Routes and guards").
 * Drawn as MUI's indeterminate LinearProgress, in static CSS (loading-bar.module.css).
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const requests = usePendingRequests();
  const navigation = useNavigation();
  if (requests === 0 && navigation.state === 'idle') return null;
  return <span role="progressbar" aria-label={t('common.loading')} className={styles.bar} />;
}
