import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { Box, Button, Chip, Link } from '@mui/material';
import { ZWorkerTotals } from '@cuadre/contracts';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { api } from '@/lib/api';
import { booksKeys } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';

type WorkerTotal = z.infer<typeof ZWorkerTotals>['items'][number];

/** user/workerspayment: what each worker was paid in the month and in the year. */
export default function WorkersPayment() {
  const { t } = useTranslation();
  const m = useMonth();
  const totals = useQuery({
    queryKey: [...booksKeys.summary, 'workers', m.year, m.month],
    queryFn: ({ signal }): Promise<z.infer<typeof ZWorkerTotals>> =>
      api('reports/worker-totals', { query: { year: m.year, month: m.month }, schema: ZWorkerTotals, signal }),
  });
  const columns: ReportColumn<WorkerTotal>[] = [
    {
      id: 'worker',
      header: t('books.fields.worker'),
      cell: (w) => (
        <>
          <Link component={RouterLink} to={`/user/dailyworkerspayments?${m.search}&search=${encodeURIComponent(w.workerName)}`}>
            {w.workerName}
          </Link>
          {!w.active && <Chip size="small" variant="outlined" label={t('books.inactive')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { id: 'kind', header: t('books.fields.kind'), cell: (w) => t(`books.workerKinds.${w.kind}`) },
    { id: 'month', header: t('books.workers.month'), money: (w) => w.month, render: (text, w) => `${text} (${w.monthCount})` },
    { id: 'year', header: t('books.workers.year', { year: m.year }), money: (w) => w.year, render: (text, w) => `${text} (${w.yearCount})` },
  ];
  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.screens.workersPayment')}
        subtitle={t('books.screens.workersPaymentText')}
        actions={
          <HeaderActions>
            <MonthPicker />
            <Button component={RouterLink} to={`/user/dailyworkerspayments?${m.search}`} variant="outlined">
              {t('books.screens.dailyWorkersPayments')}
            </Button>
          </HeaderActions>
        }
      />
      <QueryView
        query={totals}
        isEmpty={(data) => data.items.length === 0}
        empty={
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
        }
      >
        {(data) => (
          <ReportTable
            label={t('books.screens.workersPayment')}
            columns={columns}
            rows={data.items.map((w) => ({ kind: 'line', key: w.workerId, data: w }))}
            footer={[{ kind: 'total', key: 'total', label: t('books.totalLabel'), values: { month: data.totals.month, year: data.totals.year } }]}
          />
        )}
      </QueryView>
    </Box>
  );
}
