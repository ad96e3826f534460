import { fireEvent, screen } from '@testing-library/react';
import type { User } from '@cuadre/contracts';
import { AvatarField } from './avatar-field';
import { checkAvatar } from '../lib/avatar-check';
import { json, renderApp } from '@/test/render';

const user: User = {
  id: 'u1',
  email: 'olga@example.com',
  name: 'Olga Owner',
  first_name: 'Olga',
  company: null,
  avatar: null,
  profile_img_url: null,
  status: 'online',
  role: 'user',
  plan: 'basic',
  trialEndsAt: null,
  onTrial: false,
  accountStatus: 'active',
  emailConfirmed: true,
  mfaEnabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
};

const file = (bytes: number, type: string, name = 'me.png') => new File([new Uint8Array(bytes)], name, { type });

afterEach(() => vi.unstubAllGlobals());

describe('avatar check on the client', () => {
  it('refuses more than 2 MB and anything but JPEG, PNG or WebP', () => {
    expect(checkAvatar(file(3 * 1024 * 1024, 'image/jpeg'))).toBe('size');
    expect(checkAvatar(file(2 * 1024 * 1024 + 1, 'image/png'))).toBe('size');
    expect(checkAvatar(file(2 * 1024 * 1024, 'image/png'))).toBeUndefined();
    expect(checkAvatar(file(1000, 'image/webp'))).toBeUndefined();
    expect(checkAvatar(file(1000, 'image/gif'))).toBe('type');
    expect(checkAvatar(file(1000, 'image/svg+xml'))).toBe('type');
  });

  it('refuses a 3 MB picture without uploading it', async () => {
    const fetchMock = vi.fn(async () => json(user));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<AvatarField user={user} onSaved={() => {}} />, { url: '/usersettings' });
    fireEvent.change(await screen.findByTestId('avatar-input'), { target: { files: [file(3 * 1024 * 1024, 'image/jpeg', 'big.jpg')] } });
    expect(await screen.findByText('The image is larger than 2 MB. Choose a smaller one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews a fitting picture and uploads it on request', async () => {
    const fetchMock = vi.fn(async () => json({ ...user, avatar: '/api/avatars/u1' }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.fn();
    renderApp(<AvatarField user={user} onSaved={saved} />, { url: '/usersettings' });
    fireEvent.change(await screen.findByTestId('avatar-input'), { target: { files: [file(1024, 'image/png')] } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('img')).toHaveAttribute('src', 'blob:preview');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith('Picture saved.'), { timeout: 10_000 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/common/user/avatar');
    expect(init.body).toBeInstanceOf(FormData);
  });

  it('shows the server refusal of a file that only looked like an image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Use a JPEG, PNG or WebP image' }, 415)),
    );
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    renderApp(<AvatarField user={user} onSaved={() => {}} />, { url: '/usersettings' });
    fireEvent.change(await screen.findByTestId('avatar-input'), { target: { files: [file(1024, 'image/png')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Use a JPEG, PNG or WebP image.')).toBeInTheDocument();
  });
});
