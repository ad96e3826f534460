import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { unscoped } from '../../db/owned.js';

/**
 * The catalog queries a backup and a restore need, read from PostgreSQL itself so a table added by a
 * later migration is carried without anyone remembering to list it. Identical on PGlite and
 * PostgreSQL: both are the same server underneath.
 */

/** Rows the database derives from others (ADR 016): a restore writes them again as it writes the entries. */
export const DERIVED = ['entry_month_sums', 'entry_day_sums'] as const;

/** Rows that must not travel: sign-ins, mailed tokens and running work belong to the instance they were made on. */
export const NOT_CARRIED = ['sessions', 'auth_tokens', 'outbox', 'mail_jobs', 'jobs', ...DERIVED] as const;

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
}

const rows = queryRows;

/** Every table of the public schema that a backup carries, parents before children (foreign keys). */
export async function carriedTables(db: DbOrTx): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const names = tables.map((t) => t.name).filter((n) => !(NOT_CARRIED as readonly string[]).includes(n));
  const deps = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`,
  );
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column" from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p') order by c.relname, a.attnum`,
  );
  const keys = await rows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column" from pg_index i
    join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
    where n.nspname = 'public' and i.indisprimary order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );

  // A topological order: a table comes once every table it refers to has come (self-references aside).
  const ordered: string[] = [];
  const pending = new Set(names);
  while (pending.size) {
    const ready = [...pending].filter((t) => deps.every((d) => d.child !== t || d.parent === t || !pending.has(d.parent)));
    if (!ready.length) throw new Error(`The foreign keys between ${[...pending].join(', ')} form a cycle`);
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  return ordered.map((name) => {
    const primaryKey = keys.filter((k) => k.table === name).map((k) => k.column);
    // Every table has one today; a backup in primary-key order is what makes two archives comparable.
    if (!primaryKey.length) throw new Error(`The table ${name} has no primary key`);
    return { name, columns: columns.filter((c) => c.table === name).map((c) => c.column), primaryKey };
  });
}

/** The last migration applied: its journal timestamp (Drizzle keeps it as created_at). */
export async function lastMigration(db: DbOrTx): Promise<number | undefined> {
  const [row] = await rows<{ when: number | null }>(db, sql`select max(created_at) as "when" from drizzle.__drizzle_migrations`);
  return row?.when == null ? undefined : Number(row.when);
}

/** Runs the rest of the transaction in UTC. */
export async function utcSession(tx: DbOrTx) {
  await tx.execute(sql`set local time zone 'UTC'`);
}

/** How many accounts the database holds: a target with any is not empty. */
export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*) as n from users`);
  return Number(row?.n ?? 0);
}

export async function countRows(db: DbOrTx, table: string): Promise<number> {
  const [row] = await unscoped('a backup counts the rows of every table', () =>
    rows<{ n: number }>(db, sql`select count(*) as n from ${sql.identifier(table)}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Opens a cursor over a table's rows as JSON text, in primary-key order (inside a transaction).
 * `row_to_json` writes timestamps with their zone, bigints as exact numbers and bytea as hex.
 */
export async function openRowCursor(tx: DbOrTx, cursor: string, table: TableInfo) {
  const order = sql.join(
    table.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
    sql`, `,
  );
  await unscoped('a backup reads every table whole', () =>
    tx.execute(
      sql`declare ${sql.identifier(cursor)} no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table.name)} t order by ${order}`,
    ),
  );
  return {
    next: async (count: number) => (await rows<{ j: string }>(tx, sql`fetch forward ${sql.raw(String(count))} from ${sql.identifier(cursor)}`)).map((r) => r.j),
    close: async () => {
      await tx.execute(sql`close ${sql.identifier(cursor)}`);
    },
  };
}

/** Inserts rows given as JSON objects, into the columns they were backed up with (the rest take their defaults). */
export async function insertJsonRows(tx: DbOrTx, table: string, columns: string[], json: string) {
  const cols = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await unscoped('a restore writes every table whole', () =>
    tx.execute(sql`insert into ${sql.identifier(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`),
  );
}

export async function deleteAll(tx: DbOrTx, table: string) {
  await unscoped('a restore empties every table it writes', () => tx.execute(sql`delete from ${sql.identifier(table)}`));
}

/** Sets every sequence owned by a column to follow the largest value restored into it. */
export async function resetSequences(tx: DbOrTx) {
  const seqs = await rows<{ seq: string; tbl: string; col: string }>(
    tx,
    sql`select s.relname as seq, t.relname as tbl, a.attname as col from pg_class s
    join pg_namespace n on n.oid = s.relnamespace join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const s of seqs) {
    await unscoped('a restore sets each sequence past the rows of every owner', () =>
      tx.execute(
        sql`select setval(${`public.${s.seq}`}::regclass, coalesce((select max(${sql.identifier(s.col)}) from ${sql.identifier(s.tbl)}), 0) + 1, false)`,
      ),
    );
  }
}

/** The stored files a snapshot refers to: each receipt's, each file manager file's, each contact avatar's, each product image's, each note image's and each mail attachment's key under DATA_DIR/attachments. */
export async function attachmentKeys(tx: DbOrTx): Promise<string[]> {
  const keys = await unscoped(
    'a backup carries the receipts, the files, the contact avatars, the product images, the note images and the mail attachments of every owner',
    () =>
      rows<{ key: string }>(
        tx,
        sql`select storage_key as key from attachments union all select storage_key as key from file_items where storage_key is not null union all select avatar_key as key from contacts where avatar_key is not null union all select storage_key as key from inventory_product_images union all select image_key as key from notes where image_key is not null union all select file_key as key from mail_attachments order by 1`,
      ),
  );
  return keys.map((r) => r.key);
}
