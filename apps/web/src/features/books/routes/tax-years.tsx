import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Chip, Link } from '@mui/material';
import type { TaxYear } from '@cuadre/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { taxYearsQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';

/** user/taxyears: every year with records, each opening its months. */
export default function TaxYears() {
  const { t } = useTranslation();
  const years = useQuery(taxYearsQuery);
  const columns: ReportColumn<TaxYear>[] = [
    {
      id: 'year',
      header: t('books.reports.year'),
      cell: (y) => (
        <Link component={RouterLink} to={`/user/taxmonths?year=${y.year}`} sx={{ fontWeight: 700 }}>
          {y.year}
        </Link>
      ),
    },
    { id: 'income', header: t('books.reports.income'), money: (y) => y.income },
    { id: 'outflows', header: t('books.reports.outflows'), money: (y) => y.outflows, wide: true },
    { id: 'net', header: t('books.reports.net'), money: (y) => y.net, loss: true, sx: { fontWeight: 600 } },
    {
      id: 'status',
      header: t('books.reports.status'),
      cell: (y) => <Chip size="small" label={t(`books.reports.${y.status}`)} color={y.status === 'closed' ? 'default' : 'success'} variant="outlined" />,
    },
  ];
  return (
    <Box>
      <BackToBooks />
      <PageHeader title={t('books.reports.taxYears')} subtitle={t('books.reports.taxYearsText')} />
      <QueryView
        query={years}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon="heroicons_outline:calendar"
            title={t('books.reports.emptyYearsTitle')}
            text={t('books.reports.emptyYearsText')}
            action={
              <Button component={RouterLink} to="/user/dailyincome" variant="contained">
                {t('books.reports.record')}
              </Button>
            }
          />
        }
      >
        {(data) => (
          <ReportTable
            label={t('books.reports.taxYears')}
            columns={columns}
            rows={data.map((y) => ({ kind: 'line', key: String(y.year), data: y }))}
            density="dense"
          />
        )}
      </QueryView>
    </Box>
  );
}
