import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { TaxMonth } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { HeaderActions, PageHeader } from '@/components/page-header';
import { allOf, QueryView } from '@/components/page-states';
import { ReportTable, type ReportColumn } from '@/components/report-table/report-table';
import { dateFormat } from '@/lib/intl';
import { booksKeys, monthsQuery, setMonthStatus, taxYearsQuery } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { monthOf } from '../lib/month';
import { closeAllowed } from './hub-data';
import { useYear, YearPicker } from '../components/report-parts';

/** Close or reopen a month: a text button, or on a phone an icon button named the same. */
function StatusAction({
  action,
  label,
  text,
  disabled,
  onClick,
}: {
  action: 'close' | 'reopen';
  label: string;
  text: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <>
      <Button size="small" onClick={onClick} disabled={disabled} aria-label={label} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
        {text}
      </Button>
      <Tooltip title={label}>
        {/* A span under the tooltip: a disabled button gives it no events. */}
        <Box component="span" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
          <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={label}>
            {action === 'close' ? <Icon name="heroicons_outline:lock-closed" size={18} /> : <Icon name="heroicons_outline:lock-open" size={18} />}
          </IconButton>
        </Box>
      </Tooltip>
    </>
  );
}

/** user/taxmonths?year=: the year's twelve months, each opening its summary, with close and reopen. */
const pick = ({ income, outflows, mileageDeduction, net }: { income: number; outflows: number; mileageDeduction: number; net: number }) => ({
  income,
  outflows,
  mileageDeduction,
  net,
});

export default function TaxMonths() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const notices = useNotices();
  const { year, setYear } = useYear();
  const months = useQuery(monthsQuery(year));
  // The year's total is the server's own sum (its row in the tax years), not added up here.
  const years = useQuery(taxYearsQuery);
  const [closing, setClosing] = useState<TaxMonth | null>(null);
  const name = (m: number) => formatMonthName(year, m, i18n.language);
  // On a phone the month's short name ("Sep"): the year is in the title, and four columns must fit.
  const short = (m: number) => {
    const text = dateFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 1));
    return text.charAt(0).toLocaleUpperCase(i18n.language) + text.slice(1);
  };
  const status = useMutation({
    mutationFn: ({ month, action }: { month: number; action: 'close' | 'reopen' }) => setMonthStatus(year, month, action),
    onSuccess: (m, v) => {
      setClosing(null);
      notices.done(t(v.action === 'close' ? 'books.reports.closedDone' : 'books.reports.reopenedDone', { month: name(m.month) }));
      return qc.invalidateQueries({ queryKey: booksKeys.all });
    },
    onError: notices.failed,
  });
  const link = (m: number, path: string) => `${path}?year=${year}&month=${m}`;

  // Each figure opens the list behind it, named with its month for whoever hears it.
  const figure = (key: 'income' | 'outflows' | 'mileageDeduction' | 'net', path: string) => (text: string, m: TaxMonth) => (
    <Link
      component={RouterLink}
      to={link(m.month, path)}
      color="inherit"
      underline="hover"
      aria-label={`${text} ${t(`books.reports.${key}`)} ${name(m.month)}`}
    >
      {text}
    </Link>
  );
  const columns: ReportColumn<TaxMonth>[] = [
    {
      id: 'month',
      header: t('books.reports.month'),
      cell: (m) => (
        <>
          <Link component={RouterLink} to={link(m.month, '/user/monthdashboard')} sx={{ fontWeight: 600 }}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {name(m.month)}
            </Box>
            {/* Named "Jan 2026": the name holds what is seen, and the year for whoever hears it. */}
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              {short(m.month)}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {year}
              </Box>
            </Box>
          </Link>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}>
            {t(`books.reports.${m.status}`)}
          </Typography>
        </>
      ),
    },
    { id: 'income', header: t('books.reports.income'), money: (m) => m.income, render: figure('income', '/user/dailyincome') },
    { id: 'outflows', header: t('books.reports.outflows'), money: (m) => m.outflows, render: figure('outflows', '/user/monthdashboard'), wide: true },
    // Net is income − outflows − the mileage deduction: its column makes the row add up as read.
    {
      id: 'mileageDeduction',
      header: t('books.reports.mileageDeduction'),
      money: (m) => m.mileageDeduction,
      render: figure('mileageDeduction', '/user/monthlymileage'),
      wide: true,
    },
    {
      id: 'net',
      header: t('books.reports.net'),
      money: (m) => m.net,
      render: figure('net', '/user/profitsandlossesmonth'),
      loss: true,
      sx: { fontWeight: 600 },
    },
    {
      id: 'status',
      header: t('books.reports.status'),
      cell: (m) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            label={t(`books.reports.${m.status}`)}
            color={m.status === 'closed' ? 'default' : 'success'}
            variant="outlined"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          />
          {/* A month is closed from its last day on (the server refuses it earlier); a closed one reopens at any time. */}
          {(m.status === 'closed' || closeAllowed(monthOf(year, m.month))) && (
            <StatusAction
              action={m.status === 'closed' ? 'reopen' : 'close'}
              label={`${t(m.status === 'closed' ? 'books.reports.reopen' : 'books.reports.close')} ${name(m.month)}`}
              text={t(m.status === 'closed' ? 'books.reports.reopen' : 'books.reports.close')}
              disabled={status.isPending}
              onClick={() => (m.status === 'closed' ? status.mutate({ month: m.month, action: 'reopen' }) : setClosing(m))}
            />
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.taxMonths', { year })}
        subtitle={t('books.reports.taxMonthsText')}
        actions={
          <HeaderActions>
            <YearPicker year={year} onChange={setYear} />
            <Button component={RouterLink} to={`/user/profitsandlossesyear?year=${year}`} variant="outlined" size="small">
              {t('books.reports.pnlYear')}
            </Button>
            <Button component={RouterLink} to={`/user/annualtotal?year=${year}`} variant="outlined" size="small">
              {t('books.reports.annualTotal')}
            </Button>
          </HeaderActions>
        }
      />
      <QueryView query={allOf(months, years)}>
        {([data, ys]) => (
          <ReportTable
            label={t('books.reports.taxMonths', { year })}
            columns={columns}
            rows={data.map((m) => ({ kind: 'line', key: String(m.month), data: m }))}
            footer={[
              {
                kind: 'total',
                key: 'total',
                label: t('books.reports.total'),
                values: pick(ys.find((y) => y.year === year) ?? { income: 0, outflows: 0, mileageDeduction: 0, net: 0 }),
              },
            ]}
            density="dense"
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={!!closing}
        title={closing ? t('books.reports.closeTitle', { month: name(closing.month) }) : ''}
        text={t('books.reports.closeText')}
        confirmLabel={t('books.reports.closeMonth')}
        pending={status.isPending}
        onConfirm={() => closing && status.mutate({ month: closing.month, action: 'close' })}
        onClose={() => setClosing(null)}
      />
      {notices.view}
    </Box>
  );
}
