import type { LoaderFunctionArgs } from 'react-router';
import type { User } from '@cuadre/contracts';
import { adminLoader, guestOnlyLoader, rootLoader, shellLoader, shellRedirect, signedInOnlyLoader } from './guards';
import { ApiError } from '@/lib/api';
import { currentUserQuery, navigationQuery, queryClient } from '@/lib/queries';
import { tokenExpiringIn } from '@/test/token';

const signedIn = () => localStorage.setItem('accessToken', tokenExpiringIn());

const user = (over: Partial<User>): User => ({
  id: 'u',
  email: 'ana@example.com',
  name: 'Ana',
  first_name: 'Ana',
  company: null,
  avatar: null,
  profile_img_url: null,
  status: 'online',
  role: 'user',
  plan: 'basic',
  accountStatus: 'active',
  emailConfirmed: true,
  preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: {} }) as LoaderFunctionArgs;

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
    [{ role: 'user', plan: 'basic' }, '/users', '/user/dashboard'],
    [{ role: 'user', plan: 'basic' }, '/dashboard', '/user/dashboard'],
    [{ role: 'user', plan: 'free' }, '/usersettings', '/user/pricing'],
    [{ role: 'user', plan: 'free' }, '/sign-out', undefined],
    [{ role: 'admin', plan: 'free' }, '/users', undefined],
    [{ role: 'user', plan: 'pro' }, '/user/dashboard', undefined],
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
