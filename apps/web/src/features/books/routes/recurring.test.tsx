import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenWide } from '@/test/screen';
import { renderApp } from '@/test/render';
import { entryOf, fakeServer, json, listPage } from '../test/fake-server';
import RecurringEntries from './recurring';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const rent = {
  id: 'r-1',
  template: { type: 'expense', amount: 185000, categoryId: 'c-office', paymentMethod: 'check', description: 'Shop rent' },
  type: 'expense',
  amount: 185000,
  categoryName: 'Office expenses',
  description: 'Shop rent',
  frequency: 'monthly',
  interval: 1,
  startDate: '2026-03-01',
  endDate: null,
  count: null,
  mode: 'remind',
  paused: false,
  nextDate: '2026-04-01',
  made: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

function serve() {
  return fakeServer((req) => {
    if (req.method === 'GET' && req.path.startsWith('/api/recurring')) return json(listPage([rent]));
    if (req.method === 'PATCH' && req.path === '/api/recurring/r-1') return json({ ...rent, paused: true });
    if (req.method === 'POST' && req.path === '/api/recurring/r-1/record')
      return json(entryOf({ id: 'e-9', date: '2026-03-01', amount: (req.body as { amount: number }).amount, recurringId: 'r-1' }), 201);
    return undefined;
  });
}

describe('the recurring entries screen', () => {
  it('lists each template with its next date, amount and rhythm, and pauses one', async () => {
    const server = serve();
    renderApp(<RecurringEntries />, { url: '/user/recurring' });
    const row = (await screen.findByText('Shop rent')).closest('tr')!;
    expect(within(row).getByText('$1,850.00')).toBeInTheDocument();
    expect(within(row).getByText('Every month')).toBeInTheDocument();
    expect(within(row).getByText('Remind me')).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Pause Shop rent' }));
    await waitFor(() => expect(server.posts('/api/recurring/r-1')).toHaveLength(1));
    expect(server.posts('/api/recurring/r-1')[0]!.body).toEqual({ paused: true });
    expect(await screen.findByText('Shop rent paused.')).toBeInTheDocument();
  });

  it('opened from a reminder, records the date with the amount as changed', async () => {
    const server = serve();
    renderApp(<RecurringEntries />, { url: '/user/recurring?record=r-1&date=2026-03-01' });
    const dialog = await screen.findByRole('dialog', { name: 'Record Shop rent' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('1850.00');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '1900');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(server.posts('/api/recurring/r-1/record')).toHaveLength(1));
    expect(server.posts('/api/recurring/r-1/record')[0]!.body).toEqual({ date: '2026-03-01', amount: 190000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with none yet, says how to make one and opens a new entry of the type chosen, set to repeat monthly', async () => {
    fakeServer((req) => (req.method === 'GET' && req.path.startsWith('/api/recurring') ? json(listPage([])) : undefined));
    renderApp(<RecurringEntries />, { url: '/user/recurring' });
    expect(await screen.findByText('No recurring entries yet')).toBeInTheDocument();
    const user = userEvent.setup();
    // One in the header, one in the empty state: both open the same choice.
    const buttons = screen.getAllByRole('button', { name: 'New recurring entry' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Expense' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Repeat' })).toHaveTextContent('Monthly');
  });
});
