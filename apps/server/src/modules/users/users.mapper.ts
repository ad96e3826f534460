import { DEFAULT_PREFERENCES, type User } from '@cuadre/contracts';
import type { UserRow } from './users.repository.js';

export const avatarUrl = (row: Pick<UserRow, 'id' | 'avatarVersion'>) => (row.avatarVersion ? `/api/avatars/${row.id}?v=${row.avatarVersion}` : null);

/** A user row as the API shows it: never the hash, preferences filled with defaults. */
export function toUser(row: UserRow): User {
  const avatar = avatarUrl(row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    first_name: row.name.split(/\s+/)[0] ?? row.name,
    company: row.company,
    avatar,
    profile_img_url: avatar,
    status: row.presence,
    role: row.role,
    plan: row.plan,
    accountStatus: row.status,
    emailConfirmed: row.emailConfirmedAt !== null,
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    createdAt: row.createdAt.toISOString(),
  };
}
