import { useTranslation } from 'react-i18next';
import { Box, Paper } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { BackToBooks } from '../components/back-to-books';
import { IncomeLinesForm } from '../components/income-lines-form';
import { PeriodBanner, useMonthClosed } from '../components/period-banner';
import { useMonth } from '../lib/month';

/** user/dailyincomeregister: a day's income, several lines at once (the form the hub's quick add shares). */
export default function IncomeRegister() {
  const { t } = useTranslation();
  const m = useMonth();
  const closed = useMonthClosed(m.year, m.month);
  return (
    <Box>
      <BackToBooks to="/user/dailyincome" label={t('books.screens.dailyIncome')} />
      <PageHeader title={t('books.screens.dailyIncomeRegister')} subtitle={t('books.register.subtitle')} />
      <PeriodBanner year={m.year} month={m.month} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <IncomeLinesForm defaultDate={m.defaultDate} closed={closed} />
      </Paper>
    </Box>
  );
}
