import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenWide } from '@/test/screen';
import { apiError, entryOf, fakeServer, json, listPage } from '../test/fake-server';
import { renderApp } from '@/test/render';
import { EntryFormDialog, isUnusual } from './entry-form-dialog';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => setScreenWide(true));

const pdf = (name = 'ticket.pdf', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** A new expense's dialog; the server saves what it is sent as entry e-1 unless a test says otherwise. */
/** A template as the server answers it, from what was posted. */
const recurringOf = (body: Record<string, unknown>) => {
  const template = body.template as { type: string; amount?: number; description?: string | null };
  return {
    id: 'r-1',
    template,
    type: template.type,
    amount: template.amount ?? null,
    categoryName: 'Office expenses',
    description: template.description ?? null,
    frequency: body.frequency,
    interval: body.interval,
    startDate: body.startDate,
    endDate: null,
    count: null,
    mode: body.mode,
    paused: false,
    nextDate: '2026-05-05',
    made: 1,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
  };
};

function openNewExpense(handler: Parameters<typeof fakeServer>[0] = () => undefined) {
  const server = fakeServer((req) => {
    const own = handler(req);
    if (own) return own;
    if (req.method === 'POST' && req.path === '/api/entries') return json(entryOf({ ...(req.body as object), id: 'e-1' }), 201);
    if (req.method === 'POST' && req.path === '/api/entries/e-1/attachments')
      return json({ id: 'a-1', entryId: 'e-1', fileName: 'ticket.pdf', mime: 'application/pdf', size: 2048, createdAt: '2026-03-05T10:00:00.000Z' }, 201);
    return undefined;
  });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderApp(<EntryFormDialog open type="expense" defaultDate="2026-03-05" onClose={onClose} onSaved={onSaved} />, { url: '/user/dashboard' });
  return { server, onClose, onSaved };
}

async function fillExpense(amount = '45.99') {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'New entry: Expense' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), amount);
  await user.click(within(dialog).getByRole('combobox', { name: /^Category/ }));
  await user.click(await screen.findByRole('option', { name: 'Office expenses' }));
  return { user, dialog };
}

describe('the entry dialog', () => {
  it('offers Save first and "Save and add another" second; Save saves and closes', async () => {
    const { server, onClose, onSaved } = openNewExpense();
    const { user, dialog } = await fillExpense();
    const actions = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(actions.slice(-3)).toEqual(['Cancel', 'Save and add another', 'Save']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')).toHaveLength(1);
    expect(server.posts('/api/entries')[0]!.body).toMatchObject({ type: 'expense', date: '2026-03-05', amount: 4599, categoryId: 'c-office' });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'e-1' }), true);
  });

  it('offers a Vehicle only to an owner with vehicles, and sends the one chosen (docs/product.md, "Vehicle methods")', async () => {
    const van = {
      id: 'v-1',
      name: 'Van',
      make: null,
      model: null,
      year: null,
      plate: null,
      initialOdometer: null,
      active: true,
      createdAt: 'x',
      updatedAt: 'x',
    };
    const { server, onClose } = openNewExpense((req) => (req.path.startsWith('/api/vehicles') ? json(listPage([van])) : undefined));
    const { user, dialog } = await fillExpense();
    await user.click(await within(dialog).findByRole('combobox', { name: /^Vehicle/ }));
    await user.click(await screen.findByRole('option', { name: 'Van' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')[0]!.body).toMatchObject({ type: 'expense', amount: 4599, vehicleId: 'v-1' });
  });

  it('has no Vehicle field for an owner without vehicles', async () => {
    openNewExpense();
    const { dialog } = await fillExpense();
    expect(within(dialog).queryByRole('combobox', { name: /^Vehicle/ })).toBeNull();
  });

  it('Repeat: the entry and its monthly template in one call, the entry counted as the first occurrence', async () => {
    const { server, onClose, onSaved } = openNewExpense((req) =>
      req.method === 'POST' && req.path === '/api/recurring'
        ? json(
            {
              ...recurringOf(req.body as Record<string, unknown>),
              firstEntry: entryOf({ ...(req.body as { template: object }).template, id: 'e-7', date: '2026-03-05' }),
            },
            201,
          )
        : undefined,
    );
    const { user, dialog } = await fillExpense('1850');
    await user.click(within(dialog).getByRole('combobox', { name: /^Repeat/ }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }));
    const every = within(dialog).getByRole('textbox', { name: /^Every/ });
    await user.clear(every);
    await user.type(every, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')).toHaveLength(0);
    expect(server.posts('/api/recurring')[0]!.body).toEqual({
      template: expect.objectContaining({ type: 'expense', amount: 185000, categoryId: 'c-office' }),
      frequency: 'monthly',
      interval: 2,
      startDate: '2026-03-05',
      mode: 'record',
      recordFirst: true,
    });
    expect((server.posts('/api/recurring')[0]!.body as { template: object }).template).not.toHaveProperty('date');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'e-7' }), true);
  });

  it('"Save and add another" saves, says so, and stays open on a fresh line of the same day and category', async () => {
    const { server, onClose } = openNewExpense();
    const { user, dialog } = await fillExpense('12');
    await user.click(within(dialog).getByRole('button', { name: 'Save and add another' }));
    expect(await within(dialog).findByText('Saved. Enter the next one.')).toBeInTheDocument();
    expect(server.posts('/api/entries')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2026-03-05');
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveTextContent('Office expenses');
    // The saved line left nothing unsaved: leaving does not ask.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });

  it('closes an untouched form without a question, and asks before dropping typed values', async () => {
    const { onClose, server } = openNewExpense();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New entry: Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(server.posts(/./)).toHaveLength(0);
  });

  it('holds a picked receipt as a chip and uploads it to the entry once the entry is saved', async () => {
    const { server, onClose } = openNewExpense();
    const { user, dialog } = await fillExpense();
    await user.upload(within(dialog).getByLabelText('Attach a receipt', { selector: 'input' }), pdf());
    expect(within(dialog).getByText('ticket.pdf · 2 KB')).toBeInTheDocument();
    // Nothing leaves before the entry is saved.
    expect(server.posts(/attachments/)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const order = server.sent.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(order).toEqual(['/api/entries', '/api/entries/e-1/attachments']);
    const sentFile = (server.posts(/attachments/)[0]!.body as FormData).get('file') as File;
    expect(sentFile.name).toBe('ticket.pdf');
  });

  it('removes a held receipt with its button, and refuses a file that is not a receipt, saying why', async () => {
    const { server, onClose } = openNewExpense();
    const { user, dialog } = await fillExpense();
    const input = within(dialog).getByLabelText('Attach a receipt', { selector: 'input' });
    await user.upload(input, pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is larger than 10 MB.');
    // userEvent.upload honours `accept`; a file dropped past it is what the check is for.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Attach a JPEG, PNG or WebP image, or a PDF.');
    expect(within(dialog).queryByText(/notes\.txt/)).not.toBeInTheDocument();

    await user.upload(input, pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Remove ticket.pdf' }));
    expect(within(dialog).queryByText(/ticket\.pdf/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.posts(/attachments/)).toHaveLength(0);
  });

  it('keeps the saved entry when its receipt is refused for its type, keeps the form as saved, and takes another file (not the same again)', async () => {
    let failures = 1;
    const { server, onClose } = openNewExpense((req) =>
      req.path === '/api/entries/e-1/attachments' && failures-- > 0
        ? apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Attach a JPEG, PNG, WebP image or a PDF')
        : undefined,
    );
    const { user, dialog } = await fillExpense();
    await user.upload(within(dialog).getByLabelText('Attach a receipt', { selector: 'input' }), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The entry is saved, but its receipt ticket.pdf was not uploaded.');
    expect(alert).toHaveTextContent('Attach a JPEG, PNG, WebP image or a PDF');
    expect(onClose).not.toHaveBeenCalled();
    // The form still shows what was saved; saving again is off, so the entry cannot be recorded twice.
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('45.99');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save and add another' })).toBeDisabled();
    // Sending the same file again cannot help: another one is asked for.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.upload(within(alert).getByLabelText('Choose another file'), pdf('ticket-2.pdf'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')).toHaveLength(1);
    const sent = server.posts('/api/entries/e-1/attachments').map((r) => ((r.body as FormData).get('file') as File).name);
    expect(sent).toEqual(['ticket.pdf', 'ticket-2.pdf']);
  });

  it('sends the same receipt again when its upload failed on the way (not for the file itself)', async () => {
    let failures = 1;
    const { server, onClose } = openNewExpense((req) =>
      req.path === '/api/entries/e-1/attachments' && failures-- > 0 ? apiError(503, 'UNAVAILABLE', 'Try again in a moment') : undefined,
    );
    const { user, dialog } = await fillExpense();
    await user.upload(within(dialog).getByLabelText('Attach a receipt', { selector: 'input' }), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')).toHaveLength(1);
    expect(server.posts('/api/entries/e-1/attachments')).toHaveLength(2);
  });

  it('marks every missing field on the first save, before anything is sent, and says an amount like 1e12 is too large', async () => {
    const { server } = openNewExpense();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New entry: Expense' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('This field is required'));
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveAttribute('aria-invalid', 'true');
    await user.type(amount, '1e12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('That is more than one line can hold: at most 1,000,000,000.00'));
    expect(server.posts(/./)).toHaveLength(0);
  });

  it('asks before saving an amount 100× the largest of its type; "Cancel" goes back to the amount, "Save it" saves', async () => {
    const largest = {
      items: [entryOf({ id: 'e-0', type: 'expense', amount: 5000 })],
      pagination: { page: 1, size: 1, total: 1, lastPage: 1 },
      totals: { amount: 5000, count: 1 },
    };
    const { server, onClose } = openNewExpense((req) => (req.method === 'GET' && req.path.startsWith('/api/entries?') ? json(largest) : undefined));
    // 5,000.00 is 100× the largest (50.00): not asked about; a cent more is.
    const { user, dialog } = await fillExpense('5000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Is this amount right?' });
    expect(ask).toHaveTextContent('$5,000.01 is far above any expense you have recorded.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    // The form is hidden from the accessibility tree while the question is open: found once it has closed.
    const amount = await within(dialog).findByRole('textbox', { name: /^Amount/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Check this amount: it is far above your usual.'));
    expect(server.posts(/./)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Is this amount right?' })).getByRole('button', { name: 'Save it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.posts('/api/entries')[0]!.body).toMatchObject({ amount: 500001 });
  });

  it('without any entry of the type, asks only past 100,000.00', () => {
    expect(isUnusual(10_000_000, undefined)).toBe(false);
    expect(isUnusual(10_000_001, undefined)).toBe(true);
    expect(isUnusual(500_000, 5000)).toBe(false);
    expect(isUnusual(500_001, 5000)).toBe(true);
  });

  it('offers the camera on a phone, through an input that opens it', async () => {
    setScreenWide(false);
    openNewExpense();
    const dialog = await screen.findByRole('dialog', { name: 'New entry: Expense' });
    expect(within(dialog).getByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    const camera = within(dialog).getByLabelText('Take a photo', { selector: 'input' });
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(within(dialog).getByLabelText('Attach a receipt', { selector: 'input' })).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,application/pdf',
    );
  });
});
