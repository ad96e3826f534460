import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences, User } from '@cuadre/contracts';
import { currentUserQuery } from '@/lib/queries';
import { usePreferences } from '@/lib/preferences';
import { AppThemeProvider } from '@/app/theme/theme-provider';
import { setLanguage } from '@/i18n';
import { renderApp, testQueryClient } from '@/test/render';
import { testUser } from './test-user';
import { TopBarActions } from './top-bar-actions';
import { resetServerPreferencesMemory, useServerPreferences } from './use-update-user';

// src/test/setup.ts stands in for the app's i18n, setLanguage included.
const setLanguageMock = vi.mocked(setLanguage);

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Shown() {
  const p = usePreferences();
  return <output>{`${p.scheme} ${p.theme} ${p.layout} ${p.language}`}</output>;
}

function WithServerPreferences() {
  useServerPreferences();
  return <Shown />;
}

function setup(element: React.ReactNode, user: User) {
  const client = testQueryClient({ staleTime: Infinity });
  client.setQueryData(currentUserQuery.queryKey, user);
  renderApp(element, { path: '/', url: '/', queryClient: client, wrapper: AppThemeProvider });
  return client;
}

beforeEach(() => {
  localStorage.clear();
  document.body.className = '';
  resetServerPreferencesMemory();
});
afterEach(() => vi.unstubAllGlobals());

/** The calls that saved the user (the panels' own reads aside). */
const saves = (mock: { mock: { calls: [string, RequestInit?][] } }) =>
  mock.mock.calls.filter(([url, init]) => url === '/api/common/user' && init?.method === 'PATCH');

// MUI renders slowly in jsdom on a busy machine; the default 5 s is too tight for a few clicks through menus and transitions.
describe('top bar preferences', { timeout: 60_000 }, () => {
  it('switches the scheme on screen and saves it on the server', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      // The panels read their lists too; only the user's saves matter here.
      if (url !== '/api/common/user') return json(200, []);
      const prefs = JSON.parse(String(init?.body)).user.preferences as Partial<Preferences>;
      return json(200, testUser({ preferences: { ...testUser().preferences, ...prefs } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = setup(
      <>
        <TopBarActions />
        <Shown />
      </>,
      testUser(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Colour scheme: Light' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));

    expect(screen.getByRole('status')).toHaveTextContent('dark theme-default classy en');
    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    const [url, init] = saves(fetchMock)[0]!;
    expect(url).toBe('/api/common/user');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ user: { preferences: { scheme: 'dark' } } });
    await waitFor(() => expect(client.getQueryData<User>(currentUserQuery.queryKey)?.preferences.scheme).toBe('dark'));
  });

  it('switches the language and saves it on the server', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/common/user' ? json(200, testUser({ preferences: { ...testUser().preferences, language: 'es' } })) : json(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    setup(<TopBarActions />, testUser());

    await userEvent.click(screen.getByRole('button', { name: 'EN, Language: English' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Español' }));

    expect(setLanguageMock).toHaveBeenCalledWith('es');
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(saves(fetchMock)[0]![1]?.body))).toEqual({ user: { preferences: { language: 'es' } } });
  });

  it('keeps the choice on this device and says so when the server cannot save it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' })),
    );
    setup(
      <>
        <TopBarActions />
        <Shown />
      </>,
      testUser(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Colour scheme: Light' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Auto/ }));
    expect(await screen.findByText(/not saved to your account: Database unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('auto theme-default classy en');
  });
});

describe("the signed-in user's preferences", { timeout: 60_000 }, () => {
  it('are applied when the user loads', () => {
    setup(<WithServerPreferences />, testUser({ preferences: { language: 'tr', scheme: 'dark', theme: 'theme-rose', layout: 'compact' } }));
    expect(screen.getByRole('status')).toHaveTextContent('dark theme-rose compact tr');
    expect(setLanguageMock).toHaveBeenCalledWith('tr');
    expect(document.body).toHaveClass('theme-rose');
  });
});
