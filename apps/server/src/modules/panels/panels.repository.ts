import { and, asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { panelItems, panelState, shortcuts } from '../../db/schema/index.js';

export type PanelItemRow = typeof panelItems.$inferSelect;
export type Box = PanelItemRow['box'];
export type NewPanelItem = Pick<typeof panelItems.$inferInsert, 'title' | 'description' | 'icon' | 'image' | 'link' | 'useRouter' | 'read' | 'key'>;
type ItemPatch = Partial<Pick<PanelItemRow, 'title' | 'description' | 'icon' | 'image' | 'link' | 'useRouter' | 'read'>>;

/** One user's messages or notifications. A removed item keeps its row (and key) so a rule does not make it again. */
export class PanelItemsRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
    private readonly box: Box,
  ) {}

  private mine(id?: string) {
    const own = and(eq(panelItems.ownerId, this.ownerId), eq(panelItems.box, this.box), isNull(panelItems.removedAt));
    return id ? and(own, eq(panelItems.id, id)) : own;
  }

  list(limit = 100) {
    return this.db.select().from(panelItems).where(this.mine()).orderBy(desc(panelItems.time), desc(panelItems.id)).limit(limit);
  }

  async get(id: string): Promise<PanelItemRow | undefined> {
    return (await this.db.select().from(panelItems).where(this.mine(id)))[0];
  }

  async create(item: NewPanelItem): Promise<PanelItemRow> {
    const [row] = await this.db
      .insert(panelItems)
      .values({ ...item, ownerId: this.ownerId, box: this.box })
      .returning();
    return row!;
  }

  async update(id: string, patch: ItemPatch): Promise<PanelItemRow | undefined> {
    if (!Object.keys(patch).length) return this.get(id);
    const [row] = await this.db.update(panelItems).set(patch).where(this.mine(id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.db.update(panelItems).set({ removedAt: new Date() }).where(this.mine(id)).returning({ id: panelItems.id });
    return rows.length > 0;
  }

  async markAllRead(): Promise<void> {
    await this.db
      .update(panelItems)
      .set({ read: true })
      .where(and(this.mine(), eq(panelItems.read, false)));
  }

  /** Items born of a rule or an event: each key once per user, ever (a conflict is the item already made). */
  async addKeyed(items: (NewPanelItem & { key: string })[]): Promise<number> {
    if (!items.length) return 0;
    const rows = await this.db
      .insert(panelItems)
      .values(items.map((i) => ({ ...i, ownerId: this.ownerId, box: this.box })))
      .onConflictDoNothing()
      .returning({ id: panelItems.id });
    return rows.length;
  }

  /** The keys of this prefix still shown (to clear those whose cause went away: a month closed, a receipt attached). */
  async activeKeys(prefix: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: panelItems.key })
      .from(panelItems)
      .where(and(this.mine(), like(panelItems.key, `${prefix}%`)));
    return rows.flatMap((r) => (r.key ? [r.key] : []));
  }

  /** Takes away items whose cause went away; their keys go too, so the rule may speak again if the cause returns. */
  async clearKeys(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.delete(panelItems).where(and(this.mine(), inArray(panelItems.key, keys)));
  }

  async unread(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(panelItems)
      .where(and(this.mine(), eq(panelItems.read, false)));
    return row?.n ?? 0;
  }
}

export type ShortcutRow = typeof shortcuts.$inferSelect;
type ShortcutValues = Pick<typeof shortcuts.$inferInsert, 'label' | 'description' | 'icon' | 'link' | 'useRouter'>;

/** One user's shortcuts, in the order they were made. */
export class ShortcutsRepository {
  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {}

  private mine(id?: string) {
    return id ? and(eq(shortcuts.ownerId, this.ownerId), eq(shortcuts.id, id)) : eq(shortcuts.ownerId, this.ownerId);
  }

  list() {
    return this.db.select().from(shortcuts).where(this.mine()).orderBy(asc(shortcuts.sortOrder), asc(shortcuts.createdAt));
  }

  async create(values: ShortcutValues[]): Promise<ShortcutRow[]> {
    if (!values.length) return [];
    const [{ next } = { next: 0 }] = await this.db
      .select({ next: sql<number>`coalesce(max(${shortcuts.sortOrder}), 0)::int + 1` })
      .from(shortcuts)
      .where(this.mine());
    return this.db
      .insert(shortcuts)
      .values(values.map((v, i) => ({ ...v, ownerId: this.ownerId, sortOrder: next + i })))
      .returning();
  }

  async update(id: string, patch: Partial<ShortcutValues>): Promise<ShortcutRow | undefined> {
    if (!Object.keys(patch).length) return (await this.db.select().from(shortcuts).where(this.mine(id)))[0];
    const [row] = await this.db.update(shortcuts).set(patch).where(this.mine(id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.db.delete(shortcuts).where(this.mine(id)).returning({ id: shortcuts.id })).length > 0;
  }

  /** True the first time only: the starting shortcuts are given once, so deleting them all does not bring them back. */
  async claimSeed(): Promise<boolean> {
    const rows = await this.db
      .insert(panelState)
      .values({ userId: this.ownerId, shortcutsSeeded: true })
      .onConflictDoNothing()
      .returning({ userId: panelState.userId });
    return rows.length > 0;
  }
}
