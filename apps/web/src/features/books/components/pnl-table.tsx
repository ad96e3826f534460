import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, GlobalStyles, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { Pnl } from '@cuadre/contracts';
import { formatMonthName } from '@/lib/format';
import { roundToWholeUnits } from '@/lib/money';
import { useMoney } from '@/lib/settings';
import { numeric } from './report-parts';
import { dateFormat, numberFormat } from '@/lib/intl';

type Row =
  { kind: 'heading'; key: string; label: string } | { kind: 'line' | 'total'; key: string; label: string; amount: number; months?: number[]; level?: number };

/** The report's rows in reading order: each section's heading, its lines, its named subtotal; then the profits. */
function pnlRows(pnl: Pnl, t: (key: string) => string): Row[] {
  const lines = (section: Pnl['lines'][number]['section']): Row[] =>
    pnl.lines
      .filter((l) => l.section === section)
      .map((l) => ({
        kind: 'line',
        key: `${l.kind}-${l.categoryId}-${l.subcategoryId ?? ''}`,
        label: l.name,
        amount: l.amount,
        months: l.months,
        level: l.level,
      }));
  const m = pnl.monthly;
  return [
    { kind: 'heading', key: 'h-income', label: t('books.reports.income') },
    ...lines('income'),
    { kind: 'total', key: 't-income', label: t('books.reports.totalIncome'), amount: pnl.income, months: m?.income },
    { kind: 'heading', key: 'h-cogs', label: t('books.reports.costOfGoods') },
    ...lines('cost_of_goods'),
    { kind: 'total', key: 't-cogs', label: t('books.reports.totalCostOfGoods'), amount: pnl.costOfGoods, months: m?.costOfGoods },
    { kind: 'total', key: 't-gross', label: t('books.reports.grossProfit'), amount: pnl.grossProfit, months: m?.grossProfit },
    { kind: 'heading', key: 'h-opex', label: t('books.reports.operatingExpenses') },
    ...lines('operating_expenses'),
    { kind: 'total', key: 't-opex', label: t('books.reports.totalOperatingExpenses'), amount: pnl.operatingExpenses, months: m?.operatingExpenses },
    { kind: 'total', key: 't-net', label: t('books.reports.netProfit'), amount: pnl.net, months: m?.net },
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
  const { money } = useMoney();
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const share = (amount: number) => (pnl.income > 0 ? percent.format(amount / pnl.income) : '—');
  const shareCell = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('books.reports.pnlMonth')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('books.reports.line')}</TableCell>
            <TableCell align="right">{t('books.reports.amount')}</TableCell>
            <TableCell align="right" sx={shareCell}>
              {t('books.reports.share')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pnlRows(pnl, t).map((r) =>
            r.kind === 'heading' ? (
              <TableRow key={r.key}>
                <TableCell component="th" scope="rowgroup" colSpan={3} sx={{ fontWeight: 700, bgcolor: 'action.hover' }}>
                  {r.label}
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={r.key} hover={r.kind === 'line'}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ fontWeight: r.kind === 'total' ? 700 : undefined, pl: r.level ? 4 : 2, color: r.level ? 'text.secondary' : undefined }}
                >
                  {r.label}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: r.kind === 'total' ? 700 : undefined }}>
                  {money(r.amount)}
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, ...shareCell, color: 'text.secondary' }}>
                  {share(r.amount)}
                </TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </Card>
  );
}

/**
 * Whether the month columns show whole units. Exact figures first; when the table is wider than its
 * frame, whole units are tried; if the table still does not fit (a phone), it scrolls with the exact
 * figures, since rounding would then hide the cents for nothing. Measured again at every new width
 * or new figures, before the browser paints, so no step of the trial is ever seen.
 */
function useWholeWhenTight(frame: RefObject<HTMLElement | null>, figures: unknown): boolean {
  const [width, setWidth] = useState<number | null>(null);
  const [fit, setFit] = useState<{ width: number | null; figures: unknown; mode: 'exact' | 'whole' | 'scroll' }>({ width: null, figures, mode: 'exact' });
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  const current = fit.width === width && fit.figures === figures ? fit.mode : 'exact';
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || width === null) return;
    const overflows = el.scrollWidth > el.clientWidth;
    if (current === 'exact' && overflows) setFit({ width, figures, mode: 'whole' });
    else if (current === 'whole' && overflows) setFit({ width, figures, mode: 'scroll' });
    else if (fit.width !== width || fit.figures !== figures) setFit({ width, figures, mode: current });
  }, [frame, width, current, figures, fit.width, fit.figures]);
  return current === 'whole';
}

/** Sticky cells cover what scrolls under them, so they carry the paper's colour, shaded like their row. */
// Through the theme's CSS variables, so the shade and the edges follow the scheme in use.
const shade = (theme: Theme) => `linear-gradient(${(theme.vars ?? theme).palette.action.hover}, ${(theme.vars ?? theme).palette.action.hover})`;
const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  width: { xs: 112, sm: 132 },
  minWidth: { xs: 112, sm: 132 },
  whiteSpace: 'normal',
  boxShadow: (theme: Theme) => `inset -1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
} as const;
const stickyLast = {
  position: 'sticky',
  right: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
} as const;

const yearTable = {
  // Separate borders move with the sticky cells (collapsed ones stay behind in the grid).
  borderCollapse: 'separate',
  borderSpacing: 0,
  '& .MuiTableCell-root': { fontSize: '0.75rem', lineHeight: 1.35, px: 0.5, py: 0.75 },
  '& .MuiTableCell-root:first-child': { pl: 1.5, pr: 1 },
  '& .MuiTableCell-root:last-child': { pr: 1.5 },
  '& .MuiTableCell-root[data-sub]': { pl: 3 },
  '& tbody tr:hover > *, & tr[data-heading] > *': { backgroundImage: shade },
  // Rounded months show their whole units; the exact amount stays in the cell for screen readers.
  '& .pnl-whole': { display: 'none' },
  '&[data-whole] .pnl-whole': { display: 'inline' },
  '&[data-whole] .pnl-exact': visuallyHidden,
  // On paper the year is exact, in small type on a landscape page, with nothing sticky.
  '@media print': {
    '& .MuiTableCell-root': { fontSize: '9px', px: '3px', py: '2px', position: 'static', boxShadow: 'none', backgroundImage: 'none' },
    '& .MuiTableCell-root:first-child': { width: 'auto', minWidth: 0 },
    '&[data-whole] .pnl-whole': { display: 'none' },
    '&[data-whole] .pnl-exact': { position: 'static', width: 'auto', height: 'auto', margin: 0, clip: 'auto', overflow: 'visible' },
  },
} as const;

function YearTable({ pnl }: { pnl: Pnl }) {
  const { t, i18n } = useTranslation();
  const { money } = useMoney();
  const frame = useRef<HTMLDivElement>(null);
  // What the table's width depends on: the figures, and the language and currency they are written in.
  const content = useMemo(() => ({ pnl, money }), [pnl, money]);
  const whole = useWholeWhenTight(frame, content);
  const monthName = dateFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => i + 1);
  // Whole units in the same format as every other amount (the text money() gives), without the cents
  // and without the currency sign, which the total column beside them carries: "$16,513.98" → "16,514".
  const rounded = (cents: number) =>
    money(roundToWholeUnits(cents))
      .replace(/[.,]00(?=\D*$)/, '')
      .replace(/[^\d.,\s\-\u2212]/g, '')
      .trim();
  const figure = (cents: number) =>
    cents ? (
      <>
        <span className="pnl-whole" aria-hidden>
          {rounded(cents)}
        </span>
        <span className="pnl-exact">{money(cents)}</span>
      </>
    ) : (
      '—'
    );
  return (
    <>
      <Card ref={frame} variant="outlined" sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
        <Table size="small" aria-label={t('books.reports.pnlYear')} data-whole={whole || undefined} sx={yearTable}>
          <TableHead>
            <TableRow>
              <TableCell sx={stickyFirst}>{t('books.reports.line')}</TableCell>
              {months.map((m) => (
                <TableCell key={m} align="right" sx={{ textTransform: 'capitalize', whiteSpace: 'nowrap' }}>
                  {/* A month's heading opens its own profit and loss, the exact figures in full. */}
                  <Link
                    component={RouterLink}
                    to={`/user/profitsandlossesmonth?year=${pnl.year}&month=${m}`}
                    underline="hover"
                    color="inherit"
                    title={formatMonthName(pnl.year, m, i18n.language)}
                  >
                    {monthName.format(Date.UTC(pnl.year, m - 1, 1))}
                  </Link>
                </TableCell>
              ))}
              <TableCell align="right" sx={stickyLast}>
                {t('books.reports.total')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pnlRows(pnl, t).map((r) =>
              r.kind === 'heading' ? (
                <TableRow key={r.key} data-heading>
                  <TableCell component="th" scope="rowgroup" sx={{ ...stickyFirst, fontWeight: 700 }}>
                    {r.label}
                  </TableCell>
                  <TableCell colSpan={12} />
                  <TableCell sx={stickyLast} />
                </TableRow>
              ) : (
                <TableRow key={r.key}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{
                      ...stickyFirst,
                      fontWeight: r.kind === 'total' ? 700 : undefined,
                      color: r.level ? 'text.secondary' : undefined,
                    }}
                    data-sub={r.level ? true : undefined}
                  >
                    {r.label}
                  </TableCell>
                  {(r.months ?? []).map((v, i) => (
                    <TableCell
                      key={i}
                      align="right"
                      title={whole && v ? money(v) : undefined}
                      sx={{ ...numeric, fontWeight: r.kind === 'total' ? 700 : undefined }}
                    >
                      {figure(v)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ ...numeric, ...stickyLast, fontWeight: 700 }}>
                    {money(r.amount)}
                  </TableCell>
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </Card>
      {whole && (
        <Typography
          variant="caption"
          component="p"
          data-print="hide"
          sx={{
            color: 'text.secondary',
            mt: 1,
          }}
        >
          {t('books.reports.roundedNote')}
        </Typography>
      )}
      <GlobalStyles styles={{ '@page': { size: 'landscape' } }} />
    </>
  );
}
