import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Preferences } from '@cuadre/contracts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  interval: text('interval', { enum: ['month', 'year'] })
    .notNull()
    .default('month'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    company: text('company'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    plan: text('plan')
      .notNull()
      .references(() => plans.id)
      .default('free'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    presence: text('presence', { enum: ['online', 'away', 'busy', 'not-visible'] })
      .notNull()
      .default('online'),
    preferences: jsonb('preferences').$type<Partial<Preferences>>().notNull().default({}),
    /** The business whose books these are: name, tax id, address, currency. */
    business: jsonb('business').$type<{ name?: string | null; taxId?: string | null; address?: string | null; currency?: string }>().notNull().default({}),
    avatarVersion: integer('avatar_version'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * When the trial of the paid plan a sign-up starts with ends: until then a free-plan owner keeps
     * books as on a paid plan. Null: no trial (older accounts, trials off, made by an administrator,
     * or a plan activated since).
     */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    agreementsAt: timestamp('agreements_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Two-step sign-in: the TOTP secret, encrypted (lib/secret-box.ts), while it is on. */
    mfaSecret: text('mfa_secret'),
    /** A secret set up but not yet confirmed with a code (each set-up replaces it), encrypted. */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code works once, and never an older one after it. */
    mfaLastStep: integer('mfa_last_step'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt), index('users_name_idx').on(sql`lower(${t.name})`)],
);

export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per signed-in device; a JWT names its session, so ending the row ends the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: created(),
    /** When the password was given; a renewed token inherits it, so renewals stop 30 days later. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Whether the sign-in that opened it passed the second step; a renewal carries it over. */
    mfa: boolean('mfa').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Two-step sign-in's recovery codes: ten at each enabling, each good once, only their SHA-256 kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Single-use tokens sent by mail; only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.kind)],
);

/**
 * Every mail the service sends; without SMTP this is where it stays (and the log). With SMTP, the
 * mail queue delivers it off the request path, retrying with growing delays: `attempts` counts the
 * tries, `nextAttemptAt` is when the next may start (a lease while one runs).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: created(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Requests for a mail (confirm, reset, "you already have an account"), written by the request
 * whatever the address, and turned into a mail by the queue: the request does the same work
 * whether or not the account exists, so its timing tells nothing.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['sign_up', 'confirm', 'reset', 'support_answer', 'chat_message', 'mailbox_new', 'mfa_reset'] }).notNull(),
    email: text('email'),
    userId: uuid('user_id'),
    /** For sign-up: whether this request created the account (else the address already had one). */
    created: boolean('created').notNull().default(false),
    /** What the mail is about, when it is about one row (the support request answered). */
    refId: uuid('ref_id'),
    createdAt: created(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('mail_jobs_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null`),
  ],
);
