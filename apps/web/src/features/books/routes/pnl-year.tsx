import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button } from '@mui/material';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { PnlTable } from '../components/pnl-table';
import { PrintOnly, ReportActions, ReportEmpty, useYear, YearPicker } from '../components/report-parts';

/** user/profitsandlossesyear?year=: the year's profit and loss in twelve month columns and a total. */
export default function PnlYear() {
  const { t } = useTranslation();
  const { year, setYear } = useYear();
  const pnl = useQuery(pnlQuery(year));
  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.pnlYear')}
        subtitle={
          <>
            <PrintOnly>{year}</PrintOnly>
            {t('books.reports.pnlYearText')}
          </>
        }
        actions={
          <HeaderActions print={false}>
            <YearPicker year={year} onChange={setYear} />
            <Button component={RouterLink} to={`/user/annualtotal?year=${year}`} variant="outlined" size="small">
              {t('books.reports.annualTotal')}
            </Button>
          </HeaderActions>
        }
      />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="pnl" query={{ year }} fileName={`pnl-${year}`} />
      </Box>
      <QueryView
        query={pnl}
        isEmpty={(data) => data.lines.length === 0}
        empty={<ReportEmpty icon="heroicons_outline:chart-pie" to={`/user/dailyincome?year=${year}&month=1`} />}
      >
        {(data) => <PnlTable pnl={data} />}
      </QueryView>
    </Box>
  );
}
