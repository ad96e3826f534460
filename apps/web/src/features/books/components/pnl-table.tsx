import { useTranslation } from 'react-i18next';
import { Card, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Pnl } from '@cuadre/contracts';
import { useMoney } from '@/lib/settings';
import { numeric } from './report-parts';
import { dateFormat, numberFormat } from '@/lib/intl';

/**
 * A profit and loss as a table: sections, their lines (subcategories indented), totals. For a year,
 * twelve month columns and the total; they scroll sideways under a first column that stays put.
 */
export function PnlTable({ pnl }: { pnl: Pnl }) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const year = !pnl.month;
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const share = (amount: number) => (pnl.income > 0 ? percent.format(amount / pnl.income) : '—');
  const monthNames = Array.from({ length: 12 }, (_, i) => dateFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(pnl.year, i, 1)));
  // The first column stays in view while the months scroll under it.
  const sticky = year ? ({ position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 180, maxWidth: 260 } as const) : {};
  const cells = (amount: number, months: number[] | undefined, bold = false) =>
    year ? (
      <>
        {(months ?? []).map((v, i) => (
          <TableCell key={i} align="right" sx={{ ...numeric, fontWeight: bold ? 700 : undefined }}>
            {v ? money(v) : '—'}
          </TableCell>
        ))}
        <TableCell align="right" sx={{ ...numeric, fontWeight: 700 }}>
          {money(amount)}
        </TableCell>
      </>
    ) : (
      <>
        <TableCell align="right" sx={{ ...numeric, fontWeight: bold ? 700 : undefined }}>
          {money(amount)}
        </TableCell>
        <TableCell align="right" sx={{ ...numeric, color: 'text.secondary', display: { xs: 'none', sm: 'table-cell' } }}>
          {share(amount)}
        </TableCell>
      </>
    );
  const heading = (label: string) => (
    <TableRow>
      <TableCell component="th" scope="rowgroup" colSpan={year ? 14 : 3} sx={{ fontWeight: 700, bgcolor: 'action.hover', ...sticky }}>
        {label}
      </TableCell>
    </TableRow>
  );
  const total = (label: string, amount: number, months: number[] | undefined) => (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700, ...sticky }}>
        {label}
      </TableCell>
      {cells(amount, months, true)}
    </TableRow>
  );
  const section = (s: Pnl['lines'][number]['section']) =>
    pnl.lines
      .filter((l) => l.section === s)
      .map((l) => (
        <TableRow key={`${l.kind}-${l.categoryId}-${l.subcategoryId ?? ''}`} hover>
          <TableCell component="th" scope="row" sx={{ pl: l.level ? 4 : 2, color: l.level ? 'text.secondary' : undefined, ...sticky }}>
            {l.name}
          </TableCell>
          {cells(l.amount, l.months)}
        </TableRow>
      ));
  return (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t(year ? 'books.reports.pnlYear' : 'books.reports.pnlMonth')} sx={{ minWidth: year ? 1200 : undefined }}>
        <TableHead>
          <TableRow>
            <TableCell sx={sticky}>{t('books.reports.line')}</TableCell>
            {year ? (
              <>
                {monthNames.map((m) => (
                  <TableCell key={m} align="right" sx={{ textTransform: 'capitalize' }}>
                    {m}
                  </TableCell>
                ))}
                <TableCell align="right">{t('books.reports.total')}</TableCell>
              </>
            ) : (
              <>
                <TableCell align="right">{t('books.reports.amount')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('books.reports.share')}
                </TableCell>
              </>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {heading(t('books.reports.income'))}
          {section('income')}
          {total(t('books.reports.income'), pnl.income, pnl.monthly?.income)}
          {heading(t('books.reports.costOfGoods'))}
          {section('cost_of_goods')}
          {total(t('books.reports.costOfGoods'), pnl.costOfGoods, pnl.monthly?.costOfGoods)}
          {total(t('books.reports.grossProfit'), pnl.grossProfit, pnl.monthly?.grossProfit)}
          {heading(t('books.reports.operatingExpenses'))}
          {section('operating_expenses')}
          {total(t('books.reports.operatingExpenses'), pnl.operatingExpenses, pnl.monthly?.operatingExpenses)}
          {total(t('books.reports.netProfit'), pnl.net, pnl.monthly?.net)}
        </TableBody>
      </Table>
    </Card>
  );
}
