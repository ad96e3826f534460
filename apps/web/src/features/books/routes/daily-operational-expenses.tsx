import { useTranslation } from 'react-i18next';
import { EntryListPage } from '../components/entry-list-page';

/** The month's expense entries. */
export default function Screen() {
  const { t } = useTranslation();
  return <EntryListPage type="expense" title={t('books.screens.dailyOperationalExpenses')} subtitle={t('books.screens.dailyOperationalExpensesText')} />;
}
