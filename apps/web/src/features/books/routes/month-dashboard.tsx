import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/page-states';
import { formatShortDate, formatMonthName } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { booksKeys, monthSummaryQuery, setMonthStatus } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { MonthPicker } from '../components/month-picker';
import { PeriodBanner, useMonthClosed } from '../components/period-banner';
import { negative, numeric, PrintOnly, ReportActions } from '../components/report-parts';
import { useMonth } from '../lib/month';
import { numberFormat } from '@/lib/intl';

const pad = (n: number) => String(n).padStart(2, '0');

/** user/monthdashboard?year=&month=: the month's figures, each a link to the list behind it; close or reopen. */
export default function MonthDashboard() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const qc = useQueryClient();
  const notices = useNotices();
  const m = useMonth();
  const summary = useQuery(monthSummaryQuery(m.year, m.month));
  const closed = useMonthClosed(m.year, m.month);
  const period = formatMonthName(m.year, m.month, i18n.language);
  const status = useMutation({
    mutationFn: () => setMonthStatus(m.year, m.month, closed ? 'reopen' : 'close'),
    onSuccess: () => {
      notices.done(t(closed ? 'books.reports.reopenedDone' : 'books.reports.closedDone', { month: period }));
      return qc.invalidateQueries({ queryKey: booksKeys.all });
    },
    onError: notices.failed,
  });
  const s = summary.data;
  const figures = s
    ? [
        { key: 'income', value: money(s.income), to: '/user/dailyincome' },
        { key: 'purchases', value: money(s.purchases), to: '/user/dailypurchasedproducts' },
        { key: 'expenses', value: money(s.expenses), to: '/user/dailyoperationalexpenses' },
        { key: 'workerPayments', value: money(s.workerPayments), to: '/user/dailyworkerspayments' },
        { key: 'supplierPayments', value: money(s.supplierPayments), to: '/user/dailysupplierspayments' },
        {
          key: 'mileageDeduction',
          value: money(s.mileageDeduction),
          hint: `${numberFormat(i18n.language).format(s.miles)} ${t('books.reports.miles').toLowerCase()}`,
          to: '/user/monthlymileage',
        },
        { key: 'netProfit', value: money(s.net), to: '/user/profitsandlossesmonth', strong: true, negative: s.net < 0 },
      ]
    : [];
  const active = (s?.daily ?? []).filter((d) => d.income || d.purchases || d.expenses || d.workerPayments || d.supplierPayments || d.mileageDeduction);

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.monthDashboard')}
        subtitle={
          <>
            <PrintOnly>{period}</PrintOnly>
            {t('books.reports.monthDashboardText')}
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
            <MonthPicker />
            <Button component={RouterLink} to={`/user/taxmonths?year=${m.year}`} variant="outlined" size="small">
              {t('books.reports.viewMonths')}
            </Button>
            <Button variant="outlined" size="small" onClick={() => status.mutate()} disabled={status.isPending || summary.isPending}>
              {closed ? t('books.reports.reopen') : t('books.reports.close')}
            </Button>
          </Stack>
        }
      />
      <PeriodBanner year={m.year} month={m.month} />
      <Box sx={{ mb: 2 }}>
        <ReportActions name="month-summary" query={{ year: m.year, month: m.month }} fileName={`month-summary-${m.year}-${pad(m.month)}`} />
      </Box>
      {summary.isPending ? (
        <LoadingState />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => summary.refetch()} />
      ) : (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {figures.map((f) => (
              <Card key={f.key} variant="outlined" sx={f.strong ? { gridColumn: { xs: 'span 2', md: 'auto' } } : undefined}>
                <CardActionArea component={RouterLink} to={`${f.to}?${m.search}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography
                      variant="body2"
                      sx={{
                        color: 'text.secondary',
                      }}
                    >
                      {t(`books.reports.${f.key}`)}
                    </Typography>
                    <Typography variant={f.strong ? 'h5' : 'h6'} component="p" sx={{ ...numeric, fontWeight: 700, ...(f.negative ? negative : {}) }}>
                      {f.value}
                    </Typography>
                    {'hint' in f && (
                      <Typography
                        variant="caption"
                        sx={{
                          color: 'text.secondary',
                        }}
                      >
                        {f.hint}
                      </Typography>
                    )}
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
          <Card variant="outlined" sx={{ overflowX: 'auto' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
              {t('books.reports.byDay')}
            </Typography>
            {active.length === 0 ? (
              <Typography
                sx={{
                  color: 'text.secondary',
                  p: 2,
                }}
              >
                {t('books.reports.noActivity')}
              </Typography>
            ) : (
              <Table size="small" aria-label={t('books.reports.byDay')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('books.reports.date')}</TableCell>
                    <TableCell align="right">{t('books.reports.income')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('books.reports.outflows')}
                    </TableCell>
                    <TableCell align="right">{t('books.reports.net')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {active.map((d) => (
                    <TableRow key={d.date}>
                      <TableCell>{formatShortDate(d.date, i18n.language)}</TableCell>
                      <TableCell align="right" sx={numeric}>
                        {money(d.income)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...numeric, display: { xs: 'none', sm: 'table-cell' } }}>
                        {money(d.purchases + d.expenses + d.workerPayments + d.supplierPayments)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...numeric, ...(d.net < 0 ? negative : {}) }}>
                        {money(d.net)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Card>
        </Stack>
      )}
      {notices.view}
    </Box>
  );
}
