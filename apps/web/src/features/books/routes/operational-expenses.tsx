import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useMoney } from '@/lib/settings';
import { monthSummaryQuery } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { useMonth } from '../lib/month';
import { BackToBooks } from '../components/back-to-books';
import { numberFormat } from '@/lib/intl';

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
  const total = sorted.reduce((n, [, g]) => n + g.amount, 0);
  const share = (amount: number) => (total ? numberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }).format(amount / total) : '');

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.screens.operationalExpenses')}
        subtitle={t('books.screens.operationalExpensesText')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <MonthPicker />
            <Button component={RouterLink} to={`/user/dailyoperationalexpenses?${m.search}`} variant="outlined">
              {t('books.screens.dailyOperationalExpenses')}
            </Button>
          </Stack>
        }
      />
      {summary.isPending ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} />
      ) : sorted.length === 0 ? (
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
      ) : (
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
          <Card variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('books.expenses.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('books.fields.category')}</TableCell>
                  <TableCell align="right">{t('books.expenses.entries')}</TableCell>
                  <TableCell align="right">{t('books.fields.amount')}</TableCell>
                  <TableCell align="right">{t('books.expenses.share')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.flatMap(([id, g]) => [
                  <TableRow key={id}>
                    <TableCell sx={{ fontWeight: 600 }}>{g.name}</TableCell>
                    <TableCell align="right">{g.count}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {money(g.amount)}
                    </TableCell>
                    <TableCell align="right">{share(g.amount)}</TableCell>
                  </TableRow>,
                  ...g.subs
                    .filter((s) => s.subcategoryId)
                    .map((s) => (
                      <TableRow key={`${id}-${s.subcategoryId}`}>
                        <TableCell sx={{ pl: 4, color: 'text.secondary' }}>{s.subcategoryName}</TableCell>
                        <TableCell align="right">{s.count}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {money(s.amount)}
                        </TableCell>
                        <TableCell align="right">{share(s.amount)}</TableCell>
                      </TableRow>
                    )),
                ])}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('books.totalLabel')}</TableCell>
                  <TableCell align="right">{sorted.reduce((n, [, g]) => n + g.count, 0)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {money(total)}
                  </TableCell>
                  <TableCell align="right">100%</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
