import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataSection } from './data-section';
import { json, renderApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const job = {
  id: 'j-1',
  kind: 'account_export',
  status: 'running',
  done: 0,
  total: 3,
  step: 'Reading the books',
  year: null,
  fileName: null,
  size: null,
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

function serve(answer: (init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url.startsWith('/api/jobs/account-export')) return answer(init);
    if (url.startsWith('/api/jobs')) return json({ items: [] });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const exportCalls = (f: ReturnType<typeof serve>) => f.mock.calls.filter(([url]) => String(url).startsWith('/api/jobs/account-export'));

describe('the account export', () => {
  it('without two-step sign-in, starts at once with nothing to send', async () => {
    const fetchMock = serve(() => json(job, 202));
    renderApp(<DataSection />, { url: '/usersettings' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(exportCalls(fetchMock)).toHaveLength(1));
    expect(exportCalls(fetchMock)[0]![1]!.body).toBeUndefined();
  });

  it('with two-step sign-in on, asks for the code, puts a wrong one on its field, and sends the right one', async () => {
    let tries = 0;
    const fetchMock = serve(() => (++tries === 1 ? json({ statusCode: 400, code: 'MFA_INVALID', message: 'That code is not right' }, 400) : json(job, 202)));
    renderApp(<DataSection mfa />, { url: '/usersettings' });
    // The dialog's opening transition leaves the page under it without pointer events for a moment.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const start = await screen.findByRole('button', { name: 'Export my data' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    const dialog = await screen.findByRole('dialog');
    expect(exportCalls(fetchMock)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Code from the authenticator app/), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Code from the authenticator app/)).toHaveAttribute('aria-invalid', 'true'));
    expect(JSON.parse(String(exportCalls(fetchMock)[0]![1]!.body))).toEqual({ code: '123456' });
    await user.click(within(dialog).getByRole('button', { name: 'Export my data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(exportCalls(fetchMock)).toHaveLength(2);
  });
});
