import { redirect, type LoaderFunctionArgs } from 'react-router';
import { FREE_PLAN, type User } from '@cuadre/contracts';
import { session } from '@/lib/session';
import { currentUserQuery, navigationQuery, queryClient } from '@/lib/queries';

/** Targets a free-plan user may still reach (spec 000, section 6). */
const FREE_PLAN_ALLOWED = ['/user/pricing', '/user/purchaseconfirmation', '/user/purchaseerror', '/sign-out'];

const target = (request: Request) => {
  const url = new URL(request.url);
  return { path: url.pathname, full: url.pathname + url.search };
};

/** An unauthenticated user goes to sign-in with redirectURL set to what they asked for (none for /sign-out). */
function requireSession(request: Request) {
  if (session.isSignedIn()) return;
  const { path, full } = target(request);
  throw redirect(path === '/sign-out' ? '/sign-in' : `/sign-in?redirectURL=${encodeURIComponent(full)}`);
}

/** Guest-only pages send a signed-in user to the root. */
export function guestOnlyLoader() {
  if (session.isSignedIn()) throw redirect('/');
  return null;
}

/** Signed-in pages without the shell (sign-out, unlock-session). */
export function signedInOnlyLoader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  return null;
}

/** Admin screens (the admin area's paths). */
const ADMIN_PATHS = ['/dashboard', '/users'];

/**
 * Where the shell sends this user instead of `path`, if anywhere: a free-plan owner to pricing
 * (spec 000, section 6), anyone but an administrator away from the admin area.
 */
export function shellRedirect(user: Pick<User, 'plan' | 'role'>, path: string): string | undefined {
  if (user.role !== 'admin' && ADMIN_PATHS.includes(path)) return '/user/dashboard';
  if (user.plan === FREE_PLAN && user.role !== 'admin' && !FREE_PLAN_ALLOWED.includes(path)) return '/user/pricing';
  return undefined;
}

/**
 * The signed-in shell: the user and the navigation are resolved before the first page shows. After
 * that, every navigation re-reads the user in the background and shows the page at once with the
 * user it knows: a revoked session (401) signs out, a changed plan or role is applied by the shell
 * when the answer comes (see `useShellGuard`), and a network failure or a server away for a moment
 * never replaces the page.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  const to = shellRedirect(await shellData(), target(request).path);
  if (to) throw redirect(to);
  return null;
}

/** What the shell needs before it shows: the navigation and the user (known, or read now). */
export async function shellData(): Promise<User> {
  // The panels' lists come in the same burst (spec: loaded together before the shell shows); a
  // failure there never holds the shell back (prefetch does not throw). Later navigations leave them
  // to their own refresh.
  const known = queryClient.getQueryData(currentUserQuery.queryKey);
  if (!known) {
    const user = queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    // Loaded here, not with the first page: sign-in has no panels.
    const { panelQuery, shortcutsQuery } = await import('@/lib/panels');
    const panels = [
      queryClient.prefetchQuery(panelQuery('messages')),
      queryClient.prefetchQuery(panelQuery('notifications')),
      queryClient.prefetchQuery(shortcutsQuery),
    ];
    return (await Promise.all([user, queryClient.ensureQueryData(navigationQuery), ...panels]))[0];
  }
  const navigation = queryClient.ensureQueryData(navigationQuery);
  queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => {
    // The check is repeated on the next navigation; the failure says nothing about the session.
  });
  await navigation;
  return known;
}

/** Admin screens send anyone else to their own dashboard. */
export async function adminLoader() {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (user.role !== 'admin') throw redirect('/user/dashboard');
  return null;
}

/** The root and the signed-in redirect go to dashboard; a visitor sees the home page there. */
export function rootLoader() {
  if (session.isSignedIn()) throw redirect('/dashboard');
  return null;
}
