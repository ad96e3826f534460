import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EntryQuery, Language } from '@cuadre/contracts';
import type { AnyColumn } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { OwnedStatement } from '../../db/prepared.js';
import { attachments, categories, contacts, entries, entryMonthSums, products, providers, subcategories, vehicles, workers } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';
import { lastDayOf } from './periods.repository.js';

export type EntryRow = typeof entries.$inferSelect;
export type NewEntry = Omit<typeof entries.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type AttachmentRow = typeof attachments.$inferSelect;

/** An entry with the names of what it refers to, as lists show it (its receipts are read after, for the page only). */
const detailed = (language: Language) => ({
  entry: entries,
  categoryName: shownName(categories, language),
  subcategoryName: shownName(subcategories, language),
  workerName: workers.name,
  providerName: providers.name,
  productName: products.name,
  contactName: contacts.name,
  vehicleName: vehicles.name,
});
export interface AttachmentJson {
  id: string;
  entryId: string;
  fileName: string;
  mime: string;
  size: number;
  createdAt: string;
}
export type DetailedEntry = {
  entry: EntryRow;
  categoryName: string;
  subcategoryName: string | null;
  workerName: string | null;
  providerName: string | null;
  productName: string | null;
  contactName: string | null;
  vehicleName: string | null;
  attachments: AttachmentJson[];
};

/** One owner's ledger: every query filters by the owner it was built for; the chart's names come in `language`. */
export class EntriesRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /**
   * The receipts of the given entries, in one query: read for the rows of a page only, never as a
   * subquery of the list, which PostgreSQL would run for every row it sorts.
   */
  private async withReceipts(rows: Omit<DetailedEntry, 'attachments'>[]): Promise<DetailedEntry[]> {
    if (rows.length === 0) return [];
    const found = await this.s
      .selectFrom(attachments)
      .where(
        inArray(
          attachments.entryId,
          rows.map((r) => r.entry.id),
        ),
      )
      .orderBy(asc(attachments.createdAt));
    const byEntry = new Map<string, AttachmentJson[]>();
    for (const a of found) {
      const list = byEntry.get(a.entryId) ?? [];
      list.push({ id: a.id, entryId: a.entryId, fileName: a.fileName, mime: a.mime, size: a.size, createdAt: a.createdAt.toISOString() });
      byEntry.set(a.entryId, list);
    }
    return rows.map((r) => ({ ...r, attachments: byEntry.get(r.entry.id) ?? [] }));
  }

  private withNames() {
    return this.s
      .selectFields(entries, detailed(this.language))
      .innerJoin(categories, eq(categories.id, entries.categoryId))
      .leftJoin(...this.s.join(subcategories, eq(subcategories.id, entries.subcategoryId)))
      .leftJoin(...this.s.join(workers, eq(workers.id, entries.workerId)))
      .leftJoin(...this.s.join(providers, eq(providers.id, entries.providerId)))
      .leftJoin(...this.s.join(products, eq(products.id, entries.productId)))
      .leftJoin(...this.s.join(contacts, eq(contacts.id, entries.contactId)))
      .leftJoin(...this.s.join(vehicles, eq(vehicles.id, entries.vehicleId)));
  }

  async get(id: string): Promise<DetailedEntry | undefined> {
    const rows = await this.withNames().where(eq(entries.id, id));
    return (await this.withReceipts(rows))[0];
  }

  async getMany(ids: string[]): Promise<DetailedEntry[]> {
    if (ids.length === 0) return [];
    const rows = await this.withNames().where(inArray(entries.id, ids)).orderBy(asc(entries.date), asc(entries.createdAt));
    const byId = new Map((await this.withReceipts(rows)).map((r) => [r.entry.id, r]));
    return ids.map((id) => byId.get(id)!);
  }

  /** The row locked until the transaction ends: a change, its period check and its audit see one version. */
  async lock(id: string): Promise<EntryRow | undefined> {
    const [row] = await this.s.selectFrom(entries).where(eq(entries.id, id)).for('update');
    return row;
  }

  async insertMany(values: NewEntry[]): Promise<EntryRow[]> {
    const rows: EntryRow[] = [];
    // In slices, so a thousand lines stay well under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < values.length; i += 250) {
      rows.push(...(await this.s.insertInto(entries, values.slice(i, i + 250)).returning()));
    }
    return rows;
  }

  async update(id: string, values: Partial<NewEntry>): Promise<EntryRow> {
    const [row] = await this.s
      .updateSet(entries, { ...values, updatedAt: new Date() })
      .where(eq(entries.id, id))
      .returning();
    return row!;
  }

  async remove(id: string) {
    await this.s.deleteFrom(entries).where(eq(entries.id, id));
  }

  // Receipts

  async attachmentsOf(entryId: string): Promise<AttachmentRow[]> {
    return this.s.selectFrom(attachments).where(eq(attachments.entryId, entryId));
  }

  async attachment(id: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.s.selectFrom(attachments).where(eq(attachments.id, id));
    return row;
  }

  async addAttachment(values: Omit<typeof attachments.$inferInsert, 'ownerId' | 'id' | 'createdAt'>): Promise<AttachmentRow> {
    const [row] = await this.s.insertInto(attachments, values).returning();
    return row!;
  }

  async removeAttachment(id: string) {
    await this.s.deleteFrom(attachments).where(eq(attachments.id, id));
  }
}

/** What a list's statement depends on: which filters it has, and its order. Everything else is a parameter. */
const FILTERS = ['type', 'from', 'to', 'categoryId', 'subcategoryId', 'workerId', 'providerId', 'productId', 'contactId', 'paymentMethod', 'search'] as const;
/**
 * Whether a search's words narrow by trigrams: pg_trgm takes them from runs of letters and digits. A term
 * without three in a row ("e", "12") matches by trigrams every line the owner has, so it is found as
 * before, in one pass over the owner's lines (ADR 015: a second pass for the names cost it 60 % more).
 */
const byTrigrams = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);
/** The filters whose lines' count and sum `entry_month_sums` holds (ADR 016). */
const KEPT_FILTERS: readonly string[] = ['type', 'from', 'to', 'categoryId', 'subcategoryId', 'paymentMethod'];
/**
 * Whether a list's count and sum can be read from the kept sums: no search, only filters they hold, and
 * whole months (from a month's first day, to a month's last). Any other list counts its lines.
 */
export const totalsKept = (q: EntryQuery) =>
  !q.search &&
  FILTERS.every((f) => q[f] === undefined || q[f] === '' || KEPT_FILTERS.includes(f)) &&
  (!q.from || q.from.slice(8, 10) === '01') &&
  (!q.to || Number(q.to.slice(8, 10)) === lastDayOf(Number(q.to.slice(0, 4)), Number(q.to.slice(5, 7))));
const shapeOf = (q: EntryQuery) =>
  `${FILTERS.filter((f) => q[f] !== undefined && q[f] !== '').join(',')}|${q.sort}|${q.order}${q.search && byTrigrams(q.search) ? '|trigrams' : ''}${totalsKept(q) ? '|kept' : ''}`;
const statements = new Map<string, OwnedStatement<Record<string, unknown>>>();

/**
 * A page of one owner's ledger as the wire shows it (`EntryList`), in one statement built once per
 * shape of filters and order and prepared (issue 31): the page with its names and receipts, the
 * filter's count and sum, and the envelope, made into JSON by the database. The figures are those of
 * the Drizzle queries this replaced (test/entries-list.test.ts compares them on every shape it tries).
 */
export async function entryListJson(db: Db, ownerId: string, language: Language, q: EntryQuery): Promise<string> {
  const { statement, values } = listStatementFor(q, language);
  return statement.text1(db, ownerId, values);
}

/** The prepared statement of a list's shape, and the values its run binds besides the owner (the bench explains it). */
export function listStatementFor(q: EntryQuery, language: Language) {
  const shape = shapeOf(q);
  let statement = statements.get(shape);
  if (!statement) statements.set(shape, (statement = listStatement(q)));
  const values = {
    lang: language,
    type: q.type,
    from: q.from,
    to: q.to,
    categoryId: q.categoryId,
    subcategoryId: q.subcategoryId,
    workerId: q.workerId,
    providerId: q.providerId,
    productId: q.productId,
    contactId: q.contactId,
    paymentMethod: q.paymentMethod,
    term: q.search ? `%${escapeLike(q.search)}%` : undefined,
    page: q.page,
    size: q.size,
    offset: (q.page - 1) * q.size,
  };
  return { statement, values };
}

/** An ISO instant as JavaScript's `toISOString` writes it (UTC, milliseconds). */
const isoInstant = (column: SQL | AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function listStatement(q: EntryQuery) {
  return new OwnedStatement<Record<string, unknown>>((s) => {
    const p = (name: string) => sql.placeholder(name);
    const lang = sql`${p('lang')}::text`;
    const categoryName = sql`coalesce(${categories.names} ->> ${lang}, ${categories.name})`;
    const subcategoryName = sql`coalesce(${subcategories.names} ->> ${lang}, ${subcategories.name})`;
    const conditions: SQL[] = [];
    if (q.type) conditions.push(sql`${entries.type} = ${p('type')}`);
    if (q.from) conditions.push(sql`${entries.date} >= ${p('from')}::date`);
    if (q.to) conditions.push(sql`${entries.date} <= ${p('to')}::date`);
    for (const [key, column] of [
      ['categoryId', entries.categoryId],
      ['subcategoryId', entries.subcategoryId],
      ['workerId', entries.workerId],
      ['providerId', entries.providerId],
      ['productId', entries.productId],
      ['contactId', entries.contactId],
    ] as const) {
      if (q[key]) conditions.push(sql`${column} = ${p(key)}::uuid`);
    }
    if (q.paymentMethod) conditions.push(sql`${entries.paymentMethod} = ${p('paymentMethod')}`);
    // The filters' conditions, and a search's own for each of its two parts (below).
    const whereWith = (more: SQL[]) => {
      const all = [...conditions, ...more];
      return all.length ? sql`where ${sql.join(all, sql` and `)}` : sql``;
    };
    // Sorting by category sorts by the name the reader sees; the page's other names are joined after it.
    const names = sql`join ${categories} on ${categories.id} = ${entries.categoryId}`;
    const key = {
      date: sql`${entries.date}`,
      amount: sql`${entries.amount}`,
      category: sql`lower(${categoryName})`,
      createdAt: sql`${entries.createdAt}`,
      paymentMethod: sql`${entries.paymentMethod}`,
    }[q.sort];
    const byCategory = q.sort === 'category';
    const dir = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
    const order = sql`f.k ${dir}, f.created_at ${dir}, f.id asc`;
    const pageOrder = sql`pg.k ${dir}, pg.created_at ${dir}, pg.id asc`;
    const from = (more: SQL[]) => s.sql`select "entries".*, ${key} as k from ${entries} ${byCategory ? names : sql``} ${whereWith(more)}`;
    let found = from([]);
    if (q.search) {
      // A search, case-insensitive contains as `ilike` has it (accents count), over the description, the
      // reference and the names (category in the reader's language, subcategory, worker, provider, product,
      // contact; each name table's few matches an init plan).
      const term = sql`${p('term')}::text`;
      const words = sql`(${entries.description} ilike ${term} or ${entries.reference} ilike ${term})`;
      const named = (column: AnyColumn, id: AnyColumn, table: unknown, name: SQL | AnyColumn) => ({
        line: s.sql`${column} = any(array(select ${id} from ${table} where ${name} ilike ${term}))`,
        any: s.sql`exists (select from ${table} where ${name} ilike ${term})`,
      });
      const byName = [
        named(entries.categoryId, categories.id, categories, categoryName),
        named(entries.subcategoryId, subcategories.id, subcategories, subcategoryName),
        named(entries.workerId, workers.id, workers, workers.name),
        named(entries.providerId, providers.id, providers, providers.name),
        named(entries.productId, products.id, products, products.name),
        named(entries.contactId, contacts.id, contacts, contacts.name),
      ];
      const anyName = sql`(${sql.join(
        byName.map((n) => n.line),
        sql` or `,
      )})`;
      // With trigrams (ADR 015), two parts that never share a row: the lines whose words match, read from
      // the owner's trigram indexes (owner and words in one GIN index, btree_gin, which a generic plan made
      // for an owner of a few dozen lines reads too); and the other lines whose names match, read only
      // when a name matched (the `exists` are a one-time filter on init plans), so a search that names
      // nothing reads the owner's lines once, from those indexes. Without, one pass over the owner's lines.
      found = byTrigrams(q.search)
        ? sql`${from([words])}
            union all
            ${from([
              sql`(${sql.join(
                byName.map((n) => n.any),
                sql` or `,
              )})`,
              sql`not coalesce(${words}, false)`,
              anyName,
            ])}`
        : from([sql`(${words} or ${anyName})`]);
    }
    // Whole months under the kept filters: the count and sum from the month's kept rows (ADR 016), a few
    // rows read by key instead of every line of the months (a year's income: 6,667 lines, 2 ms of 3.4).
    const m = entryMonthSums;
    const kept = [sql`${m.n} > 0`];
    if (q.type) kept.push(sql`${m.type} = ${p('type')}`);
    if (q.from) kept.push(sql`${m.month} >= ${p('from')}::date`);
    if (q.to) kept.push(sql`${m.month} <= ${p('to')}::date`);
    if (q.categoryId) kept.push(sql`${m.categoryId} = ${p('categoryId')}::uuid`);
    if (q.subcategoryId) kept.push(sql`${m.subcategoryId} = ${p('subcategoryId')}::uuid`);
    if (q.paymentMethod) kept.push(sql`${m.paymentMethod} = ${p('paymentMethod')}`);
    const totals = totalsKept(q)
      ? s.sql`select coalesce(sum(${m.n}), 0) as n, coalesce(sum(${m.amount}), 0)::bigint as amount from ${m} where ${sql.join(kept, sql` and `)}`
      : sql`select count(*) as n, coalesce(sum(f.amount), 0)::bigint as amount from f`;
    // A plain filter's page is found from the index alone (its key, creation time and id), then only its
    // rows are read: a deep page (the year by amount, page 20) skips 950 lines without reading them
    // (an index-only scan on PostgreSQL, 2.1 → 1.4 ms per call). A search's rows are already in hand.
    const page = q.search
      ? sql`select * from f order by ${order} limit ${p('size')} offset ${p('offset')}`
      : s.sql`select e.*, o.k from (select f.id, f.k, f.created_at from f order by ${order} limit ${p('size')} offset ${p('offset')}) o join ${entries} e on e.id = o.id`;
    // A search's few rows are found once for the page and the totals; a plain filter's are read twice
    // (the page from an index in order, the totals from the same index), which is cheaper than keeping them.
    return s.sql`with f as ${sql.raw(q.search ? 'materialized' : 'not materialized')} (
        ${found}
      ),
      pg as (${page}),
      t as (${totals})
      select row_to_json(r)::text as answer from (select
        coalesce((
          select '[' || string_agg(row_to_json(x)::text, ',' order by ${pageOrder}) || ']'
          from pg
          join ${categories} on ${categories.id} = pg.category_id
          left join ${subcategories} on ${subcategories.id} = pg.subcategory_id
          left join ${workers} on ${workers.id} = pg.worker_id
          left join ${providers} on ${providers.id} = pg.provider_id
          left join ${products} on ${products.id} = pg.product_id
          left join ${contacts} on ${contacts.id} = pg.contact_id
          left join ${vehicles} on ${vehicles.id} = pg.vehicle_id
          cross join lateral (select pg.id, pg.type, pg.date, pg.amount, pg.category_id as "categoryId", ${categoryName} as "categoryName",
            pg.subcategory_id as "subcategoryId", ${subcategoryName} as "subcategoryName", pg.payment_method as "paymentMethod",
            pg.reference, pg.description, pg.worker_id as "workerId", ${workers.name} as "workerName",
            pg.provider_id as "providerId", ${providers.name} as "providerName", pg.product_id as "productId", ${products.name} as "productName",
            pg.contact_id as "contactId", ${contacts.name} as "contactName", pg.vehicle_id as "vehicleId", ${vehicles.name} as "vehicleName",
            (pg.quantity::numeric / 1000)::float8 as quantity, pg.unit_cost as "unitCost", pg.hours::float8 as hours,
            pg.inventory_product_id as "inventoryProductId", pg.recurring_id as "recurringId",
            coalesce((
              select '[' || string_agg(row_to_json(a)::text, ',' order by a."createdAt", a.id) || ']'
              from (select ${attachments.id}, ${attachments.entryId} as "entryId", ${attachments.fileName} as "fileName", ${attachments.mime}, ${attachments.size},
                ${isoInstant(attachments.createdAt)} as "createdAt" from ${attachments} where ${attachments.entryId} = pg.id) a
            ), '[]')::json as attachments,
            ${isoInstant(sql`pg.created_at`)} as "createdAt", ${isoInstant(sql`pg.updated_at`)} as "updatedAt") x
        ), '[]')::json as items,
        (select row_to_json(v) from (select ${p('page')}::int as page, ${p('size')}::int as size, t.n as total,
          greatest(1, (t.n + ${p('size')}::int - 1) / ${p('size')}::int) as "lastPage") v) as pagination,
        (select row_to_json(v) from (select t.amount, t.n as count) v) as totals
      from t) r`;
  });
}
