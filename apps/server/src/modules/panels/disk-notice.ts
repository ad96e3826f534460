import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { accountLanguage } from '../../lib/language.js';
import { UsersRepository } from '../users/index.js';
import { PanelItemsRepository } from './panels.repository.js';
import { PANEL_TEXTS } from './texts.js';

/**
 * Tells every active administrator, in their language, that the server's disk is full (lib/disk-watch.ts
 * calls it once per episode). One item per administrator that stands for the condition: a later episode
 * brings the same item back, unread, rather than adding another. Needs a little room itself: when the
 * disk is too full even for it, the watch tries again once room is back.
 */
export async function tellAdministratorsDiskFull(db: Db, events: EventBus, since: Date): Promise<void> {
  const admins = await new UsersRepository(db).activeAdmins();
  const stamp = `${since.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  for (const admin of admins) {
    await new PanelItemsRepository(db, admin.id, 'notification').upsertKeyed({
      key: 'disk-full',
      ...PANEL_TEXTS[accountLanguage(admin)].diskFull(stamp),
      icon: 'heroicons_outline:server-stack',
      image: null,
      link: null,
      useRouter: true,
      read: false,
    });
  }
  events.publish(admins.map((a) => a.id));
}
