import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@cuadre/contracts';
import Users from './users';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';

const base = {
  company: null,
  avatar: null,
  profile_img_url: null,
  status: 'online',
  emailConfirmed: true,
  lastActiveAt: null,
  mfaEnabled: false,
  preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
} as const;
const admin: AdminUser = {
  ...base,
  id: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  name: 'Ada Admin',
  first_name: 'Ada',
  role: 'admin',
  plan: 'free',
  trialEndsAt: null,
  onTrial: false,
  accountStatus: 'active',
  createdAt: '2026-01-02T10:00:00Z',
};
const owner: AdminUser = {
  ...base,
  id: '00000000-0000-4000-8000-000000000002',
  email: 'olga@example.com',
  name: 'Olga Owner',
  first_name: 'Olga',
  role: 'user',
  plan: 'basic',
  trialEndsAt: null,
  onTrial: false,
  accountStatus: 'active',
  createdAt: '2026-02-03T10:00:00Z',
};
/** Owners who signed up: one in the trial of the paid plan, one whose trial is over. */
const trials: AdminUser[] = [
  {
    ...owner,
    id: '00000000-0000-4000-8000-000000000003',
    email: 'tina@example.com',
    name: 'Tina Trial',
    plan: 'free',
    trialEndsAt: '2026-05-01T12:00:00Z',
    onTrial: true,
  },
  {
    ...owner,
    id: '00000000-0000-4000-8000-000000000004',
    email: 'eddy@example.com',
    name: 'Eddy Ended',
    plan: 'free',
    trialEndsAt: '2026-01-10T12:00:00Z',
    onTrial: false,
  },
];
const plans = {
  checkoutAvailable: false,
  items: [
    { id: 'free', name: 'Free', description: '', priceCents: 0, interval: 'month', features: [], isFree: true },
    { id: 'basic', name: 'Basic', description: '', priceCents: 900, interval: 'month', features: [], isFree: false },
  ],
};

/** The server as this screen sees it: the signed-in admin, the plans, and a list of 30 accounts. */
function mockServer() {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/api/common/user') return json(admin);
    if (url.pathname === '/api/plans') return json(plans);
    if (url.pathname === '/api/admin/users') {
      const page = Number(url.searchParams.get('page') ?? 1);
      return json({ items: [admin, owner, ...trials], pagination: { page, size: 10, total: 30, lastPage: 3 } });
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const listCalls = () => calls.filter((u) => u.pathname === '/api/admin/users');
  return { listCalls, last: () => listCalls().at(-1)!.searchParams };
}

// Generous waits: the debounce plus MUI's rendering in jsdom take a while when the whole suite runs at once.
const slow = { timeout: 5000 };

beforeEach(() => setScreenWide(true));
afterEach(() => vi.unstubAllGlobals());

// MUI in jsdom is slow: typing and dialogs take seconds, not a hang.
vi.setConfig({ testTimeout: 30_000 });

describe('users list', () => {
  it("shows each free-plan account's trial: until when it runs, or since when it is over", async () => {
    mockServer();
    renderApp(<Users />, { path: '/users', url: '/users' });
    const running = (await screen.findByText('tina@example.com')).closest('tr')!;
    expect(within(running).getByText('Trial until 5/1/2026')).toBeInTheDocument();
    expect(within(screen.getByText('eddy@example.com').closest('tr')!).getByText('Trial ended 1/10/2026')).toBeInTheDocument();
    expect(within(screen.getByText('olga@example.com').closest('tr')!).queryByText(/^Trial/)).not.toBeInTheDocument();
  });

  it('asks the server for the search, the sort and the page, and keeps them in the address', async () => {
    const server = mockServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(<Users />, { path: '/users', url: '/users' });

    await screen.findByText('olga@example.com');
    expect(server.last().get('sort')).toBe('createdAt');
    expect(server.last().get('order')).toBe('desc');
    expect(server.last().get('page')).toBe('1');
    expect(server.last().get('size')).toBe('10');

    await user.type(screen.getByRole('searchbox', { name: 'Search users by name or email' }), 'olga');
    await waitFor(() => expect(server.last().get('search')).toBe('olga'), slow);
    // Debounced: one request for the whole word, not one per letter.
    expect(server.listCalls().filter((u) => u.searchParams.has('search'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(server.last().get('sort')).toBe('name'), slow);
    expect(server.last().get('order')).toBe('asc');
    expect(server.last().get('search')).toBe('olga');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(server.last().get('order')).toBe('desc'), slow);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.last().get('page')).toBe('2'), slow);

    const sp = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(sp)).toEqual({ search: 'olga', sort: 'name', order: 'desc', page: '2' });
  });

  it('reads the list state from the address on load', async () => {
    const server = mockServer();
    renderApp(<Users />, { path: '/users', url: '/users?search=ada&role=admin&plan=basic&status=active&sort=email&order=asc&page=3&size=25' });
    await screen.findByText('olga@example.com');
    expect(Object.fromEntries(server.last())).toEqual({
      search: 'ada',
      role: 'admin',
      plan: 'basic',
      status: 'active',
      sort: 'email',
      order: 'asc',
      page: '3',
      size: '25',
    });
  });

  it("locks the signed-in admin's own row: no disable, and role and status fixed in the edit dialog", async () => {
    mockServer();
    const user = userEvent.setup({ delay: null });
    renderApp(<Users />, { path: '/users', url: '/users' });
    await screen.findByText('olga@example.com');

    expect(screen.getByRole('button', { name: 'Disable Ada Admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Disable Olga Owner' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Edit Ada Admin' }));
    const own = await screen.findByRole('dialog');
    expect(within(own).getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(own).getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(own).getByRole('combobox', { name: 'Plan' })).not.toHaveAttribute('aria-disabled');
    await user.click(within(own).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Olga Owner' }));
    const other = await screen.findByRole('dialog');
    expect(within(other).getByRole('combobox', { name: 'Role' })).not.toHaveAttribute('aria-disabled');
    expect(within(other).getByRole('combobox', { name: 'Status' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows the server refusal in words', async () => {
    const server = mockServer();
    const user = userEvent.setup({ delay: null });
    const fetchMock = vi.mocked(fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/disable'))
        return json({ statusCode: 403, code: 'FORBIDDEN', message: 'You cannot demote or disable your own account' }, 403);
      return inner(input, init);
    });
    renderApp(<Users />, { path: '/users', url: '/users' });
    await screen.findByText('olga@example.com');
    await user.click(screen.getByRole('button', { name: 'Disable Olga Owner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('You cannot demote or disable your own account')).toBeInTheDocument();
    expect(server.listCalls().length).toBeGreaterThan(0);
  });
});
