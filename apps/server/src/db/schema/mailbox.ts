import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One reader's copy of a mail (spec 001 §3 "Mailbox"): sending writes the sender's copy (in sent) and
 * one per recipient (in their inbox), so each reader's flags, folder and labels are their own and a
 * mail is seen only by the people it was written to.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    /** What this copy is to its reader: a draft being written, a mail they sent, or one they received. */
    kind: text('kind', { enum: ['draft', 'sent', 'received'] }).notNull(),
    /** The folder's slug (inbox, sent, drafts, spam, trash). */
    folder: text('folder', { enum: ['inbox', 'sent', 'drafts', 'spam', 'trash'] }).notNull(),
    /** The sender's account, for their avatar; null once that account is gone (the name and address stay). */
    fromUserId: uuid('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    fromAddress: text('from_address').notNull(),
    to: jsonb('to').$type<string[]>().notNull().default([]),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    /** The blind copies this reader may see: all of them for the sender, their own for a blind recipient, none for the others. */
    bcc: jsonb('bcc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    unread: boolean('unread').notNull().default(false),
    /** The ids of the reader's labels it carries (a deleted label leaves every mail). */
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    createdAt: created(),
  },
  (t) => [
    // A folder's page, newest first, and its count.
    index('mails_owner_folder_date_idx').on(t.ownerId, t.folder, t.date.desc(), t.id.desc()),
    // A filter's or a label's page: the reader's mails newest first, the flag or label checked on the way.
    index('mails_owner_date_idx').on(t.ownerId, t.date.desc(), t.id.desc()),
    index('mails_labels_idx').using('gin', t.labels),
  ],
);

/** A file attached to one copy of a mail, kept in the file store (so a backup carries it); each copy has its own file. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The MIME type read from the bytes. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The file's key in the file store (owner id / uuid). */
    fileKey: text('file_key').notNull(),
    createdAt: created(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailId), index('mail_attachments_owner_idx').on(t.ownerId)],
);

/** A reader's mail labels (spec: title, slug derived from it, colour). */
export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    color: text('color', { enum: ['personal', 'work', 'payments', 'invoices', 'accounts', 'forums'] }).notNull(),
    createdAt: created(),
  },
  (t) => [index('mail_labels_owner_idx').on(t.ownerId, t.slug)],
);

/** A reader's mailbox settings (spec: messageLayout), merged over the defaults. */
export const mailboxSettings = pgTable('mailbox_settings', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});
