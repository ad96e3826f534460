import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The business's customers (spec 001 §3 "Contacts"). An income entry may name one (`entries.contact_id`). */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    /** The avatar's key in the file store (owner id / uuid), null when none. */
    avatarKey: text('avatar_key'),
    /** The avatar's bytes, for the owner's storage quota (0 when none). */
    avatarSize: integer('avatar_size').notNull().default(0),
    background: text('background'),
    emails: jsonb('emails').$type<{ email: string; label: string }[]>().notNull().default([]),
    phoneNumbers: jsonb('phone_numbers').$type<{ country: string; phoneNumber: string; label: string }[]>().notNull().default([]),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    birthday: date('birthday', { mode: 'string' }),
    address: text('address').notNull().default(''),
    /** Sanitised HTML. */
    notes: text('notes').notNull().default(''),
    /** The ids of the owner's contact tags it carries (a deleted tag is taken out of every card). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('contacts_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [index('contact_tags_owner_idx').on(t.ownerId)],
);
