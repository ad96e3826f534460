import { useTranslation } from 'react-i18next';
import { EntryListPage } from '../components/entry-list-page';

/** The month's supplier payment entries. */
export default function Screen() {
  const { t } = useTranslation();
  return <EntryListPage type="supplier_payment" title={t('books.screens.dailySuppliersPayments')} subtitle={t('books.screens.dailySuppliersPaymentsText')} />;
}
