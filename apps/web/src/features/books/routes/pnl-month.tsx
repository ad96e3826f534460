import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Stack } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { MonthPicker } from '../components/month-picker';
import { PnlTable } from '../components/pnl-table';
import { PrintOnly, ReportActions } from '../components/report-parts';
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-print="hide">
            <MonthPicker />
            <Button component={RouterLink} to={`/user/profitsandlossesyear?year=${m.year}`} variant="outlined" size="small">
              {t('books.reports.pnlYear')}
            </Button>
          </Stack>
        }
      />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="pnl" query={{ year: m.year, month: m.month }} fileName={`pnl-${m.year}-${pad(m.month)}`} />
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
            <Button component={RouterLink} to={`/user/dailyincome?${m.search}`} variant="contained">
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
