import { z } from 'zod/mini';
import { text, ZUuid } from '../common/text.js';

/**
 * Scrumboard (spec 001 §3 "Scrumboard", §7 "Scrumboard", §9): the owner's boards, their lists
 * (columns) and cards, and each board's labels. Lists and cards are ordered by `position`, in
 * steps of 65536 (§9); a move between two neighbours takes the midpoint, and when two neighbours
 * leave no room the server renumbers the list in the same transaction.
 */

/** The gap between two neighbours' positions when items are added at the end or renumbered. */
export const BOARD_POSITION_STEP = 65536;
/** The largest position a client may set: far below 2^53, so positions stay exact integers. */
export const BOARD_POSITION_MAX = 2 ** 48;
/** The most cards one board holds, and lists, labels and boards per owner: enough, and bounded. */
export const BOARD_ITEMS_MAX = 2000;
export const BOARD_TEXT_MAX = 5000;

export const ZBoardMember = z.object({ id: z.string(), name: z.string(), avatar: z.nullable(z.string()) });
export type BoardMember = z.infer<typeof ZBoardMember>;

export const ZBoardLabel = z.object({ id: z.string(), boardId: z.string(), title: z.string() });
export type BoardLabel = z.infer<typeof ZBoardLabel>;
export const ZBoardLabelList = z.array(ZBoardLabel);

/** A card; `labels` are ids of its board's labels; `dueDate` an ISO datetime or null. */
export const ZBoardCard = z.object({
  id: z.string(),
  boardId: z.string(),
  listId: z.string(),
  position: z.int(),
  title: z.string(),
  description: z.string(),
  labels: z.array(z.string()),
  dueDate: z.nullable(z.string()),
});
export type BoardCard = z.infer<typeof ZBoardCard>;
export const ZBoardCardList = z.array(ZBoardCard);

/** A list (a column) with its cards sorted by position. */
export const ZBoardList = z.object({
  id: z.string(),
  boardId: z.string(),
  position: z.int(),
  title: z.string(),
  cards: z.array(ZBoardCard),
});
export type BoardList = z.infer<typeof ZBoardList>;
export const ZBoardListList = z.array(ZBoardList);

/** A board as the boards call lists it: its members expanded to objects. `lastActivity` is ISO. */
export const ZBoard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  lastActivity: z.string(),
  members: z.array(ZBoardMember),
});
export type Board = z.infer<typeof ZBoard>;
export const ZBoardSummaryList = z.array(ZBoard);

/** One board loaded: member ids (spec §3), its lists sorted by position with their cards, and its labels. */
export const ZBoardDetail = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  lastActivity: z.string(),
  members: z.array(z.string()),
  lists: z.array(ZBoardList),
  labels: z.array(ZBoardLabel),
});
export type BoardDetail = z.infer<typeof ZBoardDetail>;

export const ZBoardIdQuery = z.strictObject({ id: ZUuid });
export const ZBoardLabelsQuery = z.strictObject({ boardId: ZUuid });

const title = text(200, z.trim(), z.minLength(1, 'The title is required'));
const description = text(BOARD_TEXT_MAX, z.trim());
/** An icon's name from the icon set (e.g. "heroicons-outline:template"). */
const icon = text(80, z.trim(), z.regex(/^[a-z0-9:_-]*$/i, 'Not an icon name'));
const position = z.int().check(z.minimum(0, 'Use a position of 0 or more'), z.maximum(BOARD_POSITION_MAX, 'The position is too large'));
/** Where a moved item goes: its 0-based place among the others of its (new) list, after the move. */
const index = z.int().check(z.minimum(0, 'Use a place of 0 or more'), z.maximum(BOARD_ITEMS_MAX, 'The place is too large'));
/** A due date as a day (YYYY-MM-DD, stored at 12:00 UTC) or an ISO datetime; null clears it. */
export const ZDueDate = z.nullable(
  text(
    40,
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date (YYYY-MM-DD)'),
    z.refine((s) => !Number.isNaN(Date.parse(s.length === 10 ? `${s}T12:00:00Z` : s)), 'Not a real date'),
  ),
);
const labelIds = z.array(ZUuid).check(z.maxLength(50, 'At most 50 labels'));

// Boards (create, rename, delete: this project's own calls in the same family)
export const ZBoardFields = z.strictObject({ title, description: z.optional(description), icon: z.optional(icon) });
export const ZBoardCreateBody = z.strictObject({ board: ZBoardFields });
export type BoardCreateBody = z.input<typeof ZBoardCreateBody>;
export const ZBoardPatchBody = z.strictObject({
  id: ZUuid,
  board: z.strictObject({ title: z.optional(title), description: z.optional(description), icon: z.optional(icon) }),
});
export type BoardPatchBody = z.input<typeof ZBoardPatchBody>;

// Lists
export const ZBoardListCreateBody = z.strictObject({ list: z.strictObject({ boardId: ZUuid, title }) });
export type BoardListCreateBody = z.input<typeof ZBoardListCreateBody>;
/** Rename and/or move a list: `index` is its new place among the board's lists. */
export const ZBoardListPatchBody = z.strictObject({ list: z.strictObject({ id: ZUuid, title: z.optional(title), index: z.optional(index) }) });
export type BoardListPatchBody = z.input<typeof ZBoardListPatchBody>;
/** Several lists at once, of one board: titles and positions as given. */
export const ZBoardListsPatchBody = z.strictObject({
  lists: z
    .array(z.strictObject({ id: ZUuid, title: z.optional(title), position: z.optional(position) }))
    .check(z.minLength(1, 'Name at least one list'), z.maxLength(BOARD_ITEMS_MAX, `At most ${BOARD_ITEMS_MAX} lists`)),
});
export type BoardListsPatchBody = z.input<typeof ZBoardListsPatchBody>;

// Cards
export const ZBoardCardCreateBody = z.strictObject({
  card: z.strictObject({
    boardId: z.optional(ZUuid),
    listId: ZUuid,
    title,
    description: z.optional(description),
    labels: z.optional(labelIds),
    dueDate: z.optional(ZDueDate),
  }),
});
export type BoardCardCreateBody = z.input<typeof ZBoardCardCreateBody>;
const cardFields = {
  title: z.optional(title),
  description: z.optional(description),
  labels: z.optional(labelIds),
  dueDate: z.optional(ZDueDate),
};
/** Change a card; `listId` and/or `index` move it (to the end of `listId` when no index is given). */
export const ZBoardCardChanges = z.strictObject({ ...cardFields, listId: z.optional(ZUuid), index: z.optional(index) });
export type BoardCardChanges = z.input<typeof ZBoardCardChanges>;
export const ZBoardCardPatchBody = z.strictObject({ id: ZUuid, card: ZBoardCardChanges });
export type BoardCardPatchBody = z.input<typeof ZBoardCardPatchBody>;
export const ZBoardCardsPatchBody = z.strictObject({
  cards: z
    .array(z.strictObject({ id: ZUuid, ...cardFields }))
    .check(z.minLength(1, 'Name at least one card'), z.maxLength(BOARD_ITEMS_MAX, `At most ${BOARD_ITEMS_MAX} cards`)),
});
export type BoardCardsPatchBody = z.input<typeof ZBoardCardsPatchBody>;
/** Cards placed as given: each in `listId` (of its own board) at `position`. */
export const ZBoardCardPositionsBody = z.strictObject({
  cards: z
    .array(z.strictObject({ id: ZUuid, listId: ZUuid, position }))
    .check(z.minLength(1, 'Name at least one card'), z.maxLength(BOARD_ITEMS_MAX, `At most ${BOARD_ITEMS_MAX} cards`)),
});
export type BoardCardPositionsBody = z.input<typeof ZBoardCardPositionsBody>;

// Labels
const labelTitle = text(60, z.trim(), z.minLength(1, 'The title is required'));
export const ZBoardLabelCreateBody = z.strictObject({ label: z.strictObject({ boardId: ZUuid, title: labelTitle }) });
export type BoardLabelCreateBody = z.input<typeof ZBoardLabelCreateBody>;
export const ZBoardLabelPatchBody = z.strictObject({ id: ZUuid, label: z.strictObject({ title: labelTitle }) });
export type BoardLabelPatchBody = z.input<typeof ZBoardLabelPatchBody>;

/**
 * Where an item goes among `neighbours` (its list's positions in order, itself left out) at place
 * `index`: the midpoint between the two around it, after the last by one step, or null when the
 * two leave no room (the list must be renumbered). Shared so both sides agree on the rule.
 */
export function positionBetween(neighbours: number[], index: number): number | null {
  const i = Math.min(Math.max(index, 0), neighbours.length);
  const before = i > 0 ? neighbours[i - 1]! : 0;
  if (i === neighbours.length) return before + BOARD_POSITION_STEP;
  const after = neighbours[i]!;
  const mid = Math.floor((before + after) / 2);
  return mid === before || mid === after ? null : mid;
}
