import { DEFAULT_CURRENCY, DEFAULT_PREFERENCES, type Settings, type SettingsPatch } from '@cuadre/contracts';
import type { Authenticated } from '../auth/index.js';
import type { UserRow, UsersRepository } from '../users/index.js';

export function settingsOf(row: UserRow): Settings {
  return {
    business: {
      // The business's name is the account's company, one field under two names.
      name: row.company,
      taxId: row.business.taxId ?? null,
      address: row.business.address ?? null,
      currency: row.business.currency ?? DEFAULT_CURRENCY,
    },
    preferences: { ...DEFAULT_PREFERENCES, ...row.preferences },
  };
}

/** The business section and the preferences of the signed-in user (`/api/settings`). */
export class SettingsService {
  constructor(private readonly users: UsersRepository) {}

  get(auth: Authenticated): Settings {
    return settingsOf(auth.user);
  }

  async update(auth: Authenticated, patch: SettingsPatch): Promise<Settings> {
    const u = auth.user;
    const b = patch.business;
    const business = { ...u.business };
    if (b?.taxId !== undefined) business.taxId = b.taxId || null;
    if (b?.address !== undefined) business.address = b.address || null;
    if (b?.currency !== undefined) business.currency = b.currency;
    const row = await this.users.update(u.id, {
      business,
      ...(b?.name !== undefined ? { company: b.name || null } : {}),
      ...(patch.preferences ? { preferences: { ...u.preferences, ...patch.preferences } } : {}),
    });
    return settingsOf(row!);
  }
}
