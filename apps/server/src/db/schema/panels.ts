import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { plans, users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The shell's shortcuts panel, per user (docs/product.md, "Top bar, user menu and panels"). */
export const shortcuts = pgTable(
  'shortcuts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    label: text('label').notNull(),
    description: text('description'),
    icon: text('icon').notNull(),
    link: text('link').notNull(),
    useRouter: boolean('use_router').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('shortcuts_owner_idx').on(t.ownerId, t.sortOrder)],
);

/**
 * What the messages and notifications panels show, one table for both (`box`): same fields, same
 * calls. `key` makes a notification born of a rule appear once per user (a removed one keeps its row,
 * with `removed_at`, so that it does not come back).
 */
export const panelItems = pgTable(
  'panel_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    box: text('box', { enum: ['message', 'notification'] }).notNull(),
    key: text('key'),
    title: text('title').notNull(),
    description: text('description'),
    icon: text('icon'),
    image: text('image'),
    link: text('link'),
    useRouter: boolean('use_router').notNull().default(true),
    read: boolean('read').notNull().default(false),
    /** Shown to the user (the spec's `seen`): an item read has been seen, and mark-all sets both. */
    seen: boolean('seen').notNull().default(false),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('panel_items_owner_idx').on(t.ownerId, t.box, t.time),
    uniqueIndex('panel_items_key_uq')
      .on(t.ownerId, t.box, t.key)
      .where(sql`${t.key} IS NOT NULL`),
  ],
);

/** Per user: whether the starting shortcuts were given (so that deleting them all does not bring them back). */
export const panelState = pgTable('panel_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shortcutsSeeded: boolean('shortcuts_seeded').notNull().default(false),
});

/** A request for help from the help center's support form, answered by an administrator. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** An optional screenshot (at most 5 MB), in the row so that a backup carries it; its type from its bytes. */
    screenshot: bytea('screenshot'),
    screenshotMime: text('screenshot_mime'),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set when the request asks for a plan (made on the plans page); activating a plan answers it. */
    planId: text('plan_id').references(() => plans.id),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_status_idx').on(t.status, t.createdAt),
    index('support_requests_user_idx').on(t.userId, t.createdAt),
    // One plan request waiting per owner: two sent at once cannot both be made.
    uniqueIndex('support_requests_open_plan_uq')
      .on(t.userId)
      .where(sql`${t.planId} IS NOT NULL AND ${t.status} = 'open'`),
    check('support_requests_answer_ck', sql`${t.status} = 'open' OR ${t.answer} IS NOT NULL OR ${t.status} = 'closed'`),
  ],
);
