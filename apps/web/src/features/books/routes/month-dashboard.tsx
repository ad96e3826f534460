import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import type { MonthSummary } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useNotices } from '@/components/notice';
import { QueryView } from '@/components/page-states';
import { negative, numeric, ReportCard, ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { formatShortDate, formatMonthName } from '@/lib/format';
import { useMoney } from '@/lib/settings';
import { booksKeys, monthSummaryQuery, setMonthStatus } from '../api/books-api';
import { MonthPicker } from '../components/month-picker';
import { PeriodBanner, useMonthClosed } from '../components/period-banner';
import { ReportHeader } from '../components/report-parts';
import { useMonth } from '../lib/month';
import { numberFormat } from '@/lib/intl';
import { closeAllowed } from './hub-data';

const pad = (n: number) => String(n).padStart(2, '0');
type Day = MonthSummary['daily'][number];

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
  // Closing asks first (the confirm dialog kit); reopening is its own undo and does not.
  const [asking, setAsking] = useState(false);
  const status = useMutation({
    mutationFn: () => setMonthStatus(m.year, m.month, closed ? 'reopen' : 'close'),
    onSuccess: () => {
      setAsking(false);
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

  const columns: ReportColumn<Day>[] = [
    { id: 'date', header: t('books.reports.date'), cell: (d) => formatShortDate(d.date, i18n.language) },
    { id: 'income', header: t('books.reports.income'), money: (d) => d.income },
    { id: 'outflows', header: t('books.reports.outflows'), money: (d) => d.purchases + d.expenses + d.workerPayments + d.supplierPayments, wide: true },
    { id: 'net', header: t('books.reports.net'), money: (d) => d.net, loss: true },
  ];

  return (
    <Box>
      <ReportHeader
        title={t('books.reports.monthDashboard')}
        text={t('books.reports.monthDashboardText')}
        period={period}
        picker={<MonthPicker />}
        links={[{ to: `/user/taxmonths?year=${m.year}`, label: t('books.reports.viewMonths') }]}
        banner={<PeriodBanner year={m.year} month={m.month} />}
        downloads={{ name: 'month-summary', query: { year: m.year, month: m.month }, fileName: `month-summary-${m.year}-${pad(m.month)}` }}
      >
        {/* Named "Close month", not "Close": beside "Months" a lone "Close" reads as closing the page. */}
        {(closed || closeAllowed(m)) && (
          <Button variant="outlined" size="small" onClick={() => (closed ? status.mutate() : setAsking(true))} disabled={status.isPending || summary.isPending}>
            {closed ? t('books.reports.reopen') : t('books.reports.closeMonth')}
          </Button>
        )}
      </ReportHeader>
      <QueryView query={summary}>
        {() => (
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
            <ReportCard title={t('books.reports.byDay')}>
              {active.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', px: 2, pb: 2 }}>{t('books.reports.noActivity')}</Typography>
              ) : (
                <ReportTable
                  label={t('books.reports.byDay')}
                  columns={columns}
                  rows={active.map((d) => ({ kind: 'line', key: d.date, data: d }))}
                  framed={false}
                />
              )}
            </ReportCard>
          </Stack>
        )}
      </QueryView>
      <ConfirmDialog
        open={asking}
        title={t('books.reports.closeTitle', { month: period })}
        text={t('books.reports.closeText')}
        confirmLabel={t('books.reports.closeMonth')}
        pending={status.isPending}
        onConfirm={() => status.mutate()}
        onClose={() => setAsking(false)}
      />
      {notices.view}
    </Box>
  );
}
