import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A note's label (spec 001 §3 "Notes"). A deleted label is taken out of every note. */
export const noteLabels = pgTable(
  'note_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [index('note_labels_owner_idx').on(t.ownerId)],
);

/** The owner's notes (spec 001 §3 "Notes"). */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    /** The checklist, or null when the note has none. */
    tasks: jsonb('tasks').$type<{ id: string; content: string; completed: boolean }[] | null>(),
    /** The image's key in the file store (owner id / uuid), null when none. */
    imageKey: text('image_key'),
    reminder: timestamp('reminder', { withTimezone: true }),
    /** The ids of the owner's note labels it carries. */
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    archived: boolean('archived').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('notes_owner_idx').on(t.ownerId, t.updatedAt)],
);

/** A task's tag (spec 001 §3 "Tasks"). A deleted tag is taken out of every task. */
export const taskTags = pgTable(
  'task_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    title: text('title').notNull(),
    createdAt: created(),
  },
  (t) => [index('task_tags_owner_idx').on(t.ownerId)],
);

/** The owner's tasks and sections, one ordered list (spec 001 §3 "Tasks"). */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    type: text('type', { enum: ['task', 'section'] }).notNull(),
    title: text('title').notNull().default(''),
    notes: text('notes').notNull().default(''),
    completed: boolean('completed').notNull().default(false),
    dueDate: timestamp('due_date', { withTimezone: true }),
    priority: integer('priority').notNull().default(1),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** A contact of the owner's, or null. */
    assignedTo: uuid('assigned_to'),
    subTasks: jsonb('sub_tasks').$type<{ id: string; title: string; completed: boolean }[]>().notNull().default([]),
    order: integer('sort_order').notNull().default(0),
    /** When the task was last marked completed; cleared when it is reopened (the project dashboard's closed issues). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When a completed task was last reopened (the project dashboard's re-opened issues). */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('tasks_owner_order_idx').on(t.ownerId, t.order), check('tasks_priority_ck', sql`${t.priority} in (0, 1, 2)`)],
);

/**
 * When a note's reminder or a task's due date falls: one row per item and time, made when the time
 * is set, turned into a notification by the server's scheduler once it is due (`sent_at`). Rows
 * live in the database, so a reminder set before a restart still fires after it, and the unique key
 * lets it fire once however many processes poll.
 */
export const planningReminders = pgTable(
  'planning_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    kind: text('kind', { enum: ['note', 'task'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('planning_reminders_item_at_uq').on(t.kind, t.itemId, t.at),
    index('planning_reminders_due_idx')
      .on(t.at)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
