import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { Box, Button } from '@mui/material';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { MonthPicker } from '../components/month-picker';
import { PnlTable } from '../components/pnl-table';
import { PrintOnly, ReportActions, ReportEmpty } from '../components/report-parts';
import { useMonth } from '../lib/month';

const pad = (n: number) => String(n).padStart(2, '0');

/** user/profitsandlossesmonth?year=&month=: the month's profit and loss, with its downloads and print view. */
export default function PnlMonth() {
  const { t, i18n } = useTranslation();
  const m = useMonth();
  const pnl = useQuery(pnlQuery(m.year, m.month));
  const period = formatMonthName(m.year, m.month, i18n.language);
  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.pnlMonth')}
        subtitle={
          <>
            <PrintOnly>{period}</PrintOnly>
            {t('books.reports.pnlMonthText')}
          </>
        }
        actions={
          <HeaderActions print={false}>
            <MonthPicker />
            <Button component={RouterLink} to={`/user/profitsandlossesyear?year=${m.year}`} variant="outlined" size="small">
              {t('books.reports.pnlYear')}
            </Button>
          </HeaderActions>
        }
      />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="pnl" query={{ year: m.year, month: m.month }} fileName={`pnl-${m.year}-${pad(m.month)}`} />
      </Box>
      <QueryView
        query={pnl}
        isEmpty={(data) => data.lines.length === 0}
        empty={<ReportEmpty icon="heroicons_outline:chart-pie" to={`/user/dailyincome?${m.search}`} />}
      >
        {(data) => <PnlTable pnl={data} />}
      </QueryView>
    </Box>
  );
}
