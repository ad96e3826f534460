import { and, eq, getTableName, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import {
  attachments,
  auditLog,
  chatMembers,
  budgets,
  contacts,
  contactTags,
  entries,
  entryDaySums,
  entryMonthSums,
  recurringOccurrences,
  recurringTemplates,
  fileItems,
  importProfiles,
  importRules,
  inventoryBrands,
  inventoryCategories,
  inventoryProducts,
  inventoryProductImages,
  inventoryTags,
  inventoryVendors,
  jobs,
  mailAttachments,
  mailboxSettings,
  mailLabels,
  mails,
  panelItems,
  products,
  providers,
  scrumboardBoards,
  scrumboardCards,
  scrumboardLabels,
  scrumboardLists,
  shortcuts,
  stockMovements,
  subcategories,
  taxMonths,
  trips,
  vehicles,
  vehicleYearMethods,
  workers,
  noteLabels,
  notes,
  planningReminders,
  taskTags,
  tasks,
} from './schema/index.js';

/**
 * Every table whose rows belong to one owner (an `owner_id` column). `test/owner-scope.test.ts`
 * checks this list against the schema, so a new owned table cannot be left out, and fails on any
 * query of these tables that does not go through an `OwnerScope` (or `unscoped`).
 */
export const OWNED_TABLES = [
  subcategories,
  workers,
  providers,
  vehicles,
  vehicleYearMethods,
  products,
  entries,
  entryMonthSums,
  entryDaySums,
  attachments,
  recurringTemplates,
  recurringOccurrences,
  trips,
  taxMonths,
  auditLog,
  jobs,
  importProfiles,
  importRules,
  shortcuts,
  panelItems,
  inventoryCategories,
  inventoryBrands,
  inventoryVendors,
  inventoryTags,
  inventoryProducts,
  inventoryProductImages,
  stockMovements,
  fileItems,
  contacts,
  contactTags,
  chatMembers,
  noteLabels,
  notes,
  taskTags,
  tasks,
  planningReminders,
  mails,
  mailAttachments,
  mailLabels,
  mailboxSettings,
  budgets,
  scrumboardBoards,
  scrumboardLists,
  scrumboardCards,
  scrumboardLabels,
] as const;
export type OwnedTable = (typeof OWNED_TABLES)[number];
/** What a caller gives to insert a row of `T`: everything but the owner, which the scope sets. */
export type OwnedInsert<T extends OwnedTable> = Omit<T['$inferInsert'], 'ownerId'>;

const owned = new Set<unknown>(OWNED_TABLES);
export const isOwnedTable = (value: unknown): value is OwnedTable => owned.has(value);

/** Words that may follow a table in FROM or JOIN; any other word there is the query's own alias for it. */
const NOT_AN_ALIAS = new Set(
  'where join inner left right full cross natural on using order group having limit offset union intersect except for window fetch returning lateral tablesample'.split(
    ' ',
  ),
);
function aliasFollows(next: string): boolean {
  const m = /^\s+(?:as\s+)?([A-Za-z_][A-Za-z0-9_]*)/i.exec(next);
  return !!m && !NOT_AN_ALIAS.has(m[1]!.toLowerCase());
}

/**
 * Makes a builder's `where` add the owner's condition to whatever it is given, and applies the
 * condition at once, so the query is scoped whether or not the caller adds a condition of its own.
 */
function scopedWhere<B extends { where(where: SQL | undefined): unknown }>(builder: B, own: SQL): B {
  const where = builder.where.bind(builder);
  where(own);
  // An own property shadows the builder's method: later calls keep the owner's condition.
  Object.defineProperty(builder, 'where', { value: (condition: SQL | undefined) => where(and(own, condition)) });
  return builder;
}

/**
 * One owner's view of the database: the only way the server reads or writes an owned table (issue 26).
 * Each method adds the owner's condition, so the code that uses it never writes it:
 *
 * - `selectFrom(t, fields?)` is `db.select(fields).from(t)` with the owner's condition; a later
 *   `.where(c)` gives `owner AND c`. Joins, ordering, `.for('update')`, `exists(...)` work as usual.
 * - `join(t, on)` is what an owned table joined into such a query takes: `.leftJoin(...s.join(workers, on))`.
 * - `insertInto(t, values)` sets the owner on each row; `updateSet(t, set)` and `deleteFrom(t)` touch
 *   only the owner's rows, whatever `.where(c)` adds.
 * - `sql\`...\`` is raw SQL in which each owned table interpolated (`from ${entries} e`) reads only the
 *   owner's rows: a subquery `(select * from entries where owner_id = $n)`, which PostgreSQL pulls up
 *   into the outer query, so the plan is the one the hand-written condition gave.
 *
 * It runs on what it was given: the database, or a transaction (`ownedBy(tx, ownerId)`).
 *
 * The shared chart's subcategories have no owner: an owner reads them with their own (`visible`),
 * but changes only their own. `ownedBy(db, null)` is the administrators' view of the shared chart:
 * the rows without an owner.
 */
export class OwnerScope {
  constructor(
    readonly db: DbOrTx,
    /** The owner; a placeholder in a statement prepared once for every owner (`ownedByParameter`). */
    readonly ownerId: string | null | Placeholder<'owner'>,
  ) {}

  /** The rows of `t` that are this owner's (`owner_id = $n`; in the shared scope, `owner_id is null`). */
  owns(t: OwnedTable): SQL {
    return this.ownerId === null ? isNull(t.ownerId) : eq(t.ownerId, this.ownerId);
  }

  /** The rows of `t` this owner reads: their own, and for subcategories the shared ones too. */
  visible(t: OwnedTable): SQL {
    if (t === subcategories && this.ownerId !== null) return or(isNull(t.ownerId), eq(t.ownerId, this.ownerId))!;
    return this.owns(t);
  }

  selectFrom<T extends OwnedTable>(t: T) {
    return scopedWhere(
      this.db
        .select()
        .from<T>(t as never)
        .$dynamic(),
      this.visible(t),
    );
  }

  selectFields<T extends OwnedTable, F extends Parameters<DbOrTx['select']>[0] & object>(t: T, fields: F) {
    return scopedWhere(
      this.db
        .select(fields)
        .from<T>(t as never)
        .$dynamic(),
      this.visible(t),
    );
  }

  /** An owned table joined into a query, with the owner's condition added to the join's. */
  join<T extends OwnedTable>(t: T, on: SQL | undefined): [T, SQL] {
    return [t, and(on, this.visible(t))!];
  }

  insertInto<T extends OwnedTable>(t: T, values: OwnedInsert<T> | OwnedInsert<T>[]) {
    const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, ownerId: this.ownerId }));
    // never: a generic T's insert shape does not resolve; each row is the caller's columns of T with the owner set
    return this.db.insert(t).values(rows as never);
  }

  updateSet<T extends OwnedTable>(t: T, values: PgUpdateSetSource<T>) {
    return scopedWhere(this.db.update(t).set(values).$dynamic(), this.owns(t));
  }

  deleteFrom<T extends OwnedTable>(t: T) {
    return scopedWhere(this.db.delete(t).$dynamic(), this.owns(t));
  }

  /** `t`'s rows of this owner as a subquery for raw SQL; `sql` interpolates this for each owned table. */
  rows(t: OwnedTable, which: 'visible' | 'own' = 'visible'): SQL {
    return sql`(select * from ${t} where ${which === 'own' ? this.owns(t) : this.visible(t)})`;
  }

  /**
   * Raw SQL over the owner's rows: every owned table interpolated in it becomes the owner's rows of
   * that table, keeping its name (`"entries"`) unless the query gives it an alias. Other values are
   * parameters, columns and fragments as in Drizzle's `sql`. Writes go through the methods above.
   */
  sql = (strings: TemplateStringsArray, ...values: unknown[]): SQL => {
    const chunks: SQL[] = [sql.raw(strings[0]!)];
    values.forEach((value, i) => {
      const next = strings[i + 1]!;
      if (isOwnedTable(value)) {
        if (/\b(update|into|delete\s+from)\s*$/i.test(strings[i]!)) {
          throw new Error(`Raw SQL writes to ${getTableName(value)}: use insertInto, updateSet or deleteFrom`);
        }
        chunks.push(aliasFollows(next) ? this.rows(value) : sql`${this.rows(value)} as ${sql.identifier(getTableName(value))}`);
      } else chunks.push(sql`${value}`);
      chunks.push(sql.raw(next));
    });
    return sql.join(chunks);
  };
}

/** The scope through which an owner's queries go: on the database, or on a transaction. */
export function ownedBy(db: DbOrTx, ownerId: string): OwnerScope;
export function ownedBy(db: DbOrTx, ownerId: string | null): OwnerScope;
export function ownedBy(db: DbOrTx, ownerId: string | null): OwnerScope {
  return new OwnerScope(db, ownerId);
}

/**
 * The scope of a statement built once and run for any owner (`db/prepared.ts`'s `OwnedStatement`):
 * the owner is the statement's `owner` parameter, which the statement binds on every run. Only raw
 * SQL (`sql`, `owns`, `visible`, `rows`) is built on it; it runs on no database of its own.
 */
export function ownedByParameter(): OwnerScope {
  return new OwnerScope(undefined as never, sql.placeholder('owner')); // never: built into SQL text, never run through a builder
}

/**
 * The few reads and writes that rightly cross owners (administrators' statistics, backup and restore,
 * the chart's "is it used" check, the jobs' housekeeping). Runs `run` as it is; what it does is
 * exempt from the owner-scoping check, which lists every use with its `reason`.
 */
export function unscoped<T>(reason: string, run: () => T): T {
  if (!reason.trim()) throw new Error('unscoped needs a reason');
  return run();
}
