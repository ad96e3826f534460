import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { Box, Stack } from '@mui/material';
import { QueryView } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { NotDeductibleCard } from '../components/not-deductible';
import { PnlTable } from '../components/pnl-table';
import { ReportEmpty, ReportHeader } from '../components/report-parts';
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
      <ReportHeader
        title={t('books.reports.pnlMonth')}
        text={t('books.reports.pnlMonthText')}
        period={period}
        picker={<MonthPicker />}
        links={[{ to: `/user/profitsandlossesyear?year=${m.year}`, label: t('books.reports.pnlYear') }]}
        downloads={{ name: 'pnl', query: { year: m.year, month: m.month }, fileName: `pnl-${m.year}-${pad(m.month)}` }}
      />
      <QueryView
        query={pnl}
        isEmpty={(data) => data.lines.length === 0}
        empty={<ReportEmpty icon="heroicons_outline:chart-pie" to={`/user/dailyincome?${m.search}`} />}
      >
        {(data) => (
          <Stack spacing={2}>
            <PnlTable pnl={data} />
            <NotDeductibleCard lines={data.notDeductible} />
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}
