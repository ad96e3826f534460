import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Card, Chip, Link, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { ZWorkerTotals } from '@cuadre/contracts';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { api } from '@/lib/api';
import { useMoney } from '@/lib/settings';
import { booksKeys } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';

/** user/workerspayment: what each worker was paid in the month and in the year. */
export default function WorkersPayment() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const m = useMonth();
  const totals = useQuery({
    queryKey: [...booksKeys.summary, 'workers', m.year, m.month],
    queryFn: ({ signal }): Promise<z.infer<typeof ZWorkerTotals>> =>
      api('reports/worker-totals', { query: { year: m.year, month: m.month }, schema: ZWorkerTotals, signal }),
  });
  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.screens.workersPayment')}
        subtitle={t('books.screens.workersPaymentText')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <MonthPicker />
            <Button component={RouterLink} to={`/user/dailyworkerspayments?${m.search}`} variant="outlined">
              {t('books.screens.dailyWorkersPayments')}
            </Button>
          </Stack>
        }
      />
      {totals.isPending ? (
        <LoadingState />
      ) : totals.isError ? (
        <ErrorState error={totals.error} onRetry={() => totals.refetch()} />
      ) : totals.data.items.length === 0 ? (
        <EmptyState
          icon="heroicons_outline:user-group"
          title={t('books.registry.workers.emptyTitle')}
          text={t('books.registry.workers.emptyText')}
          action={
            <Button component={RouterLink} to="/user/workers" variant="contained">
              {t('books.registry.workers.new')}
            </Button>
          }
        />
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('books.screens.workersPayment')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('books.fields.worker')}</TableCell>
                <TableCell>{t('books.fields.kind')}</TableCell>
                <TableCell align="right">{t('books.workers.month')}</TableCell>
                <TableCell align="right">{t('books.workers.year', { year: m.year })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {totals.data.items.map((w) => (
                <TableRow key={w.workerId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/user/dailyworkerspayments?${m.search}&search=${encodeURIComponent(w.workerName)}`}>
                      {w.workerName}
                    </Link>
                    {!w.active && <Chip size="small" variant="outlined" label={t('books.inactive')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{t(`books.workerKinds.${w.kind}`)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(w.month)} ({w.monthCount})
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(w.year)} ({w.yearCount})
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }} colSpan={2}>
                  {t('books.totalLabel')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {money(totals.data.totals.month)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {money(totals.data.totals.year)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </Card>
      )}
    </Box>
  );
}
