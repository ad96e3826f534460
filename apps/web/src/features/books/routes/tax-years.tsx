import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useMoney } from '@/lib/settings';
import { taxYearsQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { negative, numeric } from '../components/report-parts';

/** user/taxyears: every year with records, each opening its months. */
export default function TaxYears() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const years = useQuery(taxYearsQuery);
  return (
    <Box>
      <BackToBooks />
      <PageHeader title={t('books.reports.taxYears')} subtitle={t('books.reports.taxYearsText')} />
      {years.isPending ? (
        <LoadingState />
      ) : years.isError ? (
        <ErrorState error={years.error} onRetry={() => years.refetch()} />
      ) : years.data.length === 0 ? (
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
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            aria-label={t('books.reports.taxYears')}
            // Tighter cells on a phone, so the year, its income, its net and its status fit 390 px.
            sx={{
              '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
              '& .MuiTableCell-root:first-of-type': { pl: 2 },
              '& .MuiTableCell-root:last-of-type': { pr: 2 },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('books.reports.year')}</TableCell>
                <TableCell align="right">{t('books.reports.income')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('books.reports.outflows')}
                </TableCell>
                <TableCell align="right">{t('books.reports.net')}</TableCell>
                <TableCell>{t('books.reports.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {years.data.map((y) => (
                <TableRow key={y.year} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/user/taxmonths?year=${y.year}`} sx={{ fontWeight: 700 }}>
                      {y.year}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    {money(y.income)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...numeric, display: { xs: 'none', sm: 'table-cell' } }}>
                    {money(y.outflows)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...numeric, fontWeight: 600, ...(y.net < 0 ? negative : {}) }}>
                    {money(y.net)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`books.reports.${y.status}`)} color={y.status === 'closed' ? 'default' : 'success'} variant="outlined" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}
