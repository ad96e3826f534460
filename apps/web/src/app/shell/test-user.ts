import { DEFAULT_PREFERENCES, type User } from '@cuadre/contracts';
import { aUser } from '@/test/user';

/** The shell's signed-in user: Ana López (initials AL), an administrator on the Pro plan. */
export const testUser = (over: Partial<User> = {}): User =>
  aUser({
    email: 'ana@example.com',
    name: 'Ana López',
    role: 'admin',
    plan: 'pro',
    preferences: DEFAULT_PREFERENCES,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...over,
  });
