import { redirect, type LoaderFunctionArgs } from 'react-router';
import { FREE_PLAN } from '@cuadre/contracts';
import { ApiError } from '@/lib/api';
import { session } from '@/lib/session';
import { currentUserQuery, navigationQuery, queryClient } from './queries';

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

/** A failure that says nothing about the session: the network, or the server's database away for a moment. */
export const isTransient = (err: unknown) => err instanceof ApiError && (err.code === 'NETWORK' || err.code === 'SERVICE_UNAVAILABLE');

/**
 * The user as the server sees it now; when the server cannot be asked for a moment, the user it
 * last answered, so a navigation during an outage keeps the shell instead of replacing it.
 */
async function freshUserOrCached() {
  try {
    return await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  } catch (err) {
    const cached = queryClient.getQueryData(currentUserQuery.queryKey);
    if (cached && isTransient(err)) return cached;
    throw err;
  }
}

/**
 * The signed-in shell: the user and the navigation are resolved before the page shows. The user is
 * fetched again on every navigation, so a plan or role changed by an administrator takes effect on
 * the owner's next navigation.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  requireSession(request);
  const [user] = await Promise.all([freshUserOrCached(), queryClient.ensureQueryData(navigationQuery)]);
  const { path } = target(request);
  if (user.plan === FREE_PLAN && user.role !== 'admin' && !FREE_PLAN_ALLOWED.includes(path)) throw redirect('/user/pricing');
  return null;
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
