import type { User } from '@cuadre/contracts';

/**
 * The signed-in user as the server sends it (GET common/user, sign-in, confirm-email): an owner on
 * the Basic plan unless a test says otherwise. One place, so a field the contract gains is added once.
 */
export const aUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'owner@example.com',
  name: 'Ana Owner',
  first_name: 'Ana',
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
  preferences: { language: 'en', scheme: 'light', theme: 'theme-default', layout: 'classy' },
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
