import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The file manager's folders and files, one table for both (`type` is `folder` or the file's type).
 * A file's bytes are in the same file store as the receipts (DATA_DIR/attachments, `storage_key`),
 * so a backup carries them. Deleting a folder deletes what is inside it (the foreign key cascades;
 * the service removes the stored bytes after the commit).
 */
export const fileItems = pgTable(
  'file_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `folder`, or PDF, JPG, PNG, WEBP, GIF, TXT, CSV, DOC, XLS, DOCX, XLSX (from the bytes). */
    type: text('type').notNull(),
    mime: text('mime'),
    size: integer('size').notNull().default(0),
    /** A file's generated name in the file store; null for a folder. */
    storageKey: text('storage_key'),
    description: text('description'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_items_owner_parent_idx').on(t.ownerId, t.parentId)],
);
