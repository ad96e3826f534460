import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '@cuadre/contracts';
import { users } from './users.js';
import { inventoryProducts } from './inventory.js';
import { contacts } from './contacts.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money, in integer cents; bigint so a year's sum never overflows, read back as an exact number (ADR 002). */
const cents = (name: string) => bigint(name, { mode: 'number' });
/** An entry's type and payment method, as the ledger and the sums kept from it (ADR 016) hold them. */
const entryType = () => text('type', { enum: ['income', 'expense', 'purchase', 'worker_payment', 'supplier_payment'] }).notNull();
const paymentMethod = () => text('payment_method', { enum: ['cash', 'card', 'check', 'transfer', 'mobile', 'other'] }).notNull();
const owner = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Cuentas: the shared chart, kept by administrators. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** A default row's name per language ({ en, es, tr }), shown to each reader in theirs; null for a name someone wrote, shown as written. */
  names: jsonb('names').$type<Partial<Record<Language, string>>>(),
  kind: text('kind', { enum: ['income', 'cost_of_goods', 'expense', 'payroll'] }).notNull(),
  taxLine: text('tax_line').notNull().default(''),
  /** Where a form's line moved in a given year (Otros gastos: 27a through 2024, 27b from 2025): [{ fromYear, taxLine }]. */
  taxLineChanges: jsonb('tax_line_changes').$type<{ fromYear: number; taxLine: string }[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
});

/** SubCuentas: shared ones (owner null) and an owner's own. */
export const subcategories = pgTable(
  'subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** As on categories: the default rows' names per language, null for a written one. */
    names: jsonb('names').$type<Partial<Record<Language, string>>>(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('subcategories_name_uq').on(t.categoryId, sql`coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
    index('subcategories_owner_idx').on(t.ownerId),
  ],
);

export const workers = pgTable(
  'workers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['employee', 'contractor'] }).notNull(),
    taxId: text('tax_id'),
    phone: text('phone'),
    email: text('email'),
    payRate: cents('pay_rate'),
    payUnit: text('pay_unit', { enum: ['hour', 'day', 'week', 'month', 'job'] }),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('workers_owner_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    defaultCategoryId: uuid('default_category_id').references(() => categories.id),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('providers_owner_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    plate: text('plate'),
    /** Tenths of a mile. */
    initialOdometer: bigint('initial_odometer', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('vehicles_owner_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default('unit'),
    defaultUnitCost: cents('default_unit_cost'),
    providerId: uuid('provider_id').references(() => providers.id),
    categoryId: uuid('category_id').references(() => categories.id),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('products_owner_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

/** One line of the ledger. */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    type: entryType(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: cents('amount').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id),
    paymentMethod: paymentMethod().default('cash'),
    reference: text('reference'),
    description: text('description'),
    workerId: uuid('worker_id').references(() => workers.id),
    providerId: uuid('provider_id').references(() => providers.id),
    productId: uuid('product_id').references(() => products.id),
    /** Income only: the customer it came from; a deleted contact leaves its entries. */
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** Thousandths of a unit. */
    quantity: bigint('quantity', { mode: 'number' }),
    unitCost: cents('unit_cost'),
    hours: numeric('hours', { precision: 8, scale: 2, mode: 'number' }),
    /** The inventory product whose stock the entry moves by `quantity` (whole units): a purchase adds, an income takes away. */
    inventoryProductId: uuid('inventory_product_id').references(() => inventoryProducts.id, { onDelete: 'set null' }),
    /** The bank's own id of the transaction an entry was imported from (OFX FITID, or a CSV's reference column). */
    bankRef: text('bank_ref'),
    /** The recurring template that made it (null: written by hand); a deleted template keeps the link (it is only marked deleted). */
    recurringId: uuid('recurring_id').references((): AnyPgColumn => recurringTemplates.id),
    /** An operational expense's vehicle: what the year's method of that vehicle does to it on Schedule C line 9 (docs/product.md#vehicle-methods). */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // A month's page in the list's order (date, then creation, then id), read from the index without sorting (issue 31).
    index('entries_owner_date_idx').on(t.ownerId, t.date, t.createdAt, t.id.desc().nullsFirst()),
    // The P&L's sums by month, category and subcategory read from the index alone (an index-only scan, issue 31).
    index('entries_owner_date_sums_idx').on(t.ownerId, t.date, t.categoryId, t.subcategoryId, t.amount),
    index('entries_owner_bank_ref_idx')
      .on(t.ownerId, t.bankRef)
      .where(sql`${t.bankRef} is not null`),
    index('entries_owner_type_date_idx').on(t.ownerId, t.type, t.date),
    // A type's lines by amount (the largest first) without sorting all of them.
    index('entries_owner_type_amount_idx').on(t.ownerId, t.type, t.amount, t.createdAt, t.id.desc().nullsFirst()),
    index('entries_category_idx').on(t.categoryId),
    index('entries_subcategory_idx').on(t.subcategoryId),
    index('entries_worker_idx').on(t.workerId),
    index('entries_provider_idx').on(t.providerId),
    index('entries_product_idx').on(t.productId),
    index('entries_inventory_product_idx').on(t.inventoryProductId),
    index('entries_contact_idx').on(t.contactId, t.date),
    index('entries_vehicle_idx')
      .on(t.ownerId, t.vehicleId, t.date)
      .where(sql`${t.vehicleId} is not null`),
    // A search's contains-match (`ilike '%…%'`) read from trigrams, not from every line (issue 31; pg_trgm), the
    // owner in the same index (btree_gin): owner and words narrow together, and a generic plan made for an owner
    // of a few dozen lines still prefers it to the owner's date index (ADR 015). Written into at once, not
    // through GIN's pending list: PGlite has no autovacuum to empty that list, and every search would read it whole.
    index('entries_owner_description_trgm_idx').using('gin', t.ownerId, t.description.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('entries_owner_reference_trgm_idx').using('gin', t.ownerId, t.reference.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('entries_amount_range', sql`${t.amount} > 0 and ${t.amount} <= 100000000000`),
  ],
);

/**
 * The ledger's count and sum per owner, month, type, category, subcategory and payment method, kept by
 * the database on every write to `entries` (migration 0029's statement triggers; ADR 016): a month's or
 * a year's totals and a month summary's sums are read from a few of these rows, not from every line
 * (issue 31). Derived, so a backup does not carry it: restoring the entries writes it again.
 */
export const entryMonthSums = pgTable(
  'entry_month_sums',
  {
    ownerId: owner(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    type: entryType(),
    categoryId: uuid('category_id').notNull(),
    subcategoryId: uuid('subcategory_id'),
    paymentMethod: paymentMethod(),
    /** Lines; 0 once the last one went (the row stays, and every read skips it). */
    n: integer('n').notNull(),
    amount: cents('amount').notNull(),
  },
  (t) => [unique('entry_month_sums_key').on(t.ownerId, t.month, t.type, t.categoryId, t.subcategoryId, t.paymentMethod).nullsNotDistinct()],
);

/** The ledger's count and sum per owner, day and type, kept as `entryMonthSums` is: a month summary's daily series. */
export const entryDaySums = pgTable(
  'entry_day_sums',
  {
    ownerId: owner(),
    date: date('date', { mode: 'string' }).notNull(),
    type: entryType(),
    n: integer('n').notNull(),
    amount: cents('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.date, t.type] })],
);

/**
 * Stock moved by the books: one row per entry that names an inventory product with a quantity (a
 * purchase in, an income out), written, changed and removed with its entry in the same transaction.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    productId: uuid('product_id')
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** Whole units: more than zero in, less than zero out. */
    quantity: integer('quantity').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('stock_movements_entry_uq').on(t.entryId), index('stock_movements_product_idx').on(t.productId, t.date)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The file's generated name under the data folder; never the client's name. */
    storageKey: text('storage_key').notNull(),
    createdAt: created(),
  },
  (t) => [index('attachments_entry_idx').on(t.entryId), index('attachments_owner_idx').on(t.ownerId)],
);

export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** Tenths of a mile. */
    odometerStart: bigint('odometer_start', { mode: 'number' }),
    odometerEnd: bigint('odometer_end', { mode: 'number' }),
    miles: bigint('miles', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    origin: text('origin'),
    destination: text('destination'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('trips_owner_date_idx').on(t.ownerId, t.date), index('trips_vehicle_idx').on(t.vehicleId), check('trips_miles_positive', sql`${t.miles} > 0`)],
);

/**
 * A vehicle's method for one tax year (Pub. 463): standard mileage (no row: the default) or actual
 * expenses, and the year's odometer readings (tenths) for the business-use share; totalMiles is
 * end − start, or given alone (docs/product.md#vehicle-methods).
 */
export const vehicleYearMethods = pgTable(
  'vehicle_year_methods',
  {
    ownerId: owner(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    method: text('method', { enum: ['standard', 'actual'] }).notNull(),
    odometerStart: bigint('odometer_start', { mode: 'number' }),
    odometerEnd: bigint('odometer_end', { mode: 'number' }),
    totalMiles: bigint('total_miles', { mode: 'number' }),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.year] }),
    index('vehicle_year_methods_owner_idx').on(t.ownerId, t.year),
    check('vehicle_year_methods_miles_positive', sql`${t.totalMiles} is null or ${t.totalMiles} > 0`),
    check('vehicle_year_methods_actual_needs_miles', sql`${t.method} = 'standard' or ${t.totalMiles} is not null`),
  ],
);

/** Cents per mile in tenths of a cent (65.5 → 655), from a date on. */
export const mileageRates = pgTable('mileage_rates', {
  id: uuid('id').primaryKey().defaultRandom(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull().unique(),
  rateTenths: integer('rate_tenths').notNull(),
  createdAt: created(),
});

/** A month's status; a month without a row is open. */
export const taxMonths = pgTable(
  'tax_months',
  {
    ownerId: owner(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.year, t.month] })],
);

/** Who changed what, when, from what to what: every write to a money record, a trip or a registry. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    // The clock, not the transaction's start: several events of one transaction keep their order.
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('audit_log_entity_idx').on(t.ownerId, t.entity, t.entityId, t.at)],
);

/**
 * The per-year figures of the annual total, kept by administrators: the information-return threshold
 * for contractors and the Social Security wage base, in cents. A year without a row takes the latest
 * earlier one.
 */
export const taxRules = pgTable('tax_rules', {
  year: integer('year').primaryKey(),
  contractorThreshold: cents('contractor_threshold').notNull(),
  socialSecurityWageBase: cents('social_security_wage_base').notNull(),
  updatedAt: updated(),
});

/**
 * Long work an owner started (the year-end package, an export of their data): its progress while it
 * runs, and the file it made, kept under DATA_DIR/exports until downloaded or replaced.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    kind: text('kind', { enum: ['year_end', 'account_export', 'import_preview', 'import_commit'] }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    step: text('step').notNull().default(''),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('jobs_owner_idx').on(t.ownerId, t.createdAt)],
);

/** How a bank's CSV statement is read (its columns, date format, decimal separator), saved per bank by the owner. */
export const importProfiles = pgTable(
  'import_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    bank: text('bank').notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('import_profiles_bank_uq').on(t.ownerId, sql`lower(${t.bank})`)],
);

/** "Description contains SHELL → Gastos de vehículo / Combustible": how imported rows are categorised. */
export const importRules = pgTable(
  'import_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    contains: text('contains').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('import_rules_owner_idx').on(t.ownerId)],
);

/**
 * Recurring entries: a template (an entry's fields without its date) and its schedule. `nextIndex`
 * counts the occurrences passed (0 for the start date); `nextDate` is that occurrence's date, null
 * once the schedule has ended. A deleted template keeps its row (marked `deletedAt`) so the entries
 * it made still link to it.
 */
export const recurringTemplates = pgTable(
  'recurring_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency', { enum: ['weekly', 'monthly', 'quarterly', 'yearly'] }).notNull(),
    interval: integer('interval').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    count: integer('count'),
    mode: text('mode', { enum: ['record', 'remind'] })
      .notNull()
      .default('record'),
    paused: boolean('paused').notNull().default(false),
    nextIndex: integer('next_index').notNull().default(0),
    nextDate: date('next_date', { mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('recurring_templates_owner_idx').on(t.ownerId, t.nextDate),
    // The scheduler's look for what fell due, across owners.
    index('recurring_templates_due_idx')
      .on(t.nextDate)
      .where(sql`${t.deletedAt} is null and not ${t.paused} and ${t.nextDate} is not null`),
  ],
);

/**
 * Each due date of a template, once: the unique key (template, date) is what makes an occurrence
 * happen once whatever restarts or processes. `status`: `recorded` (its entry written), `reminded`
 * (a notification waits for the owner to record it), `closed` (its month was closed: not written,
 * the owner told).
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringTemplates.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['recorded', 'reminded', 'closed'] }).notNull(),
    entryId: uuid('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('recurring_occurrences_once_uq').on(t.recurringId, t.date), index('recurring_occurrences_owner_idx').on(t.ownerId)],
);
