import { redirect, type LoaderFunctionArgs } from 'react-router';
import { FREE_PLAN, type User } from '@cuadre/contracts';
import { session } from '@/lib/session';

/**
 * TanStack Query and the contracts' schemas come with the first guard that reads (a signed-in page), not
 * with the app's entry: sign-in's first load stays without them (issue 43).
 */
const queries = () => import('@/lib/queries');

/** Targets a free-plan user may still reach (docs/product.md, "Routes and guards"). */
const FREE_PLAN_ALLOWED = ['/user/pricing', '/user/purchaseconfirmation', '/user/purchaseerror', '/sign-out'];

/** An unauthenticated user goes to sign-in with redirectURL set to what they asked for (none for /sign-out). */
function requireSession(url: URL) {
  if (session.isSignedIn()) return;
  throw redirect(url.pathname === '/sign-out' ? '/sign-in' : `/sign-in?redirectURL=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Guest-only pages send a signed-in user to the root. */
export function guestOnlyLoader() {
  if (session.isSignedIn()) throw redirect('/');
  return null;
}

/** Signed-in pages without the shell (sign-out, unlock-session). */
export function signedInOnlyLoader({ url }: LoaderFunctionArgs) {
  requireSession(url);
  return null;
}

/** Admin screens (the admin area's paths). */
const ADMIN_PATHS = ['/dashboard', '/users'];

type Checked = Pick<User, 'plan' | 'role' | 'onTrial'>;

/** Whether the plan that applies now keeps books: a paid plan, or the free plan while its trial runs (the server says which). */
const keepsBooks = (user: Checked) => user.role === 'admin' || user.plan !== FREE_PLAN || user.onTrial;

/**
 * Where the shell sends this user instead of `path`, if anywhere: a free-plan owner whose trial has
 * ended (or who never had one) to pricing (docs/product.md, "Routes and guards"), anyone but an administrator away
 * from the admin area.
 */
export function shellRedirect(user: Checked, path: string): string | undefined {
  if (user.role !== 'admin' && ADMIN_PATHS.includes(path)) return '/user/dashboard';
  if (!keepsBooks(user) && !FREE_PLAN_ALLOWED.includes(path)) return '/user/pricing';
  return undefined;
}

interface ShellCheck {
  /** The user the decision is made on: known already, or being read. */
  user: Promise<User>;
  /** The user once everything the shell shows with is in (the navigation; the panels, on the first load). */
  ready: Promise<User>;
}

/**
 * One check per navigation, shared by the shell's loader and its pages' loaders: React Router runs
 * them side by side with the same Request, and a page's reads must wait for the shell's decision.
 */
const checks = new WeakMap<Request, ShellCheck>();
function shellCheck(request: Request): ShellCheck {
  let check = checks.get(request);
  if (!check) checks.set(request, (check = startShellCheck()));
  return check;
}

/**
 * The signed-in shell: the user and the navigation are resolved before the first page shows. After
 * that, every navigation re-reads the user in the background and shows the page at once with the
 * user it knows: a revoked session (401) signs out, a changed plan or role is applied by the shell
 * when the answer comes (see `useShellGuard`), and a network failure or a server away for a moment
 * never replaces the page.
 */
export async function shellLoader({ request, url }: LoaderFunctionArgs) {
  requireSession(url);
  const to = shellRedirect(await shellCheck(request).ready, url.pathname);
  if (to) throw redirect(to);
  return null;
}

/**
 * A page loader that reads the books, run once the shell lets the navigation through: for a user the
 * shell sends elsewhere (a free-plan owner, to pricing) none of its reads leaves, where each would only
 * answer 403. The loader's code comes in meanwhile; with the user known, nothing waits.
 */
export function afterShellCheck(load: () => Promise<(args: LoaderFunctionArgs) => unknown>) {
  return async (args: LoaderFunctionArgs) => {
    if (!session.isSignedIn()) return null;
    const loader = load();
    const allowed = await shellCheck(args.request).user.then(
      (user) => !shellRedirect(user, args.url.pathname),
      // The shell's loader shows the failure; the page reads nothing meanwhile.
      () => false,
    );
    return allowed ? (await loader)(args) : null;
  };
}

/** What the shell needs before it shows: the navigation and the user (known, or read now). */
export async function shellData(): Promise<User> {
  return startShellCheck().ready;
}

function startShellCheck(): ShellCheck {
  const started = queries().then(({ queryClient, currentUserQuery, navigationQuery }): ShellCheck => {
    // The panels' lists and the chats come in the same burst (docs/product.md: loaded together before the shell shows); a
    // failure there never holds the shell back (prefetch does not throw). Later navigations leave them
    // to their own refresh. None of them reads the books: a free-plan owner's shell sends no read that
    // would answer 403.
    // A sign-in's answer carries the user: put in the cache here, not read again (lib/session.ts).
    const handed = session.takeUser<User>();
    if (handed) queryClient.setQueryData(currentUserQuery.queryKey, handed);
    const known = queryClient.getQueryData(currentUserQuery.queryKey);
    if (!known) {
      const user = queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      const navigation = queryClient.ensureQueryData(navigationQuery);
      // Loaded here, not with the first page: sign-in has no panels.
      const panels = import('@/lib/panels').then(({ panelQuery, shortcutsQuery, chatsQuery }) =>
        Promise.all([
          queryClient.prefetchQuery(panelQuery('messages')),
          queryClient.prefetchQuery(panelQuery('notifications')),
          queryClient.prefetchQuery(chatsQuery),
          queryClient.prefetchQuery(shortcutsQuery),
        ]),
      );
      return { user, ready: Promise.all([user, navigation, panels]).then(([u]) => u) };
    }
    const navigation = queryClient.ensureQueryData(navigationQuery);
    queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => {
      // The check is repeated on the next navigation; the failure says nothing about the session.
    });
    return { user: Promise.resolve(known), ready: navigation.then(() => known) };
  });
  const user = started.then((c) => c.user);
  // Awaited only by a page's loader (afterShellCheck); the shell's loader reports a failure through `ready`.
  user.catch(() => undefined);
  return { user, ready: started.then((c) => c.ready) };
}

/** Admin screens send anyone else to their own dashboard. */
export async function adminLoader() {
  const { queryClient, currentUserQuery } = await queries();
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (user.role !== 'admin') throw redirect('/user/dashboard');
  return null;
}

/** The root and the signed-in redirect go to dashboard; a visitor sees the home page there. */
export function rootLoader() {
  if (session.isSignedIn()) throw redirect('/dashboard');
  return null;
}
