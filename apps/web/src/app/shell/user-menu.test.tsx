import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { renderApp, testQueryClient } from '@/test/render';
import { testUser } from './test-user';
import { UserMenu } from './user-menu';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(user: User, lang: 'en' | 'es' | 'tr' = 'en') {
  const client = testQueryClient({ staleTime: Infinity });
  client.setQueryData(currentUserQuery.queryKey, user);
  const { router } = renderApp(<UserMenu />, {
    path: '/',
    url: '/',
    lang,
    queryClient: client,
    routes: [
      { path: '/usersettings', element: <p>settings page</p> },
      { path: '/sign-out', element: <p>sign-out page</p> },
    ],
  });
  return { client, router };
}

afterEach(() => vi.unstubAllGlobals());

// MUI renders slowly in jsdom on a busy machine; the default 5 s is too tight for a few clicks through menus and transitions.
describe('user menu', { timeout: 60_000 }, () => {
  it("shows who is signed in, in the spec's Spanish words", async () => {
    setup(testUser(), 'es');
    await userEvent.click(screen.getByRole('button', { name: /Menú de la cuenta/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Iniciado como')).toBeInTheDocument();
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/sign-out');
    expect(within(menu).getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/usersettings');
  });

  it('shows initials and the presence in the button name when there is no picture', () => {
    setup(testUser({ status: 'busy' }));
    const button = screen.getByRole('button', { name: 'Account menu, status: Busy' });
    expect(button.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'AL');
  });

  it('sends the new status with PATCH and shows what the server answered', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => json(200, { ...testUser(), status: JSON.parse(String(init?.body)).user.status }));
    vi.stubGlobal('fetch', fetchMock);
    const { client } = setup(testUser({ status: 'online' }));

    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Status/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Away' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/common/user');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ user: { status: 'away' } });
    await waitFor(() => expect(client.getQueryData<User>(currentUserQuery.queryKey)?.status).toBe('away'));
    expect(screen.getByRole('button', { name: 'Account menu, status: Away' })).toBeInTheDocument();
  });

  it('opens the status submenu from the keyboard and marks the current status', async () => {
    setup(testUser({ status: 'busy' }));
    screen.getByRole('button', { name: /Account menu/ }).focus();
    await userEvent.keyboard('{Enter}');
    // Focus starts on the first item (Profile); ArrowDown reaches Status, ArrowRight opens its submenu.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Status/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const submenu = await screen.findByRole('menu', { name: 'Status' });
    expect(within(submenu).getByRole('menuitemradio', { name: 'Busy' })).toHaveAttribute('aria-checked', 'true');
    expect(within(submenu).getByRole('menuitemradio', { name: 'Online' })).toHaveAttribute('aria-checked', 'false');
  });

  it("reports the server's words when the status cannot be changed, and keeps the old one", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { statusCode: 400, code: 'VALIDATION', message: 'Status is not allowed' })),
    );
    const { client } = setup(testUser({ status: 'online' }));
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Status/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Invisible' }));
    expect(await screen.findByText(/Your status could not be changed: Status is not allowed/)).toBeInTheDocument();
    expect(client.getQueryData<User>(currentUserQuery.queryKey)?.status).toBe('online');
  });

  it('sends nothing when the current status is chosen again', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup(testUser({ status: 'online' }));
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Status/ }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Online' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
