import { Link as RouterLink } from 'react-router';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalStyles, Link } from '@mui/material';
import type { Pnl } from '@cuadre/contracts';
import { ReportTable, type ReportColumn, type ReportRow } from '@/components/report-table/report-table';
import { formatMonthName } from '@/lib/format';
import { dateFormat, numberFormat } from '@/lib/intl';

/** A line of the report: its name, its amount, and in a year its twelve months. */
interface Line {
  label: string;
  amount: number;
  months?: number[];
}

/** The report's rows in reading order: each section's heading, its lines, its named subtotal; then the profits. */
function pnlRows(pnl: Pnl, t: (key: string) => string, values: (amount: number, months?: number[]) => Record<string, ReactNode | number>): ReportRow<Line>[] {
  const lines = (section: Pnl['lines'][number]['section']): ReportRow<Line>[] =>
    pnl.lines
      .filter((l) => l.section === section)
      .map((l) => ({
        kind: 'line',
        key: `${l.kind}-${l.categoryId}-${l.subcategoryId ?? ''}`,
        data: { label: l.name, amount: l.amount, months: l.months },
        sub: !!l.level,
      }));
  const m = pnl.monthly;
  const total = (key: string, label: string, amount: number, months?: number[]) => ({
    kind: 'total' as const,
    key,
    label: t(label),
    values: values(amount, months),
  });
  return [
    { kind: 'heading', key: 'h-income', label: t('books.reports.income') },
    ...lines('income'),
    total('t-income', 'books.reports.totalIncome', pnl.income, m?.income),
    { kind: 'heading', key: 'h-cogs', label: t('books.reports.costOfGoods') },
    ...lines('cost_of_goods'),
    total('t-cogs', 'books.reports.totalCostOfGoods', pnl.costOfGoods, m?.costOfGoods),
    total('t-gross', 'books.reports.grossProfit', pnl.grossProfit, m?.grossProfit),
    { kind: 'heading', key: 'h-opex', label: t('books.reports.operatingExpenses') },
    ...lines('operating_expenses'),
    total('t-opex', 'books.reports.totalOperatingExpenses', pnl.operatingExpenses, m?.operatingExpenses),
    total('t-net', 'books.reports.netProfit', pnl.net, m?.net),
  ];
}

/**
 * A profit and loss as a table: sections, their lines (subcategories indented), named subtotals. A
 * month is one column of figures and its share of income; a year is twelve month columns and the total.
 */
export function PnlTable({ pnl }: { pnl: Pnl }) {
  return pnl.month ? <MonthTable pnl={pnl} /> : <YearTable pnl={pnl} />;
}

function MonthTable({ pnl }: { pnl: Pnl }) {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const share = (amount: number) => (pnl.income > 0 ? percent.format(amount / pnl.income) : '—');
  const columns: ReportColumn<Line>[] = [
    { id: 'line', header: t('books.reports.line'), cell: (r) => r.label },
    { id: 'amount', header: t('books.reports.amount'), money: (r) => r.amount },
    {
      id: 'share',
      header: t('books.reports.share'),
      cell: (r) => share(r.amount),
      numeric: true,
      wide: true,
      sx: { color: 'text.secondary', fontWeight: 400 },
    },
  ];
  return <ReportTable label={t('books.reports.pnlMonth')} columns={columns} rows={pnlRows(pnl, t, (amount) => ({ amount, share: share(amount) }))} />;
}

/** A subtotal's twelve months and its total, by column. */
const yearValues = (amount: number, byMonth?: number[]) => ({ ...Object.fromEntries((byMonth ?? []).map((v, i) => [`m${i + 1}`, v])), total: amount });

function YearTable({ pnl }: { pnl: Pnl }) {
  const { t, i18n } = useTranslation();
  const monthName = dateFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  const columns: ReportColumn<Line>[] = [
    { id: 'line', header: t('books.reports.line'), cell: (r) => r.label },
    ...months.map((m): ReportColumn<Line> => ({
      id: `m${m}`,
      // A month's heading opens its own profit and loss, the exact figures in full.
      header: (
        <Link
          component={RouterLink}
          to={`/user/profitsandlossesmonth?year=${pnl.year}&month=${m}`}
          underline="hover"
          color="inherit"
          title={formatMonthName(pnl.year, m, i18n.language)}
        >
          {monthName.format(Date.UTC(pnl.year, m - 1, 1))}
        </Link>
      ),
      headerSx: { textTransform: 'capitalize', whiteSpace: 'nowrap' },
      money: (r) => r.months?.[m - 1] ?? 0,
      compact: true,
      dashZero: true,
    })),
    { id: 'total', header: t('books.reports.total'), money: (r) => r.amount, sx: { fontWeight: 700 } },
  ];
  // The same rows while the figures and the language stay, so the table measures its fit only when they change.
  const rows = useMemo(() => pnlRows(pnl, t, yearValues), [pnl, t]);
  return (
    <>
      <ReportTable label={t('books.reports.pnlYear')} columns={columns} rows={rows} sticky fit="whole-when-tight" wholeNote={t('books.reports.roundedNote')} />
      <GlobalStyles styles={{ '@page': { size: 'landscape' } }} />
    </>
  );
}
