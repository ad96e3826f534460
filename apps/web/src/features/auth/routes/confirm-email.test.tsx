import { screen } from '@testing-library/react';
import { apiError, mockApi, AS_IN_THE_APP } from '../test-utils';
import { renderApp } from '@/test/render';
import ConfirmEmail from './confirm-email';
import { queryClient } from '@/lib/queries';
import { session } from '@/lib/session';
import { tokenExpiringIn } from '@/test/token';
import { aUser } from '@/test/user';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  queryClient.clear();
});

const user = aUser({ plan: 'free', trialEndsAt: '2026-01-31T00:00:00.000Z', onTrial: true });
// A well-formed token that expires in an hour, so the session counts as present.
const token = tokenExpiringIn();

describe('confirm-email', () => {
  it('signs the person in with the session the confirmation answers, and goes into the app; the single-use token is sent once, even when StrictMode runs the effect twice', async () => {
    const calls = mockApi(() => ({ status: 200, body: { user, accessToken: token, tokenType: 'bearer' } }));
    const { router } = renderApp(<ConfirmEmail />, { ...AS_IN_THE_APP, path: '/confirm-email', url: '/confirm-email?token=tok-once' });
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toEqual([{ url: '/api/auth/confirm-email', body: { token: 'tok-once' } }]);
    expect(session.get()).toBe(token);
    // The user the answer carries, handed to the shell, which puts it in the cache rather than read it again.
    expect(session.takeUser()).toEqual(user);
    // The link's page is replaced: going back does not spend the token again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says so, without a retry, when the confirmed account is disabled', async () => {
    mockApi(() => apiError(403, 'ACCOUNT_DISABLED', 'This account is disabled'));
    renderApp(<ConfirmEmail />, { ...AS_IN_THE_APP, path: '/confirm-email', url: '/confirm-email?token=tok-disabled' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled. Contact the administrator of this service.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(session.isSignedIn()).toBe(false);
  });

  it('explains a refused link and offers a new mail', async () => {
    mockApi(() => apiError(400, 'TOKEN_INVALID', 'This link is invalid or has expired'));
    renderApp(<ConfirmEmail />, { ...AS_IN_THE_APP, path: '/confirm-email', url: '/confirm-email?token=tok-used' });
    expect(await screen.findByText('This link is invalid, has expired, or has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the mail again' })).toBeInTheDocument();
  });

  it('treats a link without a token as refused, without calling the server', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderApp(<ConfirmEmail />, { ...AS_IN_THE_APP, path: '/confirm-email', url: '/confirm-email' });
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
