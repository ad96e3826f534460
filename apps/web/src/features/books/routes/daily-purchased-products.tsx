import { useTranslation } from 'react-i18next';
import { EntryListPage } from '../components/entry-list-page';

/** The month's purchase entries. */
export default function Screen() {
  const { t } = useTranslation();
  return <EntryListPage type="purchase" title={t('books.screens.dailyPurchasedProducts')} subtitle={t('books.screens.dailyPurchasedProductsText')} />;
}
