import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES } from '@cuadre/contracts';
import { fakeServer, json } from '../test/fake-server';
import { renderApp } from '@/test/render';
import { FirstRunChecklist } from './first-run-checklist';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const NONE = { business: false, income: false, expenseReceipt: false, vehicle: false, monthClosed: false };
const MARCH = { year: 2026, search: 'year=2026&month=3' };

function renderChecklist(steps: Partial<typeof NONE>, dismissed = false) {
  const state = { steps: { ...NONE, ...steps }, dismissed };
  const server = fakeServer((req) => {
    if (req.path === '/api/onboarding') return json(state);
    if (req.method === 'PATCH' && req.path === '/api/settings') {
      state.dismissed = true;
      return json({
        business: { name: null, taxId: null, address: null, currency: 'USD' },
        preferences: { ...DEFAULT_PREFERENCES, onboardingDismissed: true },
      });
    }
    return undefined;
  });
  const view = renderApp(<FirstRunChecklist month={MARCH} />, { url: '/user/dashboard' });
  return { server, state, ...view };
}

describe('the first-run checklist', () => {
  it('ticks the steps the server says are done, and links each other one to where it is done', async () => {
    renderChecklist({ business: true, income: true });
    const list = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(list).getByText('2 of 5 done')).toBeInTheDocument();
    // Done: crossed out, said so to a screen reader, no longer a link.
    expect(within(list).queryByRole('link', { name: 'Give your business its name' })).not.toBeInTheDocument();
    expect(within(list).getByText(/Give your business its name/)).toHaveTextContent('Give your business its name (done)');
    expect(within(list).queryByRole('link', { name: 'Record your first income' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Record an expense with its receipt' })).toHaveAttribute(
      'href',
      '/user/dailyoperationalexpenses?year=2026&month=3',
    );
    expect(within(list).getByRole('link', { name: 'Add the vehicle you drive for work' })).toHaveAttribute('href', '/user/vehicles');
    expect(within(list).getByRole('link', { name: 'Close your first month once it has ended' })).toHaveAttribute('href', '/user/taxmonths?year=2026');
  });

  it('links the business step to the settings’ business section, and the income step to the day’s register', async () => {
    renderChecklist({});
    const list = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(list).getByText('0 of 5 done')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Give your business its name' })).toHaveAttribute('href', '/usersettings?tab=business');
    expect(within(list).getByRole('link', { name: 'Record your first income' })).toHaveAttribute('href', '/user/dailyincomeregister?year=2026&month=3');
  });

  it('is gone once every step is done', async () => {
    const { queryClient: qc } = renderChecklist({ business: true, income: true, expenseReceipt: true, vehicle: true, monthClosed: true });
    // The answer is in, and rendered nothing.
    await waitFor(() => expect(qc.getQueryData(['books', 'onboarding'])).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('is gone when the owner put it away, and putting it away is saved in the preferences', async () => {
    const user = userEvent.setup();
    const { server } = renderChecklist({ income: true });
    const list = await screen.findByRole('region', { name: 'Getting started' });
    await user.click(within(list).getByRole('button', { name: 'Hide this list' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument());
    expect(server.posts('/api/settings')[0]!.body).toEqual({ preferences: { onboardingDismissed: true } });
  });

  it('stays away on the next visit once put away', async () => {
    const { queryClient: qc } = renderChecklist({ income: true }, true);
    await waitFor(() => expect(qc.getQueryData(['books', 'onboarding'])).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});
