import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { EmptyState, QueryView } from '@/components/page-states';
import { ReportTable, type ReportColumn, type ReportRow } from '@/components/report-table/report-table';
import { useMoney } from '@/lib/settings';
import { monthSummaryQuery } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';
import { numberFormat } from '@/lib/intl';

/** A category's or a subcategory's part of the month's expenses. */
interface Share {
  name: string;
  amount: number;
  count: number;
}

/** user/operationalexpenses: the month's expenses by category, then subcategory, as a table and as bars. */
export default function OperationalExpenses() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const m = useMonth();
  const summary = useQuery(monthSummaryQuery(m.year, m.month));
  const rows = (summary.data?.byCategory ?? []).filter((r) => r.type === 'expense');
  // Categories with their subcategories under them, largest first.
  const groups = new Map<string, { name: string; amount: number; count: number; subs: typeof rows }>();
  for (const r of rows) {
    const g = groups.get(r.categoryId) ?? { name: r.categoryName, amount: 0, count: 0, subs: [] };
    g.amount += r.amount;
    g.count += r.count;
    g.subs.push(r);
    groups.set(r.categoryId, g);
  }
  const sorted = [...groups.entries()].sort((a, b) => b[1].amount - a[1].amount);
  // The month's expenses as the server sums them (the groups above only arrange its lines).
  const total = summary.data?.expenses ?? 0;
  const share = (amount: number) => (total ? numberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(amount / total) : '');

  const columns: ReportColumn<Share>[] = [
    { id: 'category', header: t('books.fields.category'), cell: (r) => r.name },
    { id: 'count', header: t('books.expenses.entries'), cell: (r) => r.count, numeric: true },
    { id: 'amount', header: t('books.fields.amount'), money: (r) => r.amount },
    { id: 'share', header: t('books.expenses.share'), cell: (r) => share(r.amount), numeric: true },
  ];
  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.screens.operationalExpenses')}
        subtitle={t('books.screens.operationalExpensesText')}
        actions={
          <HeaderActions>
            <MonthPicker />
            <Button component={RouterLink} to={`/user/dailyoperationalexpenses?${m.search}`} variant="outlined">
              {t('books.screens.dailyOperationalExpenses')}
            </Button>
          </HeaderActions>
        }
      />
      <QueryView
        query={summary}
        isEmpty={() => sorted.length === 0}
        empty={
          <EmptyState
            icon="heroicons_outline:receipt-percent"
            title={t('books.expenses.emptyTitle')}
            text={t('books.expenses.emptyText')}
            action={
              <Button component={RouterLink} to={`/user/dailyoperationalexpenses?${m.search}`} variant="contained">
                {t('books.entry.new', { type: t('books.types.expense') })}
              </Button>
            }
          />
        }
      >
        {() => (
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h2" gutterBottom>
                  {t('books.expenses.chart')}
                </Typography>
                <Stack spacing={1} role="list">
                  {sorted.map(([id, g]) => (
                    <Box key={id} role="listitem">
                      <Stack
                        direction="row"
                        sx={{
                          justifyContent: 'space-between',
                        }}
                      >
                        <Typography variant="body2">{g.name}</Typography>
                        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {money(g.amount)} · {share(g.amount)}
                        </Typography>
                      </Stack>
                      <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
                        <Box sx={{ height: '100%', width: `${(g.amount / (sorted[0]?.[1].amount || 1)) * 100}%`, bgcolor: 'primary.main' }} />
                      </Box>
                    </Box>
                  ))}
                </Stack>
              </CardContent>
            </Card>
            <ReportTable
              label={t('books.expenses.table')}
              columns={columns}
              rows={sorted.flatMap(([id, g]): ReportRow<Share>[] => [
                { kind: 'line', key: id, data: g, emphasis: true },
                ...g.subs
                  .filter((r) => r.subcategoryId)
                  .map((r): ReportRow<Share> => ({
                    kind: 'line',
                    key: `${id}-${r.subcategoryId}`,
                    data: { name: r.subcategoryName ?? '', amount: r.amount, count: r.count },
                    sub: true,
                  })),
              ])}
              footer={[
                {
                  kind: 'total',
                  key: 'total',
                  label: t('books.totalLabel'),
                  values: { count: sorted.reduce((n, [, g]) => n + g.count, 0), amount: total, share: '100%' },
                },
              ]}
            />
          </Stack>
        )}
      </QueryView>
    </Box>
  );
}
