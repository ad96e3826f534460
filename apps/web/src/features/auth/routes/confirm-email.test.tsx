import { screen } from '@testing-library/react';
import { apiError, mockApi, renderPage } from '../test-utils';
import ConfirmEmail from './confirm-email';

vi.mock('@/i18n', () => ({ setLanguage: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => vi.unstubAllGlobals());

describe('confirm-email', () => {
  it('uses the single-use token once, even when StrictMode runs the effect twice', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderPage('/confirm-email', <ConfirmEmail />, '/confirm-email?token=tok-once');
    expect(await screen.findByText('Address confirmed')).toBeInTheDocument();
    expect(calls).toEqual([{ url: '/api/auth/confirm-email', body: { token: 'tok-once' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('explains a refused link and offers a new mail', async () => {
    mockApi(() => apiError(400, 'TOKEN_INVALID', 'This link is invalid or has expired'));
    renderPage('/confirm-email', <ConfirmEmail />, '/confirm-email?token=tok-used');
    expect(await screen.findByText('This link is invalid, has expired, or has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the mail again' })).toBeInTheDocument();
  });

  it('treats a link without a token as refused, without calling the server', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderPage('/confirm-email', <ConfirmEmail />, '/confirm-email');
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
