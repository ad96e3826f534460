import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const person = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A conversation between two people of the service (an owner and an administrator). It belongs to
 * both, so it has no owner of its own: each participant reaches it through their `chat_members` row,
 * which is owned. `user_low`/`user_high` are the two ids in order, so a pair has one chat.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLow: person('user_low'),
    userHigh: person('user_high'),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chats_pair_uq').on(t.userLow, t.userHigh), check('chats_pair_ck', sql`${t.userLow} < ${t.userHigh}`)],
);

/** One participant's side of a chat: who the other is, how many messages they have not read, muted or not. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    ownerId: person('owner_id'),
    peerId: person('peer_id'),
    unreadCount: integer('unread_count').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.chatId] }), index('chat_members_chat_idx').on(t.chatId)],
);

/** What was said, by whom (`sender_id`), in which chat; plain text, never rendered as HTML. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: person('sender_id'),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.createdAt)],
);
