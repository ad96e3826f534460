import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordForm } from './change-password-form';
import { json, renderApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

async function fill(current: string, next: string, again = next) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/Repeat the new password/), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password', () => {
  it("puts the server's wrong-current-password error on that field", async () => {
    const fetchMock = vi.fn(async () =>
      json(
        {
          statusCode: 400,
          code: 'VALIDATION',
          message: 'The current password is wrong',
          details: [{ path: 'currentPassword', message: 'The current password is wrong' }],
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<ChangePasswordForm />, { url: '/usersettings' });
    await fill('not-my-password', 'Brand-new-pass-2026');

    await waitFor(() => expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('The current password is wrong')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/change-password');
    expect(JSON.parse(String(init.body))).toEqual({ currentPassword: 'not-my-password', newPassword: 'Brand-new-pass-2026' });
  });

  it('says other sessions were ended after a change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(true)),
    );
    renderApp(<ChangePasswordForm />, { url: '/usersettings' });
    await fill('Old-pass-2026', 'Brand-new-pass-2026');
    expect(await screen.findByText(/Your sessions on other devices have been ended/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveValue('');
  });

  it('checks the repeat before asking the server', async () => {
    const fetchMock = vi.fn(async () => json(true));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<ChangePasswordForm />, { url: '/usersettings' });
    await fill('Old-pass-2026', 'Brand-new-pass-2026', 'Brand-new-pass-2027');
    expect(await screen.findByText('The two new passwords differ')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
