import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Box, Tab, Tabs } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { CategoryList } from '../components/category-list';
import { MileageRates } from '../components/mileage-rates';
import { TaxRules } from '../components/tax-rules';

/** categories (admin): the shared chart (Cuentas) with its tax lines and order, the mileage rates, and the tax rules, one tab each. */
export default function Categories() {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') === 'rates' ? 'rates' : sp.get('tab') === 'tax-rules' ? 'tax-rules' : 'categories';
  return (
    <Box>
      <PageHeader title={t('nav.categories')} subtitle={t('chart.categories.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setSp(v === 'categories' ? {} : { tab: v }, { replace: true })}
        sx={{ mb: 2 }}
        aria-label={t('nav.categories')}
      >
        <Tab value="categories" label={t('chart.categories.tab')} />
        <Tab value="rates" label={t('chart.rates.tab')} />
        <Tab value="tax-rules" label={t('chart.taxRules.tab')} />
      </Tabs>
      {tab === 'rates' ? <MileageRates /> : tab === 'tax-rules' ? <TaxRules /> : <CategoryList />}
    </Box>
  );
}
