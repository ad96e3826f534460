import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/lib/queries';
import { session } from '@/lib/session';
import { apiError, mockApi, AS_IN_THE_APP } from '../test-utils';
import { renderApp } from '@/test/render';
import SignIn from './sign-in';
import { tokenExpiringIn } from '@/test/token';
import { aUser } from '@/test/user';

vi.setConfig({ testTimeout: 15_000 });

const user = aUser({ plan: 'free', trialEndsAt: '2026-01-31T00:00:00.000Z', onTrial: true });
// A well-formed token that expires in an hour, so the session counts as present.
const token = tokenExpiringIn();

async function submit(email = 'owner@example.com', password = 'correct horse battery') {
  const ui = userEvent.setup({ delay: null });
  await ui.type(screen.getByLabelText('Email address'), email);
  await ui.type(screen.getByLabelText('Password'), password);
  await ui.click(screen.getByRole('button', { name: 'Sign in' }));
  return ui;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  queryClient.clear();
});

describe('sign-in', () => {
  it.each([
    ['INVALID_CREDENTIALS', 401, 'Wrong email or password.'],
    ['ACCOUNT_DISABLED', 403, 'This account is disabled. Contact the administrator of this service.'],
    ['RATE_LIMITED', 429, 'Too many attempts. Wait a few minutes, then try again.'],
  ])('puts %s in words', async (code, status, text) => {
    mockApi(() => apiError(status, code, 'server words'));
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Send the confirmation mail again' })).not.toBeInTheDocument();
    expect(session.isSignedIn()).toBe(false);
  });

  it('offers to send the confirmation mail again when the address is not confirmed', async () => {
    const calls = mockApi((url) =>
      url.endsWith('/resend-confirmation') ? { status: 200, body: true } : apiError(403, 'EMAIL_NOT_CONFIRMED', 'Confirm your email address before signing in'),
    );
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    const ui = await submit();
    expect(await screen.findByText(/Your email address is not confirmed yet/)).toBeInTheDocument();
    // Its code comes with that answer (resend-on-sign-in.tsx).
    await ui.click(await screen.findByRole('button', { name: 'Send the confirmation mail again' }));
    expect(await screen.findByText('We sent a new confirmation mail to owner@example.com.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: '/api/auth/resend-confirmation', body: { email: 'owner@example.com' } });
  });

  it('shows the server words for an error it has no translation for', async () => {
    mockApi(() => apiError(500, 'INTERNAL', 'Something went wrong on our side'));
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });

  it('starts the session and follows a same-site redirectURL', async () => {
    mockApi(() => ({ status: 200, body: { user, accessToken: token, tokenType: 'bearer' } }));
    const { router } = renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in?redirectURL=%2Fuser%2Ftaxmonths%3Fyear%3D2026' });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/taxmonths'));
    expect(router.state.location.search).toBe('?year=2026');
    expect(session.get()).toBe(token);
    // The user the answer carries, handed to the shell, which puts it in the cache rather than read it again.
    expect(session.takeUser()).toEqual(user);
  });

  it('asks for the code when two-step sign-in is on, then starts the session; a wrong code is said in words', async () => {
    let codeTries = 0;
    const calls = mockApi((url) => {
      if (url.endsWith('/auth/sign-in')) return { status: 200, body: { mfaRequired: true, mfaToken: 'step-token' } };
      codeTries += 1;
      return codeTries === 1
        ? apiError(400, 'MFA_INVALID', 'The code is wrong or was used already')
        : { status: 200, body: { user, accessToken: token, tokenType: 'bearer' } };
    });
    const { router } = renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in?redirectURL=%2Fuser%2Ftaxmonths' });
    const ui = await submit();
    const field = await screen.findByLabelText('Code from the app');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(session.isSignedIn()).toBe(false);
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
    await ui.type(field, '12 34 56');
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or was used already.');
    expect(calls.at(-1)).toEqual({ url: '/api/auth/sign-in/mfa', body: { mfaToken: 'step-token', code: '123456' } });
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/taxmonths'));
    expect(session.get()).toBe(token);
  });

  it('takes a recovery code instead of the app code', async () => {
    const calls = mockApi((url) =>
      url.endsWith('/auth/sign-in')
        ? { status: 200, body: { mfaRequired: true, mfaToken: 'step-token' } }
        : { status: 200, body: { user, accessToken: token, tokenType: 'bearer' } },
    );
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    const ui = await submit();
    await ui.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await ui.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await ui.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.get()).toBe(token));
    expect(calls.at(-1)).toEqual({ url: '/api/auth/sign-in/mfa', body: { mfaToken: 'step-token', recoveryCode: 'abcde-12345' } });
  });

  it('sends the language chosen on this device, so it becomes the account language', async () => {
    const calls = mockApi(() => ({ status: 200, body: { user, accessToken: token, tokenType: 'bearer' } }));
    localStorage.setItem('language', 'tr');
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    await submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/auth/sign-in', body: { email: 'owner@example.com', password: 'correct horse battery', language: 'tr' } });
    localStorage.removeItem('language');
    session.clear();
  });

  it('goes to the root instead of an off-site redirectURL', async () => {
    mockApi(() => ({ status: 200, body: { user, accessToken: token, tokenType: 'bearer' } }));
    const { router } = renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in?redirectURL=%2F%2Fevil.example%2Fphish' });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('checks the fields before calling the server', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderApp(<SignIn />, { ...AS_IN_THE_APP, path: '/sign-in', url: '/sign-in' });
    const ui = userEvent.setup({ delay: null });
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
