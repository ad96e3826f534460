import type { PanelItem, PanelItemInput, PanelItemPatch, Shortcut, ShortcutInput } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { notFound } from '../../lib/errors.js';
import { definedOnly } from '../../lib/objects.js';
import type { Authenticated } from '../auth/index.js';
import { accountLanguage } from '../../lib/language.js';
import { applyNotificationRules } from './notification-rules.js';
import { PanelItemsRepository, ShortcutsRepository, type Box, type PanelItemRow, type ShortcutRow } from './panels.repository.js';
import { PANEL_TEXTS } from './texts.js';

/** Where the starting shortcuts lead, in the order of their texts (texts.ts). */
const START_SHORTCUTS = {
  user: [
    { icon: 'heroicons_outline:banknotes', link: '/user/dailyincome' },
    { icon: 'heroicons_outline:receipt-percent', link: '/user/dailyoperationalexpenses' },
    { icon: 'heroicons_outline:map', link: '/user/monthlymileage' },
    { icon: 'heroicons_outline:calendar-days', link: '/user/monthdashboard' },
    { icon: 'heroicons_outline:chart-bar', link: '/user/profitsandlossesyear' },
    { icon: 'heroicons_outline:archive-box', link: '/apps/ecommerce/inventory' },
    { icon: 'heroicons_outline:folder', link: '/apps/file-manager' },
    { icon: 'heroicons_outline:user-group', link: '/apps/contacts' },
    { icon: 'heroicons_outline:chat-bubble-left-right', link: '/apps/chat' },
    { icon: 'heroicons_outline:check-circle', link: '/apps/tasks' },
    { icon: 'heroicons_outline:pencil-square', link: '/apps/notes' },
    { icon: 'heroicons_outline:envelope', link: '/apps/mailbox' },
    { icon: 'heroicons_outline:clock', link: '/pages/activities' },
    { icon: 'heroicons_outline:presentation-chart-line', link: '/dashboards/finance' },
    { icon: 'heroicons_outline:clipboard-document-check', link: '/dashboards/project' },
    { icon: 'heroicons_outline:chart-pie', link: '/user/budgets' },
    { icon: 'heroicons_outline:view-columns', link: '/apps/scrumboard' },
  ],
  admin: [
    { icon: 'heroicons_outline:users', link: '/users' },
    { icon: 'heroicons_outline:rectangle-stack', link: '/categories' },
    { icon: 'heroicons_outline:chat-bubble-left-right', link: '/apps/chat' },
    { icon: 'heroicons_outline:envelope', link: '/apps/mailbox' },
    { icon: 'heroicons_outline:chart-pie', link: '/dashboards/analytics' },
  ],
} as const;

/**
 * The shell's panels: messages and notifications (one shape, the calls of docs/product.md, "The shell's calls"), and shortcuts. Other
 * areas hand items to a user through `deliver`, which also tells the user's open tabs.
 */
export class PanelsService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  async list(auth: Authenticated, box: Box): Promise<PanelItem[]> {
    if (box === 'notification') {
      const u = auth.user;
      await applyNotificationRules(this.db, {
        id: u.id,
        role: u.role,
        language: accountLanguage(u),
        currency: u.business?.currency ?? 'USD',
        createdAt: u.createdAt,
      });
    }
    return (await this.items(auth, box).list()).map(itemOut);
  }

  async create(auth: Authenticated, box: Box, input: PanelItemInput): Promise<PanelItem> {
    const read = input.read ?? false;
    const row = await this.items(auth, box).create({ ...input, key: null, useRouter: input.useRouter ?? true, read, seen: input.seen ?? read });
    return itemOut(row);
  }

  async update(auth: Authenticated, box: Box, id: string, patch: PanelItemPatch): Promise<PanelItem> {
    const { id: _id, time: _time, ...changes } = patch;
    // An item read has been seen (unless the same call says otherwise).
    const row = await this.items(auth, box).update(id, definedOnly({ ...changes, seen: changes.seen ?? (changes.read === true ? true : undefined) }));
    if (!row) throw notFound(box === 'message' ? 'Message' : 'Notification');
    return itemOut(row);
  }

  /** The panels' toggle-read-status: flips the read flag, or sets it when given. */
  async toggle(auth: Authenticated, box: Box, item: { id: string; read?: boolean }): Promise<PanelItem> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PanelItemsRepository(tx, auth.user.id, box);
      const current = await repo.get(item.id);
      if (!current) throw notFound(box === 'message' ? 'Message' : 'Notification');
      const read = item.read ?? !current.read;
      return itemOut((await repo.update(item.id, read ? { read, seen: true } : { read }))!);
    });
  }

  async remove(auth: Authenticated, box: Box, id: string): Promise<true> {
    if (!(await this.items(auth, box).remove(id))) throw notFound(box === 'message' ? 'Message' : 'Notification');
    return true;
  }

  async markAllRead(auth: Authenticated, box: Box): Promise<true> {
    await this.items(auth, box).markAllRead();
    return true;
  }

  /** Tells the users' open tabs to read their panels again. */
  notify(userIds: string[]) {
    this.events.publish(userIds);
  }

  async shortcuts(auth: Authenticated): Promise<Shortcut[]> {
    const repo = new ShortcutsRepository(this.db, auth.user.id);
    // The starting shortcuts, once per account, in its language.
    if (await repo.claimSeed()) {
      const role = auth.user.role;
      const texts = PANEL_TEXTS[accountLanguage(auth.user)].shortcuts[role];
      await repo.create(START_SHORTCUTS[role].map((s, i) => ({ ...s, label: texts[i]![0], description: texts[i]![1], useRouter: true })));
    }
    return (await repo.list()).map(shortcutOut);
  }

  async addShortcut(auth: Authenticated, input: ShortcutInput): Promise<Shortcut> {
    const repo = new ShortcutsRepository(this.db, auth.user.id);
    // Seeded first, so that a new account's first call is not followed by the starting set.
    await repo.claimSeed();
    const [row] = await repo.create([{ ...input, description: input.description ?? null }]);
    return shortcutOut(row!);
  }

  async updateShortcut(auth: Authenticated, id: string, patch: Partial<ShortcutInput>): Promise<Shortcut> {
    const row = await new ShortcutsRepository(this.db, auth.user.id).update(id, definedOnly(patch));
    if (!row) throw notFound('Shortcut');
    return shortcutOut(row);
  }

  async removeShortcut(auth: Authenticated, id: string): Promise<true> {
    if (!(await new ShortcutsRepository(this.db, auth.user.id).remove(id))) throw notFound('Shortcut');
    return true;
  }

  private items(auth: Authenticated, box: Box) {
    return new PanelItemsRepository(this.db, auth.user.id, box);
  }
}

export const itemOut = (r: PanelItemRow): PanelItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  icon: r.icon,
  image: r.image,
  time: r.time.toISOString(),
  link: r.link,
  useRouter: r.useRouter,
  read: r.read,
  seen: r.seen,
});

const shortcutOut = (r: ShortcutRow): Shortcut => ({
  id: r.id,
  label: r.label,
  description: r.description,
  icon: r.icon,
  link: r.link,
  useRouter: r.useRouter,
});
