import { RouterContextProvider, type LoaderFunctionArgs } from 'react-router';
import type { User } from '@cuadre/contracts';
import { adminLoader, guestOnlyLoader, rootLoader, shellLoader, shellRedirect, signedInOnlyLoader } from './guards';
import { ApiError } from '@/lib/api';
import { currentUserQuery, navigationQuery, queryClient } from '@/lib/queries';
import { tokenExpiringIn } from '@/test/token';
import { aUser } from '@/test/user';

const signedIn = () => localStorage.setItem('accessToken', tokenExpiringIn());

const user = (over: Partial<User>): User => aUser({ id: 'u', email: 'ana@example.com', name: 'Ana', ...over });

/** What React Router hands a loader navigating to `path` (the pattern is not read by the guards). */
const args = (path: string): LoaderFunctionArgs => {
  const href = `http://localhost${path}`;
  return { request: new Request(href), url: new URL(href), pattern: '', params: {}, context: new RouterContextProvider() };
};

/** The Response a loader threw with `redirect()`, or undefined when it let the navigation through. */
async function redirectOf(run: () => unknown): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? undefined;
    throw thrown;
  }
}

function serve(u: User) {
  vi.spyOn(queryClient, 'fetchQuery').mockResolvedValue(u);
  vi.spyOn(queryClient, 'ensureQueryData').mockImplementation(async (opts: { queryKey: readonly unknown[] }) =>
    opts.queryKey === currentUserQuery.queryKey
      ? u
      : opts.queryKey === navigationQuery.queryKey
        ? { default: [], compact: [], futuristic: [], horizontal: [] }
        : undefined,
  );
}

describe('route guards (spec 000, section 6)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('sends a visitor to sign-in with redirectURL set to the requested URL', async () => {
    expect(await redirectOf(() => shellLoader(args('/user/dashboard?year=2026')))).toBe('/sign-in?redirectURL=%2Fuser%2Fdashboard%3Fyear%3D2026');
    expect(await redirectOf(() => signedInOnlyLoader(args('/unlock-session')))).toBe('/sign-in?redirectURL=%2Funlock-session');
  });

  it('sets no redirectURL when the request was /sign-out', async () => {
    expect(await redirectOf(() => signedInOnlyLoader(args('/sign-out')))).toBe('/sign-in');
  });

  it('sends a signed-in user away from guest-only pages to the root, and the root to dashboard', async () => {
    expect(await redirectOf(() => guestOnlyLoader())).toBeUndefined();
    expect(await redirectOf(() => rootLoader())).toBeUndefined();
    signedIn();
    expect(await redirectOf(() => guestOnlyLoader())).toBe('/');
    expect(await redirectOf(() => rootLoader())).toBe('/dashboard');
  });

  it.each([
    ['/user/dashboard', '/user/pricing'],
    ['/usersettings', '/user/pricing'],
    ['/user/pricing', undefined],
    ['/user/purchaseconfirmation', undefined],
    ['/user/purchaseerror', undefined],
  ])('a free-plan owner opening %s goes to %s', async (path, expected) => {
    signedIn();
    serve(user({ plan: 'free' }));
    expect(await redirectOf(() => shellLoader(args(path)))).toBe(expected);
  });

  it('lets an owner in the trial of the paid plan reach the books, and sends them to pricing once the server says it ended', async () => {
    signedIn();
    serve(user({ plan: 'free', onTrial: true, trialEndsAt: '2026-02-01T10:00:00.000Z' }));
    expect(await redirectOf(() => shellLoader(args('/user/dashboard')))).toBeUndefined();
    vi.restoreAllMocks();
    queryClient.clear();
    serve(user({ plan: 'free', onTrial: false, trialEndsAt: '2026-02-01T10:00:00.000Z' }));
    expect(await redirectOf(() => shellLoader(args('/user/dashboard')))).toBe('/user/pricing');
  });

  it('lets an owner on a paid plan through, and reads the user afresh on every navigation', async () => {
    signedIn();
    serve(user({ plan: 'basic' }));
    expect(await redirectOf(() => shellLoader(args('/user/dashboard')))).toBeUndefined();
    expect(queryClient.fetchQuery).toHaveBeenCalledWith(expect.objectContaining({ queryKey: currentUserQuery.queryKey, staleTime: 0 }));
  });

  it('shows the page at once with the user it knows and re-reads the user in the background; a failed check never replaces the page', async () => {
    signedIn();
    serve(user({ plan: 'basic' }));
    queryClient.setQueryData(currentUserQuery.queryKey, user({ plan: 'basic' }));
    for (const err of [new ApiError(503, 'SERVICE_UNAVAILABLE', 'away'), new ApiError(0, 'NETWORK', 'offline'), new ApiError(500, 'INTERNAL', 'broken')]) {
      const check = vi.spyOn(queryClient, 'fetchQuery').mockRejectedValueOnce(err);
      expect(await redirectOf(() => shellLoader(args('/user/dashboard')))).toBeUndefined();
      expect(check).toHaveBeenCalledWith(expect.objectContaining({ queryKey: currentUserQuery.queryKey, staleTime: 0 }));
    }
    // Nothing known yet: the failure is the page's to show, with its retry.
    queryClient.removeQueries({ queryKey: currentUserQuery.queryKey });
    vi.spyOn(queryClient, 'fetchQuery').mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'away'));
    await expect(shellLoader(args('/user/dashboard'))).rejects.toThrow('away');
  });

  it.each([
    [{ role: 'user', plan: 'basic', onTrial: false }, '/users', '/user/dashboard'],
    [{ role: 'user', plan: 'basic', onTrial: false }, '/dashboard', '/user/dashboard'],
    [{ role: 'user', plan: 'free', onTrial: false }, '/usersettings', '/user/pricing'],
    [{ role: 'user', plan: 'free', onTrial: false }, '/sign-out', undefined],
    [{ role: 'admin', plan: 'free', onTrial: false }, '/users', undefined],
    [{ role: 'user', plan: 'pro', onTrial: false }, '/user/dashboard', undefined],
    // The trial of the paid plan: the books until its last day, then the free plan's rule.
    [{ role: 'user', plan: 'free', onTrial: true }, '/user/dashboard', undefined],
    [{ role: 'user', plan: 'free', onTrial: true }, '/users', '/user/dashboard'],
  ] as const)('the shell sends %o from %s to %s (applied again when the background check answers)', (who, path, expected) => {
    expect(shellRedirect(who, path)).toBe(expected);
  });

  it('sends a non-admin from admin screens to their dashboard, and lets an admin through', async () => {
    signedIn();
    serve(user({ role: 'user' }));
    expect(await redirectOf(() => adminLoader())).toBe('/user/dashboard');
    vi.restoreAllMocks();
    serve(user({ role: 'admin', plan: 'pro' }));
    expect(await redirectOf(() => adminLoader())).toBeUndefined();
  });
});

describe('the first page of a signed-in user (the router: the shell and the page loaders side by side)', { timeout: 30_000 }, () => {
  /** The server: this user, empty panels and books; every call the browser makes is recorded. */
  function server(me: User) {
    const calls: string[] = [];
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const empty = { items: [], pagination: { page: 1, size: 10, total: 0, lastPage: 1 }, totals: { amount: 0, count: 0 } };
    const books = me.role === 'admin' || me.plan !== 'free' || me.onTrial;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(url.pathname);
        if (url.pathname === '/api/common/user') return json(me);
        if (url.pathname === '/api/common/navigation') return json({ default: [], compact: [], futuristic: [], horizontal: [] });
        if (/^\/api\/common\/(messages|notifications|shortcuts)$/.test(url.pathname) || url.pathname === '/api/apps/chat/chats') return json([]);
        if (url.pathname === '/api/settings')
          return json({ business: { name: null, taxId: null, address: null, currency: 'USD' }, preferences: me.preferences });
        // Anything else is a read of the books: what a free-plan owner is refused.
        if (!books) return json({ statusCode: 403, code: 'PLAN_REQUIRED', message: 'The books need a paid plan' }, 403);
        if (url.pathname.startsWith('/api/tax-years')) return json([]);
        return json(empty);
      }),
    );
    return calls;
  }
  const BOOKS = /^\/api\/(entries|trips|tax-years|reports|categories|subcategories|workers|providers|vehicles|products|jobs|audit)/;

  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    vi.restoreAllMocks();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function open(path: string) {
    const { createMemoryRouter } = await import('react-router');
    const { routes } = await import('./router');
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 15_000 });
    return router;
  }

  it('sends a free-plan owner from the hub to pricing without a single read of the books', async () => {
    signedIn();
    const calls = server(user({ plan: 'free', onTrial: false, trialEndsAt: '2026-02-01T10:00:00.000Z' }));
    const router = await open('/user/dashboard?year=2026&month=3');
    expect(router.state.location.pathname).toBe('/user/pricing');
    expect(calls).toContain('/api/common/user');
    // Loaded together before the shell shows (spec 000): the chats with the navigation and the panels.
    expect(calls).toEqual(
      expect.arrayContaining(['/api/common/navigation', '/api/common/messages', '/api/common/notifications', '/api/common/shortcuts', '/api/apps/chat/chats']),
    );
    // The shell's own reads (the user, the navigation, the panels, the chats) and nothing of the books.
    expect(calls.filter((c) => BOOKS.test(c))).toEqual([]);
    expect(calls.every((c) => c.startsWith('/api/common/') || c === '/api/apps/chat/chats')).toBe(true);
  });

  it("starts the hub's reads for an owner in the trial, as for a paid plan", async () => {
    signedIn();
    const calls = server(user({ plan: 'free', onTrial: true, trialEndsAt: '2099-02-01T10:00:00.000Z' }));
    const router = await open('/user/dashboard?year=2026&month=3');
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(calls).toEqual(expect.arrayContaining(['/api/reports/month-summary', '/api/tax-years/2026/months', '/api/entries']));
  });
});
