import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import common from '@/i18n/locales/common/en.json';
import billing from '@/i18n/locales/billing/en.json';
import Pricing from './pricing';

vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = (plan: string) => ({
  id: 'u1',
  email: 'fred@example.com',
  name: 'Fred Free',
  first_name: 'Fred',
  company: null,
  avatar: null,
  profile_img_url: null,
  status: 'online',
  role: 'user',
  plan,
  accountStatus: 'active',
  emailConfirmed: true,
  createdAt: '2026-01-01T00:00:00Z',
  preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
});
const plans = {
  checkoutAvailable: false,
  items: [
    { id: 'free', name: 'Free', description: 'Look around', priceCents: 0, interval: 'month', features: ['One business'], isFree: true },
    { id: 'basic', name: 'Basic', description: 'Alone', priceCents: 900, interval: 'month', features: ['CSV export'], isFree: false },
  ],
};

/** The server answers the user with each plan in turn: what an administrator activating a plan looks like. */
function renderPricing(planSequence: string[]) {
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path.startsWith('/api/plans')) return json(plans);
      return json(user(planSequence[Math.min(n++, planSequence.length - 1)]!));
    }),
  );
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { ...common, ...billing } } }, interpolation: { escapeValue: false } });
  const router = createMemoryRouter(
    [
      { path: '/user/pricing', element: <Pricing /> },
      { path: '/user/dashboard', element: <p>owner dashboard</p> },
    ],
    { initialEntries: ['/user/pricing'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('pricing', () => {
  it('lists the plans with their monthly price, marks the current one, and says who activates plans', async () => {
    renderPricing(['free']);
    expect(await screen.findByRole('heading', { name: 'Basic' })).toBeInTheDocument();
    expect(screen.getByText('$9.00')).toBeInTheDocument();
    expect(screen.getByRole('article', { current: true })).toHaveAccessibleName('Free');
    expect(screen.getByText(/Ask your administrator to activate a plan for your account \(fred@example.com\)/)).toBeInTheDocument();
  });

  it('stays and says so when the owner is still on the free plan after continuing', async () => {
    const router = renderPricing(['free']);
    await userEvent.click(await screen.findByRole('button', { name: /I have a plan now/ }));
    expect(await screen.findByText(/still on the free plan/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/pricing');
  });

  it('goes to the dashboard once a plan has been activated', async () => {
    const router = renderPricing(['free', 'basic']);
    await userEvent.click(await screen.findByRole('button', { name: /I have a plan now/ }));
    expect(await screen.findByText('owner dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });
});
