import { screen, within } from '@testing-library/react';
import type { Pnl, PnlLine } from '@cuadre/contracts';
import { renderApp } from '@/test/render';
import { PnlTable } from './pnl-table';

const line = (over: Partial<PnlLine>): PnlLine => ({
  section: 'income',
  level: 0,
  kind: 'category',
  categoryId: 'c1',
  subcategoryId: null,
  name: 'Sales',
  taxLine: 'Line 1',
  amount: 0,
  share: null,
  ...over,
});
const months = (first: number, second: number) => [first, second, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const base = { income: 100000, costOfGoods: 0, grossProfit: 100000, operatingExpenses: 25099, mileageDeduction: 0, net: 74901, notDeductible: [] };

beforeEach(() => {
  // The business currency comes from the settings; while they load, amounts are in dollars.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  // jsdom lays nothing out: the year's table fits its frame, so it shows exact figures.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe('PnlTable', () => {
  it("shows a month's lines and named subtotals with exact cents and each one's share of income", () => {
    const pnl: Pnl = {
      year: 2025,
      month: 5,
      ...base,
      lines: [
        line({ amount: 100000 }),
        line({ section: 'operating_expenses', categoryId: 'c2', name: 'Office expenses', amount: 25099 }),
        line({ section: 'operating_expenses', level: 1, kind: 'subcategory', categoryId: 'c2', subcategoryId: 's1', name: 'Paper', amount: 25099 }),
      ],
    };
    renderApp(<PnlTable pnl={pnl} />);
    const table = screen.getByRole('table', { name: 'Profit and loss · month' });
    expect(within(table).getByRole('row', { name: 'Total income $1,000.00 100%' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Office expenses $250.99 25.1%' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Net profit $749.01 74.9%' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Paper' })).toHaveAttribute('data-sub');
    expect(within(table).getByRole('rowheader', { name: 'Operating expenses' })).toHaveAttribute('scope', 'rowgroup');
  });

  it("shows a year's twelve months, a dash for a month without figures, and the exact total at the end", () => {
    const pnl: Pnl = {
      year: 2025,
      month: null,
      ...base,
      lines: [
        line({ amount: 100000, months: months(60000, 40000) }),
        line({ section: 'operating_expenses', categoryId: 'c2', name: 'Office expenses', amount: 25099, months: months(25099, 0) }),
      ],
      monthly: {
        income: months(60000, 40000),
        costOfGoods: months(0, 0),
        grossProfit: months(60000, 40000),
        operatingExpenses: months(25099, 0),
        mileageDeduction: months(0, 0),
        net: months(34901, 40000),
      },
    };
    renderApp(<PnlTable pnl={pnl} />);
    const table = screen.getByRole('table', { name: 'Profit and loss · year' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Line', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Total']);
    const net = within(table).getByRole('row', { name: /^Net profit / });
    const cells = within(net).getAllByRole('cell');
    // Each month holds its whole units (shown when the table is tight) and its exact figure.
    expect(cells.map((c) => c.textContent)).toEqual(['349$349.01', '400$400.00', ...Array<string>(10).fill('—'), '$749.01']);
    expect(within(net).getByRole('rowheader')).toHaveTextContent('Net profit');
    // A month's heading opens that month's report.
    expect(within(table).getByRole('link', { name: 'Feb' })).toHaveAttribute('href', '/user/profitsandlossesmonth?year=2025&month=2');
  });
});
