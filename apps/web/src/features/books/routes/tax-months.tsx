import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMonthName } from '@/lib/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { TaxMonth } from '@cuadre/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Icon } from '@/components/icon';
import { useNotices } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/page-states';
import { dateFormat } from '@/lib/intl';
import { useMoney } from '@/lib/settings';
import { booksKeys, monthsQuery, setMonthStatus } from '../api/books-api';
import { BackToBooks } from '../components/back-to-books';
import { negative, numeric, totalsFooter, useYear, YearPicker } from '../components/report-parts';

/** A phone's table: tighter cells, so the month, its income, its net and its action fit 390 px. */
const compactOnPhone = {
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: { xs: 1, sm: 2 } },
} as const;

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
export default function TaxMonths() {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const qc = useQueryClient();
  const notices = useNotices();
  const { year, setYear } = useYear();
  const months = useQuery(monthsQuery(year));
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
  const total = (key: 'income' | 'outflows' | 'net') => (months.data ?? []).reduce((n, m) => n + m[key], 0);
  const link = (m: number, path: string) => `${path}?year=${year}&month=${m}`;

  return (
    <Box>
      <BackToBooks />
      <PageHeader
        title={t('books.reports.taxMonths', { year })}
        subtitle={t('books.reports.taxMonthsText')}
        actions={
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <YearPicker year={year} onChange={setYear} />
            <Button component={RouterLink} to={`/user/profitsandlossesyear?year=${year}`} variant="outlined" size="small">
              {t('books.reports.pnlYear')}
            </Button>
            <Button component={RouterLink} to={`/user/annualtotal?year=${year}`} variant="outlined" size="small">
              {t('books.reports.annualTotal')}
            </Button>
          </Stack>
        }
      />
      {months.isPending ? (
        <LoadingState />
      ) : months.isError ? (
        <ErrorState error={months.error} onRetry={() => months.refetch()} />
      ) : (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('books.reports.taxMonths', { year })} sx={compactOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>{t('books.reports.month')}</TableCell>
                <TableCell align="right">{t('books.reports.income')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('books.reports.outflows')}
                </TableCell>
                <TableCell align="right">{t('books.reports.net')}</TableCell>
                <TableCell>{t('books.reports.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.data.map((m) => (
                <TableRow key={m.month} hover>
                  <TableCell>
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
                    <Typography
                      variant="caption"
                      sx={{
                        color: 'text.secondary',
                        display: { xs: 'block', sm: 'none' },
                      }}
                    >
                      {t(`books.reports.${m.status}`)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={numeric}>
                    <Link
                      component={RouterLink}
                      to={link(m.month, '/user/dailyincome')}
                      color="inherit"
                      underline="hover"
                      aria-label={`${money(m.income)} ${t('books.reports.income')} ${name(m.month)}`}
                    >
                      {money(m.income)}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ ...numeric, display: { xs: 'none', sm: 'table-cell' } }}>
                    <Link
                      component={RouterLink}
                      to={link(m.month, '/user/monthdashboard')}
                      color="inherit"
                      underline="hover"
                      aria-label={`${money(m.outflows)} ${t('books.reports.outflows')} ${name(m.month)}`}
                    >
                      {money(m.outflows)}
                    </Link>
                  </TableCell>
                  <TableCell align="right" sx={{ ...numeric, fontWeight: 600, ...(m.net < 0 ? negative : {}) }}>
                    <Link
                      component={RouterLink}
                      to={link(m.month, '/user/profitsandlossesmonth')}
                      color="inherit"
                      underline="hover"
                      aria-label={`${money(m.net)} ${t('books.reports.net')} ${name(m.month)}`}
                    >
                      {money(m.net)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{
                        alignItems: 'center',
                      }}
                    >
                      <Chip
                        size="small"
                        label={t(`books.reports.${m.status}`)}
                        color={m.status === 'closed' ? 'default' : 'success'}
                        variant="outlined"
                        sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                      />
                      <StatusAction
                        action={m.status === 'closed' ? 'reopen' : 'close'}
                        label={`${t(m.status === 'closed' ? 'books.reports.reopen' : 'books.reports.close')} ${name(m.month)}`}
                        text={t(m.status === 'closed' ? 'books.reports.reopen' : 'books.reports.close')}
                        disabled={status.isPending}
                        onClick={() => (m.status === 'closed' ? status.mutate({ month: m.month, action: 'reopen' }) : setClosing(m))}
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter sx={totalsFooter}>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>{t('books.reports.total')}</TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                  {money(total('income'))}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>
                  {money(total('outflows'))}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
                  {money(total('net'))}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          </Table>
        </Card>
      )}
      <ConfirmDialog
        open={!!closing}
        title={closing ? t('books.reports.closeTitle', { month: name(closing.month) }) : ''}
        text={t('books.reports.closeText')}
        confirmLabel={t('books.reports.close')}
        pending={status.isPending}
        onConfirm={() => closing && status.mutate({ month: closing.month, action: 'close' })}
        onClose={() => setClosing(null)}
      />
      {notices.view}
    </Box>
  );
}
