import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, AS_IN_THE_APP } from '../test-utils';
import { renderApp } from '@/test/render';
import SignUp from './sign-up';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => vi.unstubAllGlobals());

async function fill(fields: { name?: string; email?: string; password?: string; agree?: boolean }) {
  const ui = userEvent.setup({ delay: null });
  if (fields.name) await ui.type(screen.getByLabelText('Your name'), fields.name);
  if (fields.email) await ui.type(screen.getByLabelText('Email address'), fields.email);
  if (fields.password) await ui.type(screen.getByLabelText('Password'), fields.password);
  if (fields.agree) await ui.click(screen.getByRole('checkbox'));
  await ui.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up', () => {
  it('blocks an invalid email and a short password inline, without calling the server', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderApp(<SignUp />, { ...AS_IN_THE_APP, path: '/sign-up', url: '/sign-up' });
    await fill({ name: 'Ana', email: 'ana@nowhere', password: 'short', agree: true });
    expect(await screen.findByText('Enter a valid email address, like name@example.com')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('asks for the agreement', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    renderApp(<SignUp />, { ...AS_IN_THE_APP, path: '/sign-up', url: '/sign-up' });
    await fill({ name: 'Ana', email: 'ana@example.com', password: 'long enough phrase' });
    expect(await screen.findByText('Accept the terms of use and the privacy policy to create an account')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('puts the server refusing a common password on the password field', async () => {
    mockApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Choose a less common password',
        details: [{ path: 'password', message: 'This password is too common; choose another' }],
      },
    }));
    renderApp(<SignUp />, { ...AS_IN_THE_APP, path: '/sign-up', url: '/sign-up' });
    await fill({ name: 'Ana', email: 'ana@example.com', password: 'password123', agree: true });
    expect(await screen.findByText('This password is too common; choose another')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the account and goes to confirmation-required with the address', async () => {
    const calls = mockApi(() => ({ status: 200, body: true }));
    const { router } = renderApp(<SignUp />, { ...AS_IN_THE_APP, path: '/sign-up', url: '/sign-up' });
    await fill({ name: '  Ana Owner ', email: 'Ana@Example.com', password: 'long enough phrase', agree: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation-required'));
    expect(router.state.location.search).toBe('?email=ana%40example.com');
    expect(calls[0]).toEqual({
      url: '/api/auth/sign-up',
      body: {
        name: 'Ana Owner',
        email: 'ana@example.com',
        password: 'long enough phrase',
        agreements: true,
        language: 'en',
        // The browser's own zone, as the account's.
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
  });
});
