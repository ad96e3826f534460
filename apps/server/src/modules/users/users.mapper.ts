import { DEFAULT_PREFERENCES, type User } from '@cuadre/contracts';
import type { UserRow } from './users.repository.js';
import { onTrial } from './trial.js';

export const avatarUrl = (row: Pick<UserRow, 'id' | 'avatarVersion'>) => (row.avatarVersion ? `/api/avatars/${row.id}?v=${row.avatarVersion}` : null);

/** A user row as the API shows it: never the hash, preferences filled with defaults, the trial as it stands `now`. */
export function toUser(row: UserRow, now = new Date()): User {
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
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    onTrial: onTrial(row, now),
    accountStatus: row.status,
    emailConfirmed: row.emailConfirmedAt !== null,
    mfaEnabled: row.mfaEnabledAt !== null,
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
    createdAt: row.createdAt.toISOString(),
  };
}
