import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Stack } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { PnlTable } from '../components/pnl-table';
import { PrintOnly, ReportActions, useYear, YearPicker } from '../components/report-parts';

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
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            data-print="hide"
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <YearPicker year={year} onChange={setYear} />
            <Button component={RouterLink} to={`/user/annualtotal?year=${year}`} variant="outlined" size="small">
              {t('books.reports.annualTotal')}
            </Button>
          </Stack>
        }
      />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="pnl" query={{ year }} fileName={`pnl-${year}`} />
      </Box>
      {pnl.isPending ? (
        <LoadingState />
      ) : pnl.isError ? (
        <ErrorState error={pnl.error} onRetry={() => pnl.refetch()} />
      ) : pnl.data.lines.length === 0 ? (
        <EmptyState
          icon="heroicons_outline:chart-pie"
          title={t('books.reports.emptyTitle')}
          text={t('books.reports.emptyText')}
          action={
            <Button component={RouterLink} to={`/user/dailyincome?year=${year}&month=1`} variant="contained">
              {t('books.reports.record')}
            </Button>
          }
        />
      ) : (
        <PnlTable pnl={pnl.data} />
      )}
    </Box>
  );
}
