import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenWide } from '@/test/screen';
import { fakeServer, json } from '../test/fake-server';
import { renderApp } from '@/test/render';
import { IncomeLinesForm } from './income-lines-form';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

describe('the hub’s quick add of income', () => {
  it('takes several lines and saves them as one batch, then closes', async () => {
    const server = fakeServer((req) =>
      req.method === 'POST' && req.path === '/api/entries/batch' ? json({ count: 2, amount: 30050, items: [] }, 201) : undefined,
    );
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderApp(<IncomeLinesForm defaultDate="2026-03-02" dialog={{ title: "The day's income", onClose, onSaved }} />, { url: '/user/dashboard' });
    const dialog = await screen.findByRole('dialog', { name: "The day's income" });
    await waitFor(() => expect(within(dialog).getAllByRole('combobox', { name: /^Category/ })[0]).toHaveTextContent('Sales'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 1' }), '100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add a line' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 2' }), '200');
    expect(within(dialog).getByText('2 lines · $300.50')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).toHaveBeenCalledWith(2);
    expect(server.posts('/api/entries/batch')[0]!.body).toEqual({
      entries: [
        { type: 'income', date: '2026-03-02', amount: 10050, categoryId: 'c-sales', paymentMethod: 'cash', description: null },
        { type: 'income', date: '2026-03-02', amount: 20000, categoryId: 'c-sales', paymentMethod: 'cash', description: null },
      ],
    });
  });

  it('asks before dropping typed lines for the one-entry form, and goes there at once when nothing is typed', async () => {
    fakeServer();
    const onSingle = vi.fn();
    const user = userEvent.setup();
    renderApp(<IncomeLinesForm defaultDate="2026-03-02" dialog={{ title: "The day's income", onClose: () => {}, onSingle }} />, { url: '/user/dashboard' });
    const dialog = await screen.findByRole('dialog', { name: "The day's income" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 1' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'One entry with a receipt' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(onSingle).not.toHaveBeenCalled();
    await user.click(within(leave).getByRole('button', { name: 'Leave' }));
    expect(onSingle).toHaveBeenCalledTimes(1);
  });
});
