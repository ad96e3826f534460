import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** Positions in steps of 65536 (spec 001 §9); bigint so renumbering a long list never overflows. */
const position = () => bigint('position', { mode: 'number' }).notNull();

/** The owner's boards (spec 001 §3 "Scrumboard"). `last_activity` moves on every change inside. */
export const scrumboardBoards = pgTable(
  'scrumboard_boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [index('scrumboard_boards_owner_idx').on(t.ownerId)],
);

/** A board's lists (columns); deleting the board takes them. */
export const scrumboardLists = pgTable(
  'scrumboard_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => scrumboardBoards.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [index('scrumboard_lists_board_idx').on(t.boardId, t.position)],
);

/** A list's cards; deleting the list (or its board) takes them. `labels` holds ids of the board's labels. */
export const scrumboardCards = pgTable(
  'scrumboard_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => scrumboardBoards.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => scrumboardLists.id, { onDelete: 'cascade' }),
    position: position(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    dueDate: timestamp('due_date', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('scrumboard_cards_list_idx').on(t.listId, t.position), index('scrumboard_cards_board_idx').on(t.boardId)],
);

/** A board's labels; deleting one takes it off every card (the service does, in the same transaction). */
export const scrumboardLabels = pgTable(
  'scrumboard_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => scrumboardBoards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [index('scrumboard_labels_board_idx').on(t.boardId)],
);
