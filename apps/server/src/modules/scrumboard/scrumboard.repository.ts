import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnedInsert, type OwnerScope } from '../../db/owned.js';
import { scrumboardBoards, scrumboardCards, scrumboardLabels, scrumboardLists } from '../../db/schema/index.js';

export type BoardRow = typeof scrumboardBoards.$inferSelect;
export type ListRow = typeof scrumboardLists.$inferSelect;
export type CardRow = typeof scrumboardCards.$inferSelect;
export type LabelRow = typeof scrumboardLabels.$inferSelect;
export type CardSet = Partial<Pick<CardRow, 'title' | 'description' | 'labels' | 'dueDate' | 'listId' | 'position'>>;

/** One owner's boards, lists, cards and labels: every query through the owner's scope. */
export class ScrumboardRepository {
  private readonly s: OwnerScope;

  constructor(db: DbOrTx, ownerId: string) {
    this.s = ownedBy(db, ownerId);
  }

  // Boards

  boards() {
    return this.s.selectFrom(scrumboardBoards).orderBy(desc(scrumboardBoards.lastActivity), asc(scrumboardBoards.id));
  }

  async board(id: string, lock = false): Promise<BoardRow | undefined> {
    const q = this.s.selectFrom(scrumboardBoards).where(eq(scrumboardBoards.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async countBoards(): Promise<number> {
    const [row] = await this.s.selectFields(scrumboardBoards, { n: sql<number>`count(*)::int` });
    return row!.n;
  }

  async insertBoard(values: OwnedInsert<typeof scrumboardBoards>): Promise<BoardRow> {
    const [row] = await this.s.insertInto(scrumboardBoards, values).returning();
    return row as BoardRow;
  }

  async updateBoard(id: string, set: Partial<Pick<BoardRow, 'title' | 'description' | 'icon'>>): Promise<BoardRow | undefined> {
    const [row] = await this.s
      .updateSet(scrumboardBoards, { ...set, lastActivity: new Date() })
      .where(eq(scrumboardBoards.id, id))
      .returning();
    return row;
  }

  /** Moves the board's last activity on: every change inside it calls this. */
  async touch(boardId: string) {
    await this.s.updateSet(scrumboardBoards, { lastActivity: new Date() }).where(eq(scrumboardBoards.id, boardId));
  }

  /** Deletes the board; its lists, cards and labels go with it (foreign keys, on delete cascade). */
  async removeBoard(id: string): Promise<boolean> {
    const rows = await this.s.deleteFrom(scrumboardBoards).where(eq(scrumboardBoards.id, id)).returning({ id: scrumboardBoards.id });
    return rows.length > 0;
  }

  // Lists

  lists(boardId: string) {
    return this.s
      .selectFrom(scrumboardLists)
      .where(eq(scrumboardLists.boardId, boardId))
      .orderBy(asc(scrumboardLists.position), asc(scrumboardLists.createdAt), asc(scrumboardLists.id));
  }

  async list(id: string, lock = false): Promise<ListRow | undefined> {
    const q = this.s.selectFrom(scrumboardLists).where(eq(scrumboardLists.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  listsById(ids: string[]) {
    return this.s.selectFrom(scrumboardLists).where(inArray(scrumboardLists.id, ids));
  }

  async countLists(boardId: string): Promise<number> {
    const [row] = await this.s.selectFields(scrumboardLists, { n: sql<number>`count(*)::int` }).where(eq(scrumboardLists.boardId, boardId));
    return row!.n;
  }

  async insertList(values: OwnedInsert<typeof scrumboardLists>): Promise<ListRow> {
    const [row] = await this.s.insertInto(scrumboardLists, values).returning();
    return row as ListRow;
  }

  async updateList(id: string, set: Partial<Pick<ListRow, 'title' | 'position'>>): Promise<ListRow | undefined> {
    const [row] = await this.s.updateSet(scrumboardLists, set).where(eq(scrumboardLists.id, id)).returning();
    return row;
  }

  async removeList(id: string): Promise<ListRow | undefined> {
    const [row] = await this.s.deleteFrom(scrumboardLists).where(eq(scrumboardLists.id, id)).returning();
    return row;
  }

  /** The largest position among the board's lists, or null when it has none. */
  async lastListPosition(boardId: string): Promise<number | null> {
    const [row] = await this.s
      .selectFields(scrumboardLists, { p: sql<string | null>`max(${scrumboardLists.position})::text` })
      .where(eq(scrumboardLists.boardId, boardId));
    return row?.p == null ? null : Number(row.p);
  }

  // Cards

  boardCards(boardId: string) {
    return this.s
      .selectFrom(scrumboardCards)
      .where(eq(scrumboardCards.boardId, boardId))
      .orderBy(asc(scrumboardCards.position), asc(scrumboardCards.createdAt), asc(scrumboardCards.id));
  }

  /** A list's cards in order, `except` one (the card being moved). */
  listCards(listId: string, except?: string) {
    return this.s
      .selectFrom(scrumboardCards)
      .where(and(eq(scrumboardCards.listId, listId), except ? ne(scrumboardCards.id, except) : undefined))
      .orderBy(asc(scrumboardCards.position), asc(scrumboardCards.createdAt), asc(scrumboardCards.id));
  }

  async card(id: string, lock = false): Promise<CardRow | undefined> {
    const q = this.s.selectFrom(scrumboardCards).where(eq(scrumboardCards.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  cardsById(ids: string[]) {
    return this.s.selectFrom(scrumboardCards).where(inArray(scrumboardCards.id, ids)).for('update');
  }

  async countCards(boardId: string): Promise<number> {
    const [row] = await this.s.selectFields(scrumboardCards, { n: sql<number>`count(*)::int` }).where(eq(scrumboardCards.boardId, boardId));
    return row!.n;
  }

  async lastCardPosition(listId: string): Promise<number | null> {
    const [row] = await this.s
      .selectFields(scrumboardCards, { p: sql<string | null>`max(${scrumboardCards.position})::text` })
      .where(eq(scrumboardCards.listId, listId));
    return row?.p == null ? null : Number(row.p);
  }

  async insertCard(values: OwnedInsert<typeof scrumboardCards>): Promise<CardRow> {
    const [row] = await this.s.insertInto(scrumboardCards, values).returning();
    return row as CardRow;
  }

  async updateCard(id: string, set: CardSet): Promise<CardRow | undefined> {
    const [row] = await this.s.updateSet(scrumboardCards, set).where(eq(scrumboardCards.id, id)).returning();
    return row;
  }

  async removeCard(id: string): Promise<CardRow | undefined> {
    const [row] = await this.s.deleteFrom(scrumboardCards).where(eq(scrumboardCards.id, id)).returning();
    return row;
  }

  // Labels

  labels(boardId: string) {
    return this.s.selectFrom(scrumboardLabels).where(eq(scrumboardLabels.boardId, boardId)).orderBy(asc(scrumboardLabels.createdAt), asc(scrumboardLabels.id));
  }

  async label(id: string): Promise<LabelRow | undefined> {
    const [row] = await this.s.selectFrom(scrumboardLabels).where(eq(scrumboardLabels.id, id));
    return row;
  }

  async countLabels(boardId: string): Promise<number> {
    const [row] = await this.s.selectFields(scrumboardLabels, { n: sql<number>`count(*)::int` }).where(eq(scrumboardLabels.boardId, boardId));
    return row!.n;
  }

  async insertLabel(boardId: string, title: string): Promise<LabelRow> {
    const [row] = await this.s.insertInto(scrumboardLabels, { boardId, title }).returning();
    return row as LabelRow;
  }

  async updateLabel(id: string, title: string): Promise<LabelRow | undefined> {
    const [row] = await this.s.updateSet(scrumboardLabels, { title }).where(eq(scrumboardLabels.id, id)).returning();
    return row;
  }

  async removeLabel(id: string): Promise<LabelRow | undefined> {
    const [row] = await this.s.deleteFrom(scrumboardLabels).where(eq(scrumboardLabels.id, id)).returning();
    return row;
  }

  /** Takes the label off every one of the board's cards that carries it. */
  async unlabelAll(boardId: string, id: string) {
    await this.s
      .updateSet(scrumboardCards, { labels: sql`${scrumboardCards.labels} - ${id}::text` })
      .where(and(eq(scrumboardCards.boardId, boardId), sql`${scrumboardCards.labels} ? ${id}::text`));
  }
}
