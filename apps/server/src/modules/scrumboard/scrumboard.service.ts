import { inArray, sql } from 'drizzle-orm';
import {
  BOARD_ITEMS_MAX,
  BOARD_POSITION_STEP,
  positionBetween,
  type Board,
  type BoardCard,
  type BoardDetail,
  type BoardLabel,
  type BoardList,
  type BoardMember,
  type ErrorDetail,
} from '@cuadre/contracts';
import { withTransaction, type Db, type DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { scrumboardCards, scrumboardLists } from '../../db/schema/index.js';
import { badReference, conflict, notFound, validation } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { avatarUrl } from '../users/index.js';
import { ScrumboardRepository, type BoardRow, type CardRow, type CardSet, type LabelRow, type ListRow } from './scrumboard.repository.js';

const iso = (d: Date) => d.toISOString();
/** A day is stored at 12:00 UTC (as birthdays are), so it reads as the same day in every time zone. */
const toDue = (s: string | null | undefined) => (s ? new Date(s.length === 10 ? `${s}T12:00:00Z` : s) : null);

export const toCard = (r: CardRow): BoardCard => ({
  id: r.id,
  boardId: r.boardId,
  listId: r.listId,
  position: r.position,
  title: r.title,
  description: r.description,
  labels: r.labels,
  dueDate: r.dueDate ? iso(r.dueDate) : null,
});
const toList = (r: ListRow, cards: CardRow[]): BoardList => ({
  id: r.id,
  boardId: r.boardId,
  position: r.position,
  title: r.title,
  cards: cards.filter((c) => c.listId === r.id).map(toCard),
});
const toLabel = (r: LabelRow): BoardLabel => ({ id: r.id, boardId: r.boardId, title: r.title });
/** The board's members: the owner alone until conversations bring other people (issue 29). */
const membersOf = (auth: Authenticated): BoardMember[] => [{ id: auth.user.id, name: auth.user.name, avatar: avatarUrl(auth.user) }];
const toBoard = (r: BoardRow, auth: Authenticated): Board => ({
  id: r.id,
  title: r.title,
  description: r.description,
  icon: r.icon,
  lastActivity: iso(r.lastActivity),
  members: membersOf(auth),
});

const tooMany = (what: string) => conflict(`At most ${BOARD_ITEMS_MAX} ${what}`);

/**
 * Renumbers a list's cards (or a board's lists) to multiples of the step, in the order given, in
 * one statement: what a move does when its two neighbours leave no room between them.
 */
async function renumber(db: DbOrTx, ownerId: string, table: typeof scrumboardCards | typeof scrumboardLists, ids: string[]) {
  if (ids.length === 0) return;
  const order = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await ownedBy(db, ownerId)
    .updateSet(table, { position: sql`(array_position(ARRAY[${order}], ${table.id}) * ${BOARD_POSITION_STEP})::bigint` })
    .where(inArray(table.id, ids));
}

/** Where an item goes at `index` among `others` (in order): a position, renumbering them first if need be. */
async function place(
  db: DbOrTx,
  ownerId: string,
  table: typeof scrumboardCards | typeof scrumboardLists,
  id: string,
  others: { id: string; position: number }[],
  index: number,
) {
  const at = positionBetween(
    others.map((o) => o.position),
    index,
  );
  if (at !== null) return at;
  const i = Math.min(Math.max(index, 0), others.length);
  const ids = others.map((o) => o.id);
  ids.splice(i, 0, id);
  // The item is renumbered with the others (its row is locked); the caller then writes the same position.
  await renumber(db, ownerId, table, ids);
  return (i + 1) * BOARD_POSITION_STEP;
}

/** The scrumboard (spec 001 §7 "Scrumboard"): one owner's boards, lists, cards and labels. */
export class ScrumboardService {
  constructor(private readonly db: Db) {}

  private repo(auth: Authenticated, db: DbOrTx = this.db) {
    return new ScrumboardRepository(db, auth.user.id);
  }

  // Boards

  async boards(auth: Authenticated): Promise<Board[]> {
    return (await this.repo(auth).boards()).map((b) => toBoard(b, auth));
  }

  async board(auth: Authenticated, id: string): Promise<BoardDetail> {
    const repo = this.repo(auth);
    const board = await repo.board(id);
    if (!board) throw notFound('Board');
    const [lists, cards, labels] = await Promise.all([repo.lists(id), repo.boardCards(id), repo.labels(id)]);
    return {
      id: board.id,
      title: board.title,
      description: board.description,
      icon: board.icon,
      lastActivity: iso(board.lastActivity),
      members: membersOf(auth).map((m) => m.id),
      lists: lists.map((l) => toList(l, cards)),
      labels: labels.map(toLabel),
    };
  }

  async createBoard(auth: Authenticated, fields: { title: string; description?: string; icon?: string }): Promise<Board> {
    const repo = this.repo(auth);
    if ((await repo.countBoards()) >= BOARD_ITEMS_MAX) throw tooMany('boards');
    return toBoard(await repo.insertBoard({ title: fields.title, description: fields.description ?? '', icon: fields.icon ?? '' }), auth);
  }

  async updateBoard(auth: Authenticated, id: string, set: { title?: string; description?: string; icon?: string }): Promise<Board> {
    const row = await this.repo(auth).updateBoard(id, set);
    if (!row) throw notFound('Board');
    return toBoard(row, auth);
  }

  async removeBoard(auth: Authenticated, id: string): Promise<true> {
    if (!(await this.repo(auth).removeBoard(id))) throw notFound('Board');
    return true;
  }

  // Lists

  async createList(auth: Authenticated, list: { boardId: string; title: string }): Promise<BoardList> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      // Locking the board orders concurrent additions and moves of its lists.
      if (!(await repo.board(list.boardId, true))) throw notFound('Board');
      if ((await repo.countLists(list.boardId)) >= BOARD_ITEMS_MAX) throw tooMany('lists on a board');
      const last = await repo.lastListPosition(list.boardId);
      const row = await repo.insertList({ boardId: list.boardId, title: list.title, position: (last ?? 0) + BOARD_POSITION_STEP });
      await repo.touch(list.boardId);
      return toList(row, []);
    });
  }

  /** Renames and/or moves a list (to place `index` among the board's lists). */
  async updateList(auth: Authenticated, change: { id: string; title?: string; index?: number }): Promise<BoardList> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const list = await repo.list(change.id);
      if (!list) throw notFound('List');
      await repo.board(list.boardId, true);
      const set: { title?: string; position?: number } = {};
      if (change.title !== undefined) set.title = change.title;
      if (change.index !== undefined) {
        const others = (await repo.lists(list.boardId)).filter((l) => l.id !== list.id);
        set.position = await place(tx, auth.user.id, scrumboardLists, list.id, others, change.index);
      }
      const row = (await repo.updateList(list.id, set))!;
      await repo.touch(list.boardId);
      return toList(row, await repo.listCards(list.id));
    });
  }

  /** Several lists of one board at once: titles and positions as given. Answers the board's lists. */
  async updateLists(auth: Authenticated, lists: { id: string; title?: string; position?: number }[]): Promise<BoardList[]> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const ids = [...new Set(lists.map((l) => l.id))];
      if (ids.length !== lists.length) throw badReference('lists', 'A list is named twice');
      const rows = await repo.listsById(ids);
      if (rows.length !== ids.length) throw notFound('List');
      const boardId = rows[0]!.boardId;
      if (rows.some((r) => r.boardId !== boardId)) throw badReference('lists', 'The lists are on different boards');
      await repo.board(boardId, true);
      for (const l of lists) {
        const set: { title?: string; position?: number } = {};
        if (l.title !== undefined) set.title = l.title;
        if (l.position !== undefined) set.position = l.position;
        if (Object.keys(set).length) await repo.updateList(l.id, set);
      }
      await repo.touch(boardId);
      const [all, cards] = await Promise.all([repo.lists(boardId), repo.boardCards(boardId)]);
      return all.map((l) => toList(l, cards));
    });
  }

  /** Deletes a list and its cards (the foreign key's cascade). */
  async removeList(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const row = await repo.removeList(id);
      if (!row) throw notFound('List');
      await repo.touch(row.boardId);
      return true as const;
    });
  }

  // Cards

  private async checkLabels(repo: ScrumboardRepository, boardId: string, labels: string[] | undefined, path: string, details: ErrorDetail[]) {
    if (labels === undefined) return undefined;
    const unique = [...new Set(labels)];
    const known = new Set((await repo.labels(boardId)).map((l) => l.id));
    unique.forEach((id, i) => {
      if (!known.has(id)) details.push({ path: `${path}.${i}`, message: 'No such label on this board' });
    });
    return unique;
  }

  async createCard(
    auth: Authenticated,
    card: { boardId?: string; listId: string; title: string; description?: string; labels?: string[]; dueDate?: string | null },
  ): Promise<BoardCard> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const list = await repo.list(card.listId, true);
      if (!list) throw notFound('List');
      if (card.boardId !== undefined && card.boardId !== list.boardId) throw badReference('card.boardId', 'The list is not on this board');
      const details: ErrorDetail[] = [];
      const labels = await this.checkLabels(repo, list.boardId, card.labels, 'card.labels', details);
      if (details.length) throw validation(details[0]!.message, details);
      if ((await repo.countCards(list.boardId)) >= BOARD_ITEMS_MAX) throw tooMany('cards on a board');
      const last = await repo.lastCardPosition(list.id);
      const row = await repo.insertCard({
        boardId: list.boardId,
        listId: list.id,
        position: (last ?? 0) + BOARD_POSITION_STEP,
        title: card.title,
        description: card.description ?? '',
        labels: labels ?? [],
        dueDate: toDue(card.dueDate),
      });
      await repo.touch(list.boardId);
      return toCard(row);
    });
  }

  /** Changes a card; `listId` and/or `index` move it (to the end of the list when no place is given). */
  async updateCard(
    auth: Authenticated,
    id: string,
    changes: { title?: string; description?: string; labels?: string[]; dueDate?: string | null; listId?: string; index?: number },
  ): Promise<BoardCard> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const card = await repo.card(id, true);
      if (!card) throw notFound('Card');
      const set: CardSet = {};
      const details: ErrorDetail[] = [];
      if (changes.title !== undefined) set.title = changes.title;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.dueDate !== undefined) set.dueDate = toDue(changes.dueDate);
      const labels = await this.checkLabels(repo, card.boardId, changes.labels, 'card.labels', details);
      if (labels) set.labels = labels;
      if (changes.listId !== undefined || changes.index !== undefined) {
        // Another owner's list is not found: 404, and nothing written.
        const target = await repo.list(changes.listId ?? card.listId, true);
        if (!target) throw notFound('List');
        if (target.boardId !== card.boardId) details.push({ path: 'card.listId', message: 'A card moves only between the lists of its board' });
        if (details.length) throw validation(details[0]!.message, details);
        const others = await repo.listCards(target.id, card.id);
        set.listId = target.id;
        set.position = await place(tx, auth.user.id, scrumboardCards, card.id, others, changes.index ?? others.length);
      }
      if (details.length) throw validation(details[0]!.message, details);
      const row = (await repo.updateCard(card.id, set))!;
      await repo.touch(card.boardId);
      return toCard(row);
    });
  }

  /** Several cards' fields at once (no moves: those go through a card's PATCH or the positions call). */
  async updateCards(
    auth: Authenticated,
    cards: { id: string; title?: string; description?: string; labels?: string[]; dueDate?: string | null }[],
  ): Promise<BoardCard[]> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const rows = await this.lockCards(
        repo,
        cards.map((c) => c.id),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const details: ErrorDetail[] = [];
      const sets: CardSet[] = [];
      for (const [i, c] of cards.entries()) {
        const set: CardSet = {};
        if (c.title !== undefined) set.title = c.title;
        if (c.description !== undefined) set.description = c.description;
        if (c.dueDate !== undefined) set.dueDate = toDue(c.dueDate);
        const labels = await this.checkLabels(repo, byId.get(c.id)!.boardId, c.labels, `cards.${i}.labels`, details);
        if (labels) set.labels = labels;
        sets.push(set);
      }
      if (details.length) throw validation(details[0]!.message, details);
      const out: BoardCard[] = [];
      for (const [i, c] of cards.entries()) out.push(toCard(Object.keys(sets[i]!).length ? (await repo.updateCard(c.id, sets[i]!))! : byId.get(c.id)!));
      for (const boardId of new Set(rows.map((r) => r.boardId))) await repo.touch(boardId);
      return out;
    });
  }

  private async lockCards(repo: ScrumboardRepository, ids: string[]): Promise<CardRow[]> {
    if (new Set(ids).size !== ids.length) throw badReference('cards', 'A card is named twice');
    const rows = await repo.cardsById(ids);
    if (rows.length !== ids.length) throw notFound('Card');
    return rows;
  }

  /** Places cards as given (list and position), each within its own board. */
  async cardPositions(auth: Authenticated, cards: { id: string; listId: string; position: number }[]): Promise<BoardCard[]> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const rows = await this.lockCards(
        repo,
        cards.map((c) => c.id),
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const lists = new Map((await repo.listsById([...new Set(cards.map((c) => c.listId))])).map((l) => [l.id, l]));
      const details: ErrorDetail[] = [];
      for (const [i, c] of cards.entries()) {
        const list = lists.get(c.listId);
        if (!list) throw notFound('List');
        if (list.boardId !== byId.get(c.id)!.boardId) details.push({ path: `cards.${i}.listId`, message: 'A card moves only between the lists of its board' });
      }
      if (details.length) throw validation(details[0]!.message, details);
      const out: BoardCard[] = [];
      for (const c of cards) out.push(toCard((await repo.updateCard(c.id, { listId: c.listId, position: c.position }))!));
      for (const boardId of new Set(rows.map((r) => r.boardId))) await repo.touch(boardId);
      return out;
    });
  }

  async removeCard(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const row = await repo.removeCard(id);
      if (!row) throw notFound('Card');
      await repo.touch(row.boardId);
      return true as const;
    });
  }

  // Labels

  async labels(auth: Authenticated, boardId: string): Promise<BoardLabel[]> {
    const repo = this.repo(auth);
    if (!(await repo.board(boardId))) throw notFound('Board');
    return (await repo.labels(boardId)).map(toLabel);
  }

  async createLabel(auth: Authenticated, label: { boardId: string; title: string }): Promise<BoardLabel> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      if (!(await repo.board(label.boardId, true))) throw notFound('Board');
      if ((await repo.countLabels(label.boardId)) >= BOARD_ITEMS_MAX) throw tooMany('labels on a board');
      const row = await repo.insertLabel(label.boardId, label.title);
      await repo.touch(label.boardId);
      return toLabel(row);
    });
  }

  async updateLabel(auth: Authenticated, id: string, title: string): Promise<BoardLabel> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const row = await repo.updateLabel(id, title);
      if (!row) throw notFound('Label');
      await repo.touch(row.boardId);
      return toLabel(row);
    });
  }

  /** Deletes a label and takes it off every card of its board, together. */
  async removeLabel(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const row = await repo.removeLabel(id);
      if (!row) throw notFound('Label');
      await repo.unlabelAll(row.boardId, id);
      await repo.touch(row.boardId);
      return true as const;
    });
  }
}
