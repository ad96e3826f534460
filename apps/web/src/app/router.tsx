import { lazy, Suspense } from 'react';
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { adminLoader, afterShellCheck, guestOnlyLoader, rootLoader, shellLoader, signedInOnlyLoader } from './guards';
import { NOT_FOUND_ROUTE, Root } from './root';
import { RouteError } from './route-error';
import { page, title } from './route-parts';
import { loadRest } from '@/i18n/rest';
import { session } from '@/lib/session';

// A page error's code loads when a page fails, not with the app.
const LazyPageError = lazy(() => import('./page-error').then((m) => ({ default: m.PageError })));
const PageError = () => (
  <Suspense fallback={null}>
    <LazyPageError />
  </Suspense>
);

/** The pages that invite a visitor to sign up say what a new account gets (the trial's days), read beside their code. */
const trialOffer = () => (session.isSignedIn() ? null : import('@/lib/trial').then((m) => m.loadTrialOffer()));
// The shell's screens use every area's strings: loaded beside its code (i18n/rest.ts), never for sign-in.
const shell = () => Promise.all([import('./shell/app-layout'), loadRest()]).then(([m]) => m);
const empty = () => import('./shell/empty-layout');

/** The route inside the shell that the supporting areas' screens join when they are found. */
const SHELL_PAGES = 'shell-pages';

export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <RouteError />,
    // The splash screen covers the first load; nothing else to show while the first route resolves.
    HydrateFallback: () => null,
    children: [
      // Root: the signed-in redirect goes to dashboard; a visitor reads what Cuadre is.
      {
        path: '/',
        loader: rootLoader,
        ...page(empty),
        children: [{ index: true, loader: trialOffer, ...page(() => import('@/features/public/routes/home')) }],
      },

      // Open group: no guard, empty layout.
      {
        ...page(empty),
        children: [
          { path: 'home', loader: trialOffer, ...page(() => import('@/features/public/routes/home')) },
          { path: 'confirm-email', ...title('auth.confirmEmail.title'), ...page(() => import('@/features/auth/routes/confirm-email')) },
        ],
      },

      // Public group: guest-only, empty layout.
      {
        loader: guestOnlyLoader,
        ...page(empty),
        children: [
          { path: 'sign-in', ...title('auth.signIn.title'), ...page(() => import('@/features/auth/routes/sign-in')) },
          { path: 'sign-up', loader: trialOffer, ...title('auth.signUp.title'), ...page(() => import('@/features/auth/routes/sign-up')) },
          { path: 'confirmation-required', ...title('auth.confirmationRequired.title'), ...page(() => import('@/features/auth/routes/confirmation-required')) },
          { path: 'forgot-password', ...title('auth.forgotPassword.title'), ...page(() => import('@/features/auth/routes/forgot-password')) },
          { path: 'reset-password', ...title('auth.resetPassword.title'), ...page(() => import('@/features/auth/routes/reset-password')) },
          { path: 'terms', ...title('public.terms.title'), ...page(() => import('@/features/public/routes/terms')) },
          { path: 'privacy', ...title('public.privacy.title'), ...page(() => import('@/features/public/routes/privacy')) },
        ],
      },

      // Signed-in only, empty layout.
      {
        loader: signedInOnlyLoader,
        ...page(empty),
        children: [
          { path: 'sign-out', ...title('auth.signOut.title'), ...page(() => import('@/features/auth/routes/sign-out')) },
          { path: 'unlock-session', ...title('auth.unlockSession.title'), ...page(() => import('@/features/auth/routes/unlock-session')) },
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
          {
            id: SHELL_PAGES,
            // A page that fails to load says so inside the shell, which stays with its navigation.
            errorElement: <PageError />,
            children: [
              // Admin area.
              { path: 'dashboard', loader: adminLoader, ...title('nav.dashboard'), ...page(() => import('@/features/admin/routes/dashboard')) },
              { path: 'users', loader: adminLoader, ...title('nav.users'), ...page(() => import('@/features/admin/routes/users')) },
              { path: 'categories', loader: adminLoader, ...title('nav.categories'), ...page(() => import('@/features/admin/routes/categories')) },
              { path: 'subcategories', loader: adminLoader, ...title('nav.subcategories'), ...page(() => import('@/features/admin/routes/subcategories')) },
              {
                path: 'support-requests',
                loader: adminLoader,
                ...title('admin.support.title'),
                ...page(() => import('@/features/admin/routes/support-requests')),
              },
              { path: 'usersettings', ...title('settings.title'), ...page(() => import('@/features/settings/routes/user-settings')) },
              // The owner's area.
              {
                path: 'user',
                children: [
                  {
                    path: 'dashboard',
                    // Its reads start beside its code (hub-data.ts), loaded on its own so the first load stays
                    // small, as soon as the shell's check lets the navigation through (never for a free-plan owner).
                    loader: afterShellCheck(() => import('@/features/books/routes/hub-data').then((m) => m.hubLoader)),
                    // Another month on the hub itself is the page's to load: it keeps showing the month it
                    // has until the next one arrives, instead of the click waiting for the answers.
                    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
                    ...title('nav.user-dashboard'),
                    ...page(() => import('@/features/books/routes/hub')),
                  },
                  { path: 'workers', ...title('nav.workers'), ...page(() => import('@/features/books/routes/workers')) },
                  { path: 'providers', ...title('nav.providers'), ...page(() => import('@/features/books/routes/providers')) },
                  { path: 'vehicles', ...title('nav.vehicles'), ...page(() => import('@/features/books/routes/vehicles')) },
                  { path: 'budgets', ...title('finance.budgets.title'), ...page(() => import('@/features/finance/routes/budgets')) },
                  { path: 'recurring', ...title('books.recurring.title'), ...page(() => import('@/features/books/routes/recurring')) },
                  {
                    path: 'purchasedproducts',
                    ...title('books.screens.purchasedProducts'),
                    ...page(() => import('@/features/books/routes/purchased-products')),
                  },
                  { path: 'dailyincome', ...title('books.screens.dailyIncome'), ...page(() => import('@/features/books/routes/daily-income')) },
                  {
                    path: 'dailyincomeregister',
                    ...title('books.screens.dailyIncomeRegister'),
                    ...page(() => import('@/features/books/routes/income-register')),
                  },
                  {
                    path: 'dailyoperationalexpenses',
                    ...title('books.screens.dailyOperationalExpenses'),
                    ...page(() => import('@/features/books/routes/daily-operational-expenses')),
                  },
                  {
                    path: 'operationalexpenses',
                    ...title('books.screens.operationalExpenses'),
                    ...page(() => import('@/features/books/routes/operational-expenses')),
                  },
                  {
                    path: 'dailyusersubcategory',
                    ...title('books.screens.dailyUserSubcategory'),
                    ...page(() => import('@/features/books/routes/daily-user-subcategory')),
                  },
                  {
                    path: 'dailypurchasedproducts',
                    ...title('books.screens.dailyPurchasedProducts'),
                    ...page(() => import('@/features/books/routes/daily-purchased-products')),
                  },
                  {
                    path: 'dailyworkerspayments',
                    ...title('books.screens.dailyWorkersPayments'),
                    ...page(() => import('@/features/books/routes/daily-workers-payments')),
                  },
                  { path: 'workerspayment', ...title('books.screens.workersPayment'), ...page(() => import('@/features/books/routes/workers-payment')) },
                  {
                    path: 'dailysupplierspayments',
                    ...title('books.screens.dailySuppliersPayments'),
                    ...page(() => import('@/features/books/routes/daily-suppliers-payments')),
                  },
                  { path: 'monthlymileage', ...title('books.screens.monthlyMileage'), ...page(() => import('@/features/books/routes/monthly-mileage')) },
                  { path: 'import', ...title('books.import.title'), ...page(() => import('@/features/books/routes/import')) },
                  { path: 'taxyears', ...title('books.reports.taxYears'), ...page(() => import('@/features/books/routes/tax-years')) },
                  { path: 'taxmonths', ...title('books.reports.viewMonths'), ...page(() => import('@/features/books/routes/tax-months')) },
                  { path: 'monthdashboard', ...title('books.reports.monthDashboard'), ...page(() => import('@/features/books/routes/month-dashboard')) },
                  { path: 'profitsandlossesmonth', ...title('books.reports.pnlMonth'), ...page(() => import('@/features/books/routes/pnl-month')) },
                  { path: 'profitsandlossesyear', ...title('books.reports.pnlYear'), ...page(() => import('@/features/books/routes/pnl-year')) },
                  { path: 'annualtotal', ...title('books.reports.annualTotal'), ...page(() => import('@/features/books/routes/annual-total')) },
                  { path: 'help-center', ...title('nav.help-center'), ...page(() => import('@/features/help/routes/help-center')) },
                  { path: 'help-center/faqs', ...title('help.faqsTitle'), ...page(() => import('@/features/help/routes/faqs')) },
                  { path: 'help-center/support', ...title('help.support.title'), ...page(() => import('@/features/help/routes/support')) },
                  { path: 'help-center/guides/:categorySlug/:guideSlug', ...title('help.guideTitle'), ...page(() => import('@/features/help/routes/guide')) },
                  { path: 'pricing', ...title('nav.pricing'), ...page(() => import('@/features/billing/routes/pricing')) },
                  {
                    path: 'purchaseconfirmation',
                    ...title('nav.purchase-confirmation'),
                    ...page(() => import('@/features/billing/routes/purchase-confirmation')),
                  },
                  { path: 'purchaseerror', ...title('nav.purchase-error'), ...page(() => import('@/features/billing/routes/purchase-error')) },
                ],
              },
            ],
          },
        ],
      },

      // Anything else: a 404, inside the shell for a signed-in user (see not-found.tsx).
      {
        id: NOT_FOUND_ROUTE,
        loader: (args) => import('./not-found').then((m) => m.notFoundLoader(args)),
        lazy: async () => ({ Component: (await Promise.all([import('./not-found'), loadRest()]))[0].NotFoundLayout }),
        children: [{ path: '*', errorElement: <PageError />, ...title('common.notFoundTitle'), ...page(() => import('./not-found')) }],
      },
    ],
  },
];

/** The supporting areas' addresses: contacts, inventory, documents, chat, mail, notes, tasks, boards, dashboards, icons. */
const SUPPORTING = /^\/(apps|ui|dashboards|pages)(\/|$)/;

/**
 * The supporting areas' routes are found on the first visit to one of their addresses (React Router's
 * route discovery), not listed here: each route costs the first load its entry and its chunk's preload
 * list, and sign-in's first load has a budget (docs/architecture.md, Budgets). Until found, such an
 * address matches only the not-found splat, which is what lets the router ask.
 */
export function discoverSupportingRoutes(): PatchRoutesOnNavigationFunction {
  let found = false;
  return async ({ path, patch }) => {
    if (found || !SUPPORTING.test(path)) return;
    const { supportingRoutes } = await import('./supporting-routes');
    // Two navigations may have asked at once; the routes join once.
    if (found) return;
    found = true;
    patch(SHELL_PAGES, supportingRoutes);
  };
}

export const createRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation: discoverSupportingRoutes() });
