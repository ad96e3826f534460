import { and, asc, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { panelItems, panelState, shortcuts } from '../../db/schema/index.js';

export type PanelItemRow = typeof panelItems.$inferSelect;
export type Box = PanelItemRow['box'];
export type NewPanelItem = Pick<typeof panelItems.$inferInsert, 'title' | 'description' | 'icon' | 'image' | 'link' | 'useRouter' | 'read' | 'seen' | 'key'>;
type ItemPatch = Partial<Pick<PanelItemRow, 'title' | 'description' | 'icon' | 'image' | 'link' | 'useRouter' | 'read' | 'seen'>>;

/** One user's messages or notifications. A removed item keeps its row (and key) so a rule does not make it again. */
export class PanelItemsRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly box: Box,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** The owner's condition comes with the scope; this is the box and what is still shown. */
  private mine(id?: string) {
    const shown = and(eq(panelItems.box, this.box), isNull(panelItems.removedAt));
    return id ? and(shown, eq(panelItems.id, id)) : shown;
  }

  list(limit = 100) {
    return this.s.selectFrom(panelItems).where(this.mine()).orderBy(desc(panelItems.time), desc(panelItems.id)).limit(limit);
  }

  async get(id: string): Promise<PanelItemRow | undefined> {
    return (await this.s.selectFrom(panelItems).where(this.mine(id)))[0];
  }

  async create(item: NewPanelItem): Promise<PanelItemRow> {
    const [row] = await this.s.insertInto(panelItems, { ...item, box: this.box }).returning();
    return row!;
  }

  async update(id: string, patch: ItemPatch): Promise<PanelItemRow | undefined> {
    if (!Object.keys(patch).length) return this.get(id);
    const [row] = await this.s.updateSet(panelItems, patch).where(this.mine(id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.s.updateSet(panelItems, { removedAt: new Date() }).where(this.mine(id)).returning({ id: panelItems.id });
    return rows.length > 0;
  }

  async markAllRead(): Promise<void> {
    // The spec's mark-all: read and seen, both.
    await this.s.updateSet(panelItems, { read: true, seen: true }).where(and(this.mine(), or(eq(panelItems.read, false), eq(panelItems.seen, false))));
  }

  /** Items born of a rule or an event: each key once per user, ever (a conflict is the item already made). */
  async addKeyed(items: (NewPanelItem & { key: string })[]): Promise<number> {
    if (!items.length) return 0;
    const rows = await this.s
      .insertInto(
        panelItems,
        items.map((i) => ({ ...i, box: this.box })),
      )
      .onConflictDoNothing()
      .returning({ id: panelItems.id });
    return rows.length;
  }

  /** The keys of this prefix still shown (to clear those whose cause went away: a month closed, a receipt attached). */
  async activeKeys(prefix: string): Promise<string[]> {
    const rows = await this.s.selectFields(panelItems, { key: panelItems.key }).where(and(this.mine(), like(panelItems.key, `${prefix}%`)));
    return rows.flatMap((r) => (r.key ? [r.key] : []));
  }

  /** Takes away items whose cause went away; their keys go too, so the rule may speak again if the cause returns. */
  async clearKeys(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.s.deleteFrom(panelItems).where(and(this.mine(), inArray(panelItems.key, keys)));
  }

  /**
   * An item that stands for something ongoing (a chat): made the first time, then brought up to date,
   * unread and shown again (even if it had been removed) each time its cause speaks again.
   */
  async upsertKeyed(item: NewPanelItem & { key: string }): Promise<void> {
    const { key: _key, ...changes } = item;
    await this.s.insertInto(panelItems, { ...item, box: this.box }).onConflictDoUpdate({
      target: [panelItems.ownerId, panelItems.box, panelItems.key],
      targetWhere: sql`${panelItems.key} IS NOT NULL`,
      set: { ...changes, seen: changes.read ?? false, time: new Date(), removedAt: null },
    });
  }

  /** Marks the item of this key read (its cause was seen elsewhere: a chat opened). True when one changed. */
  async markKeyRead(key: string): Promise<boolean> {
    const rows = await this.s
      .updateSet(panelItems, { read: true, seen: true })
      .where(and(this.mine(), eq(panelItems.key, key), eq(panelItems.read, false)))
      .returning({ id: panelItems.id });
    return rows.length > 0;
  }

  async unread(): Promise<number> {
    const [row] = await this.s.selectFields(panelItems, { n: sql<number>`count(*)::int` }).where(and(this.mine(), eq(panelItems.read, false)));
    return row?.n ?? 0;
  }
}

export type ShortcutRow = typeof shortcuts.$inferSelect;
type ShortcutValues = Pick<typeof shortcuts.$inferInsert, 'label' | 'description' | 'icon' | 'link' | 'useRouter'>;

/** One user's shortcuts, in the order they were made. */
export class ShortcutsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  list() {
    return this.s.selectFrom(shortcuts).orderBy(asc(shortcuts.sortOrder), asc(shortcuts.createdAt));
  }

  async create(values: ShortcutValues[]): Promise<ShortcutRow[]> {
    if (!values.length) return [];
    const [{ next } = { next: 0 }] = await this.s.selectFields(shortcuts, { next: sql<number>`coalesce(max(${shortcuts.sortOrder}), 0)::int + 1` });
    return this.s
      .insertInto(
        shortcuts,
        values.map((v, i) => ({ ...v, sortOrder: next + i })),
      )
      .returning();
  }

  async update(id: string, patch: Partial<ShortcutValues>): Promise<ShortcutRow | undefined> {
    if (!Object.keys(patch).length) return (await this.s.selectFrom(shortcuts).where(eq(shortcuts.id, id)))[0];
    const [row] = await this.s.updateSet(shortcuts, patch).where(eq(shortcuts.id, id)).returning();
    return row;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.s.deleteFrom(shortcuts).where(eq(shortcuts.id, id)).returning({ id: shortcuts.id })).length > 0;
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
