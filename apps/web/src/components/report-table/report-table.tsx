import { useMemo, useRef, type ReactNode } from 'react';
import { Card, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography, type SxProps, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useMoney } from '@/lib/settings';
import { roundToWholeUnits } from '@/lib/money';
import { useWholeWhenTight } from './whole-when-tight';

/** Figures in a column: digits of one width, never wrapped. */
export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** A loss, in a red that keeps 4.5:1 on either scheme (the dark scheme's error.main is 4:1 on its paper). */
export const negative = { color: 'error.main', '.dark &': { color: 'error.light' } } as const;

/**
 * A column of a report. One column names the row (its cells are row headers; the first unless the
 * table says otherwise). A money column takes integer
 * cents and writes them exactly in the business currency, right-aligned in tabular digits; any other
 * column draws what `cell` gives (`numeric` right-aligns it in tabular digits too).
 */
export interface ReportColumn<R> {
  id: string;
  header: ReactNode;
  /** The row's amount in integer cents; none reads "—". */
  money?: (row: R) => number | null;
  /** What a line row shows in a money column, given the amount's text (a link, a count beside it); totals show the text alone. */
  render?: (text: string, row: R) => ReactNode;
  /** The cell of a column that is not money. */
  cell?: (row: R) => ReactNode;
  numeric?: boolean;
  /** A column of checkboxes, as narrow as they are. */
  checkbox?: boolean;
  /** Losses in red. */
  loss?: boolean;
  /** No amount (zero) reads "—". */
  dashZero?: boolean;
  /** May shorten to whole units when the table is too wide for its frame (`fit="whole-when-tight"`). */
  compact?: boolean;
  /** Not shown on a phone. */
  wide?: boolean;
  /** The column's cells' own look (a colour, a weight). */
  sx?: SxProps<Theme>;
  headerSx?: SxProps<Theme>;
}

/**
 * The rows of a report, in reading order: a section's heading, its lines (a subcategory's line is
 * `sub`, indented; an `emphasis` line is a group's own figure), and its named subtotals, whose
 * `values` are keyed by column id (numbers in money columns are amounts in cents).
 */
export type ReportRow<R> =
  | { kind: 'heading'; key: string; label: ReactNode }
  | { kind: 'line'; key: string; data: R; sub?: boolean; emphasis?: boolean }
  | { kind: 'total'; key: string; label: ReactNode; values: Partial<Record<string, ReactNode | number>> };

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
  '@media print': { width: 'auto', minWidth: 0 },
} as const;
const stickyLast = {
  position: 'sticky',
  right: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  boxShadow: (theme: Theme) => `inset 1px 0 0 ${(theme.vars ?? theme).palette.divider}`,
} as const;
const onPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Every report table: shaded headings and hovered rows; totals in the footer read like the rows above them. */
const base = {
  '& tbody tr:hover > *, & tr[data-heading] > *': { backgroundImage: shade },
  '& .MuiTableCell-root[data-sub]': { pl: 4, color: 'text.secondary' },
  // MUI's table footer is small and grey.
  '& tfoot td, & tfoot th': { fontSize: '0.875rem', color: 'text.primary' },
} as const;
/**
 * A cell's padding: a dense table's cells are tighter on a phone, so four columns fit 390 px; a
 * sticky table's are tight everywhere, so twelve months and a total fit 1280 px. Set on each cell
 * (by its place in the row), where the table's own rules below cannot outweigh it.
 */
function padding(mode: 'normal' | 'dense' | 'sticky', first: boolean, last: boolean) {
  if (mode === 'dense') return { px: { xs: 1, sm: 2 }, ...(first ? { pl: 2 } : {}), ...(last ? { pr: { xs: 1, sm: 2 } } : {}) };
  if (mode === 'sticky') return { px: 0.5, py: 0.75, ...(first ? { pl: 1.5, pr: 1 } : {}), ...(last ? { pr: 1.5 } : {}) };
  return {};
}
/** Many columns in small type, the first and the last kept in view while the others scroll between them. */
const wideTable = {
  // Separate borders move with the sticky cells (collapsed ones stay behind in the grid).
  borderCollapse: 'separate',
  borderSpacing: 0,
  '& .MuiTableCell-root': { fontSize: '0.75rem', lineHeight: 1.35 },
  '& .MuiTableCell-root[data-sub]': { pl: 3 },
  // Rounded figures show their whole units; the exact amount stays in the cell for screen readers.
  '& .report-whole': { display: 'none' },
  '&[data-whole] .report-whole': { display: 'inline' },
  '&[data-whole] .report-exact': visuallyHidden,
  // On paper the figures are exact, in small type on a landscape page, with nothing sticky.
  '@media print': {
    '& .MuiTableCell-root': { fontSize: '9px', px: '3px', py: '2px', position: 'static', boxShadow: 'none', backgroundImage: 'none' },
    '&[data-whole] .report-whole': { display: 'none' },
    '&[data-whole] .report-exact': { position: 'static', width: 'auto', height: 'auto', margin: 0, clip: 'auto', overflow: 'visible' },
  },
} as const;

/** The frame of a report's table: an outlined card that scrolls sideways on a phone, with an optional heading. */
export function ReportCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ overflowX: 'auto' }}>
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
          {title}
        </Typography>
      )}
      {children}
    </Card>
  );
}

/**
 * A report's table. `label` names it for assistive technology. `sticky` keeps the first column (the
 * line names) and the last (the total) in view while the columns between scroll; with
 * `fit="whole-when-tight"` its `compact` columns show whole units when the exact figures do not fit
 * the frame (each cell keeps the exact figure for screen readers and in its tooltip), and scroll with
 * the exact figures when even whole units do not fit, and `wholeNote` says so under the table.
 * `framed={false}` leaves the frame to a surrounding `ReportCard`.
 */
export function ReportTable<R>({
  label,
  columns,
  rows,
  footer,
  sticky = false,
  fit = 'exact',
  density = 'normal',
  framed = true,
  wholeNote,
  head = true,
  rowHeader = 0,
}: {
  label: string;
  columns: ReportColumn<R>[];
  rows: ReportRow<R>[];
  footer?: ReportRow<R>[];
  sticky?: boolean;
  fit?: 'exact' | 'whole-when-tight';
  density?: 'normal' | 'dense';
  framed?: boolean;
  wholeNote?: string;
  /** Whether the columns' headers show (a list of named figures needs none). */
  head?: boolean;
  /** Which column names the row (its cells are row headers, and subtotals' names stand in it); the first by default. */
  rowHeader?: number;
}) {
  const { money } = useMoney();
  const frame = useRef<HTMLDivElement>(null);
  // What the table's width depends on: the rows, and the language and currency they are written in.
  const content = useMemo(() => ({ rows, footer, money }), [rows, footer, money]);
  const whole = useWholeWhenTight(frame, content, fit === 'whole-when-tight');
  const last = columns.length - 1;
  const mode = sticky ? 'sticky' : density;

  // Whole units in the same format as every other amount (the text money() gives), without the cents
  // and without the currency sign, which the total column beside them carries: "$16,513.98" → "16,514".
  const rounded = (cents: number) =>
    money(roundToWholeUnits(cents))
      .replace(/[.,]00(?=\D*$)/, '')
      .replace(/[^\d.,\s\-\u2212]/g, '')
      .trim();

  const cellSx = (col: ReportColumn<R>, i: number, strong: boolean, amount?: number): SxProps<Theme> => [
    col.money || col.numeric ? numeric : {},
    col.wide ? onPhone : {},
    padding(mode, i === 0, i === last),
    sticky && i === 0 ? stickyFirst : {},
    sticky && i === last ? stickyLast : {},
    strong ? { fontWeight: 700 } : {},
    ...(Array.isArray(col.sx) ? col.sx : [col.sx ?? {}]),
    col.loss && amount !== undefined && amount < 0 ? negative : {},
  ];

  /** A money cell's content and tooltip. */
  const amountOf = (col: ReportColumn<R>, cents: number): { content: ReactNode; title?: string } => {
    if (col.dashZero && !cents) return { content: '—' };
    if (!col.compact || fit !== 'whole-when-tight') return { content: money(cents) };
    return {
      content: (
        <>
          <span className="report-whole" aria-hidden>
            {rounded(cents)}
          </span>
          <span className="report-exact">{money(cents)}</span>
        </>
      ),
      title: whole ? money(cents) : undefined,
    };
  };

  const renderRow = (r: ReportRow<R>) => {
    if (r.kind === 'heading') {
      return (
        <TableRow key={r.key} data-heading>
          {sticky ? (
            <>
              <TableCell component="th" scope="rowgroup" sx={{ ...padding(mode, true, false), ...stickyFirst, fontWeight: 700 }}>
                {r.label}
              </TableCell>
              <TableCell colSpan={columns.length - 2} sx={padding(mode, false, false)} />
              <TableCell sx={{ ...padding(mode, false, true), ...stickyLast }} />
            </>
          ) : (
            <TableCell component="th" scope="rowgroup" colSpan={columns.length} sx={{ ...padding(mode, true, true), fontWeight: 700 }}>
              {r.label}
            </TableCell>
          )}
        </TableRow>
      );
    }
    const strong = r.kind === 'total';
    return (
      <TableRow key={r.key}>
        {columns.map((col, i) => {
          const first = i === rowHeader;
          let content: ReactNode;
          let amount: number | undefined;
          let title: string | undefined;
          if (r.kind === 'total') {
            const v = first ? r.label : r.values[col.id];
            if (col.money && typeof v === 'number') {
              amount = v;
              ({ content, title } = amountOf(col, v));
            } else content = v;
          } else if (col.money) {
            const cents = col.money(r.data);
            if (cents === null) content = '—';
            else {
              amount = cents;
              const shown = amountOf(col, cents);
              title = shown.title;
              content = col.render && typeof shown.content === 'string' ? col.render(shown.content, r.data) : shown.content;
            }
          } else content = col.cell?.(r.data);
          const emphasis = r.kind === 'line' && r.emphasis && (first || !!col.money) ? { fontWeight: 600 } : {};
          return (
            <TableCell
              key={col.id}
              component={first ? 'th' : undefined}
              scope={first ? 'row' : undefined}
              align={col.money || col.numeric ? 'right' : undefined}
              title={title}
              padding={col.checkbox ? 'checkbox' : undefined}
              data-sub={first && r.kind === 'line' && r.sub ? true : undefined}
              sx={[cellSx(col, i, strong, amount), emphasis].flat() as SxProps<Theme>}
            >
              {content}
            </TableCell>
          );
        })}
      </TableRow>
    );
  };

  const table = (
    <Table size="small" aria-label={label} data-whole={whole || undefined} sx={[base, sticky ? wideTable : {}] as SxProps<Theme>}>
      {head && (
        <TableHead>
          <TableRow>
            {columns.map((col, i) => (
              <TableCell
                key={col.id}
                align={col.money || col.numeric ? 'right' : undefined}
                padding={col.checkbox ? 'checkbox' : undefined}
                sx={
                  [
                    col.wide ? onPhone : {},
                    padding(mode, i === 0, i === last),
                    sticky && i === 0 ? stickyFirst : {},
                    sticky && i === last ? stickyLast : {},
                    ...(Array.isArray(col.headerSx) ? col.headerSx : [col.headerSx ?? {}]),
                  ] as SxProps<Theme>
                }
              >
                {col.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
      )}
      <TableBody>{rows.map(renderRow)}</TableBody>
      {footer && footer.length > 0 && <TableFooter>{footer.map(renderRow)}</TableFooter>}
    </Table>
  );
  if (!framed) return table;
  return (
    <>
      <Card ref={frame} variant="outlined" sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
        {table}
      </Card>
      {whole && wholeNote && (
        <Typography variant="caption" component="p" data-print="hide" sx={{ color: 'text.secondary', mt: 1 }}>
          {wholeNote}
        </Typography>
      )}
    </>
  );
}
