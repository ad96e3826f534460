import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminLoader, guestOnlyLoader, rootLoader, shellLoader, signedInOnlyLoader } from './guards';
import { RouteError } from './route-error';

/** Each screen's code loads with the screen (`lazy`), so the first load stays small. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const shell = () => import('./shell/app-layout');
const empty = () => import('./shell/empty-layout');

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // The splash screen covers the first load; nothing else to show while the first route resolves.
    HydrateFallback: () => null,
    children: [
      // Root: the signed-in redirect goes to dashboard; a visitor reads what Cuadre is.
      { path: '/', loader: rootLoader, ...page(empty), children: [{ index: true, ...page(() => import('@/features/public/routes/home')) }] },

      // Open group: no guard, empty layout.
      {
        ...page(empty),
        children: [
          { path: 'home', ...page(() => import('@/features/public/routes/home')) },
          { path: 'confirm-email', ...page(() => import('@/features/auth/routes/confirm-email')) },
        ],
      },

      // Public group: guest-only, empty layout.
      {
        loader: guestOnlyLoader,
        ...page(empty),
        children: [
          { path: 'sign-in', ...page(() => import('@/features/auth/routes/sign-in')) },
          { path: 'sign-up', ...page(() => import('@/features/auth/routes/sign-up')) },
          { path: 'confirmation-required', ...page(() => import('@/features/auth/routes/confirmation-required')) },
          { path: 'forgot-password', ...page(() => import('@/features/auth/routes/forgot-password')) },
          { path: 'reset-password', ...page(() => import('@/features/auth/routes/reset-password')) },
          { path: 'terms', ...page(() => import('@/features/public/routes/terms')) },
          { path: 'privacy', ...page(() => import('@/features/public/routes/privacy')) },
        ],
      },

      // Signed-in only, empty layout.
      {
        loader: signedInOnlyLoader,
        ...page(empty),
        children: [
          { path: 'sign-out', ...page(() => import('@/features/auth/routes/sign-out')) },
          { path: 'unlock-session', ...page(() => import('@/features/auth/routes/unlock-session')) },
        ],
      },

      // Signed-in, initial data resolved before display: one shell for the admin area and the owner's
      // area, so moving between them keeps the shell mounted.
      {
        loader: shellLoader,
        // Re-check on every navigation, not only when the shell first mounts: a session ended
        // elsewhere, a disabled account or a plan changed by an administrator takes effect at once.
        shouldRevalidate: () => true,
        ...page(shell),
        children: [
          // Admin area.
          { path: 'dashboard', loader: adminLoader, ...page(() => import('@/features/admin/routes/dashboard')) },
          { path: 'users', loader: adminLoader, ...page(() => import('@/features/admin/routes/users')) },
          { path: 'usersettings', ...page(() => import('@/features/settings/routes/user-settings')) },
          // The owner's area.
          {
            path: 'user',
            children: [
              { path: 'dashboard', ...page(() => import('@/features/user-dashboard/routes/dashboard')) },
              { path: 'pricing', ...page(() => import('@/features/billing/routes/pricing')) },
              { path: 'purchaseconfirmation', ...page(() => import('@/features/billing/routes/purchase-confirmation')) },
              { path: 'purchaseerror', ...page(() => import('@/features/billing/routes/purchase-error')) },
            ],
          },
        ],
      },

      { path: '*', ...page(() => import('./not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
