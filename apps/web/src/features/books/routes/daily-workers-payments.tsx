import { useTranslation } from 'react-i18next';
import { EntryListPage } from '../components/entry-list-page';

/** The month's worker payment entries. */
export default function Screen() {
  const { t } = useTranslation();
  return <EntryListPage type="worker_payment" title={t('books.screens.dailyWorkersPayments')} subtitle={t('books.screens.dailyWorkersPaymentsText')} />;
}
