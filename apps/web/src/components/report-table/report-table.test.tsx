import { screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { ReportTable, type ReportColumn, type ReportRow } from './report-table';

interface Line {
  name: string;
  amount: number;
  months: number[];
}
const columns: ReportColumn<Line>[] = [
  { id: 'line', header: 'Line', cell: (l) => l.name },
  { id: 'm1', header: 'Jan', money: (l) => l.months[0]!, dashZero: true },
  { id: 'total', header: 'Total', money: (l) => l.amount, loss: true, render: (text, l) => <a href={`/lines/${l.name}`}>{text}</a> },
];
const rows: ReportRow<Line>[] = [
  { kind: 'heading', key: 'h-income', label: 'Income' },
  { kind: 'line', key: 'sales', data: { name: 'Sales', amount: 123456, months: [123456] } },
  { kind: 'line', key: 'tips', data: { name: 'Tips', amount: 900719925474099, months: [0] }, sub: true },
  { kind: 'total', key: 't-income', label: 'Total income', values: { m1: 123456, total: 900719925597555 } },
  { kind: 'heading', key: 'h-opex', label: 'Operating expenses' },
  { kind: 'total', key: 't-net', label: 'Net profit', values: { m1: -5, total: -160160 } },
];

// The business currency comes from the settings; while they load, amounts are in dollars.
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  ),
);

const table = (props: Partial<Parameters<typeof ReportTable<Line>>[0]> = {}) => {
  renderApp(<ReportTable label="Profit and loss · year" columns={columns} rows={rows} {...props} />);
  return screen.getByRole('table', { name: 'Profit and loss · year' });
};

describe('ReportTable', () => {
  it('writes money exactly to the cent, right-aligned in digits of one width', () => {
    const t = table();
    const sales = within(t).getByRole('row', { name: /^Sales/ });
    const [jan, total] = within(sales).getAllByRole('cell');
    expect(jan).toHaveTextContent('$1,234.56');
    expect(jan).toHaveClass('MuiTableCell-alignRight');
    expect(jan).toHaveStyle({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
    // Beyond a float's exact range of cents, still to the cent.
    expect(within(t).getByRole('row', { name: /^Tips/ })).toHaveTextContent('$9,007,199,254,740.99');
    // A line's figure may be a link; the totals carry the text alone.
    expect(within(total!).getByRole('link', { name: '$1,234.56' })).toHaveAttribute('href', '/lines/Sales');
  });

  it('names its subtotals in the first cell of their row, as row headers, in bold', () => {
    const t = table();
    const income = within(t).getByRole('row', { name: 'Total income $1,234.56 $9,007,199,255,975.55' });
    const header = within(income).getByRole('rowheader', { name: 'Total income' });
    expect(header).toHaveStyle({ fontWeight: '700' });
    expect(within(income).queryByRole('link')).not.toBeInTheDocument();
    expect(within(t).getByRole('row', { name: 'Net profit -$0.05 -$1,601.60' })).toBeInTheDocument();
  });

  it('opens each section with a heading over its rows, and shows a zero it is told to as a dash', () => {
    const t = table();
    expect(within(t).getByRole('rowheader', { name: 'Income' })).toHaveAttribute('scope', 'rowgroup');
    expect(within(t).getByRole('rowheader', { name: 'Operating expenses' })).toHaveAttribute('colspan', '3');
    expect(within(within(t).getByRole('row', { name: /^Tips/ })).getAllByRole('cell')[0]).toHaveTextContent('—');
  });

  it('keeps the line names and the total in view when sticky, the heading spanning the columns between', () => {
    const t = table({ sticky: true });
    const head = within(t).getAllByRole('columnheader');
    expect(head[0]).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(head.at(-1)).toHaveStyle({ position: 'sticky', right: '0px' });
    expect(head[1]).not.toHaveStyle({ position: 'sticky' });
    const heading = within(t).getByRole('rowheader', { name: 'Income' }).closest('tr')!;
    expect(heading.querySelectorAll('td')).toHaveLength(2);
  });

  it('puts totals in the footer when given there, and can do without column headers', () => {
    renderApp(
      <ReportTable
        label="Self-employment tax"
        head={false}
        columns={[
          { id: 'name', header: '', cell: (r: { name: string; amount: number }) => r.name },
          { id: 'amount', header: '', money: (r) => r.amount },
        ]}
        rows={[{ kind: 'line', key: 'medicare', data: { name: 'Medicare', amount: 2900 } }]}
        footer={[{ kind: 'total', key: 'total', label: 'Self-employment tax', values: { amount: 2900 } }]}
      />,
    );
    const t = screen.getByRole('table', { name: 'Self-employment tax' });
    expect(within(t).queryAllByRole('columnheader')).toHaveLength(0);
    expect(t.querySelector('tfoot')).toHaveTextContent('Self-employment tax$29.00');
  });
});
