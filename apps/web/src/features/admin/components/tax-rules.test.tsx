import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaxRule } from '@cuadre/contracts';
import { TaxRules } from './tax-rules';
import { json, renderApp } from '@/test/render';
import { setScreenWide } from '@/test/screen';

/** The server as this screen sees it: one year's rules, and a save that answers what it was sent. */
function mockServer(rule: TaxRule) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/admin/tax-rules') return json({ items: [rule] });
      if (url.pathname === `/api/admin/tax-rules/${rule.year}` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Omit<TaxRule, 'year'>;
        saved.push(body);
        return json({ year: rule.year, ...body });
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return saved;
}

describe('the tax rules screen', () => {
  beforeEach(() => setScreenWide(true));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each amount in dollars, edits it as the exact cents as text, and saves what was typed as integer cents', async () => {
    const saved = mockServer({ year: 2026, contractorThreshold: 60_000, socialSecurityWageBase: 9_999_999_999 });
    renderApp(<TaxRules />, { path: '/', url: '/' });
    expect(await screen.findByText('$600.00')).toBeInTheDocument();
    expect(screen.getByText('$99,999,999.99')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Edit 2026$/ }));
    const dialog = await screen.findByRole('dialog');
    const threshold = within(dialog).getByRole('textbox', { name: /threshold/i });
    await waitFor(() => expect(threshold).toHaveValue('600.00'));
    expect(within(dialog).getByRole('textbox', { name: /wage base/i })).toHaveValue('99999999.99');

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '2.000,29');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ contractorThreshold: 200_029, socialSecurityWageBase: 9_999_999_999 }]));
  });
});
