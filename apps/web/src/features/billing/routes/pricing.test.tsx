import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp } from '@/test/render';
import { aUser } from '@/test/user';
import Pricing from './pricing';

vi.setConfig({ testTimeout: 60_000 });

const user = (plan: string, trial: { trialEndsAt?: string | null; onTrial?: boolean } = {}) =>
  aUser({ email: 'fred@example.com', name: 'Fred Free', first_name: 'Fred', plan, trialEndsAt: trial.trialEndsAt ?? null, onTrial: trial.onTrial ?? false });
const plans = {
  checkoutAvailable: false,
  items: [
    { id: 'free', name: 'Free', description: 'Look around', priceCents: 0, interval: 'month', features: ['One business'], isFree: true },
    { id: 'basic', name: 'Basic', description: 'Alone', priceCents: 900, interval: 'month', features: ['CSV export'], isFree: false },
  ],
};
const pendingRequest = {
  id: 'r1',
  planId: 'basic',
  status: 'pending',
  message: 'Please activate the Basic plan for my account (fred@example.com).',
  answer: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  answeredAt: null,
};

type Me = ReturnType<typeof user>;

/**
 * The server as the page sees it: the user (each answer in turn: what an administrator activating a
 * plan looks like), the plans, and the owner's plan request, which a POST makes. Every call is recorded.
 */
function renderPricing(users: Me[], request: unknown = null) {
  let n = 0;
  let current = request;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (path.startsWith('/api/plans/request')) {
        if (method === 'POST') {
          current = { ...pendingRequest, planId: (JSON.parse(String(init!.body)) as { planId: string }).planId };
          return json(current, 201);
        }
        return json({ request: current });
      }
      if (path.startsWith('/api/plans')) return json(plans);
      return json(users[Math.min(n++, users.length - 1)]!);
    }),
  );
  const { router } = renderApp(<Pricing />, {
    path: '/user/pricing',
    url: '/user/pricing',
    routes: [{ path: '/user/dashboard', element: <p>owner dashboard</p> }],
  });
  return { router, calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('pricing', () => {
  it('lists the plans with their monthly price, marks the current one, and says who activates plans', async () => {
    renderPricing([user('free')]);
    expect(await screen.findByRole('heading', { name: 'Basic' })).toBeInTheDocument();
    expect(screen.getByText('$9.00')).toBeInTheDocument();
    expect(screen.getByRole('article', { current: true })).toHaveAccessibleName('Free');
    expect(screen.getByText(/Ask your administrator to activate a plan for your account \(fred@example.com\)/)).toBeInTheDocument();
  });

  it('stays and says so when the owner is still on the free plan after continuing', async () => {
    const { router } = renderPricing([user('free')]);
    await userEvent.click(await screen.findByRole('button', { name: /I have a plan now/ }));
    expect(await screen.findByText(/still on the free plan/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/pricing');
  });

  it('goes to the dashboard once a plan has been activated', async () => {
    const { router } = renderPricing([user('free'), user('basic')]);
    await userEvent.click(await screen.findByRole('button', { name: /I have a plan now/ }));
    expect(await screen.findByText('owner dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });

  it('shows an owner in the trial its last day, lets them reach the dashboard, and asks for a plan', async () => {
    const { calls } = renderPricing([user('free', { trialEndsAt: '2026-04-02T15:00:00.000Z', onTrial: true })]);
    expect(await screen.findByText('Your trial of the paid plan: last day April 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('button', { name: /I have a plan now/ })).not.toBeInTheDocument();
    // The free plan is not asked for; the paid one is, once.
    expect(screen.queryByRole('button', { name: 'Ask for the Free plan' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for the Basic plan' }));
    expect(await screen.findByText('You asked for the Basic plan')).toBeInTheDocument();
    expect(screen.getByText(/Sent on March 4, 2026\. The administrators will answer here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for the Basic plan' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/plans/request', body: { planId: 'basic' } }]);
  });

  it('tells a free-plan owner when the trial ended, and shows a waiting request without asking again', async () => {
    renderPricing([user('free', { trialEndsAt: '2026-02-01T15:00:00.000Z', onTrial: false })], pendingRequest);
    expect(await screen.findByText('You are on the free plan')).toBeInTheDocument();
    expect(screen.getByText('Your trial ended on February 1, 2026. Your records are kept.')).toBeInTheDocument();
    expect(await screen.findByText('You asked for the Basic plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ask for/ })).not.toBeInTheDocument();
  });

  it("shows the administrators' answer to the request, as text", async () => {
    renderPricing([user('free')], {
      ...pendingRequest,
      status: 'answered',
      answer: '<b>Write to billing@example.com</b>',
      answeredAt: '2026-03-05T10:00:00.000Z',
    });
    expect(await screen.findByText('Your request for the Basic plan was answered')).toBeInTheDocument();
    expect(screen.getByText('<b>Write to billing@example.com</b>')).toBeInTheDocument();
    // Answered, so the owner may ask again.
    expect(screen.getByRole('button', { name: 'Ask for the Basic plan' })).toBeInTheDocument();
  });
});
