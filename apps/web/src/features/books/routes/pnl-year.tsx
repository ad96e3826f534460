import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Stack } from '@mui/material';
import { QueryView } from '@/components/page-states';
import { pnlQuery } from '../api/books-api';
import { NotDeductibleCard } from '../components/not-deductible';
import { PnlTable } from '../components/pnl-table';
import { ReportEmpty, ReportHeader, useYear, YearPicker } from '../components/report-parts';

/** user/profitsandlossesyear?year=: the year's profit and loss in twelve month columns and a total. */
export default function PnlYear() {
  const { t } = useTranslation();
  const { year, setYear } = useYear();
  const pnl = useQuery(pnlQuery(year));
  return (
    <Box>
      <ReportHeader
        title={t('books.reports.pnlYear')}
        text={t('books.reports.pnlYearText')}
        period={year}
        picker={<YearPicker year={year} onChange={setYear} />}
        links={[{ to: `/user/annualtotal?year=${year}`, label: t('books.reports.annualTotal') }]}
        downloads={{ name: 'pnl', query: { year }, fileName: `pnl-${year}` }}
      />
      <QueryView
        query={pnl}
        isEmpty={(data) => data.lines.length === 0}
        empty={<ReportEmpty icon="heroicons_outline:chart-pie" to={`/user/dailyincome?year=${year}&month=1`} />}
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
