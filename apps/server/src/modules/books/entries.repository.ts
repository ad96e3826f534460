import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EntryQuery, Language } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { attachments, categories, contacts, entries, products, providers, subcategories, workers } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';

export type EntryRow = typeof entries.$inferSelect;
export type NewEntry = Omit<typeof entries.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type AttachmentRow = typeof attachments.$inferSelect;

/** Sorting by category sorts by the name the reader sees. */
const sorts = (language: Language) =>
  ({
    date: entries.date,
    amount: entries.amount,
    category: sql`lower(${shownName(categories, language)})`,
    createdAt: entries.createdAt,
    paymentMethod: entries.paymentMethod,
  }) as const;

/** An entry with the names of what it refers to, as lists show it (its receipts are read after, for the page only). */
const detailed = (language: Language) => ({
  entry: entries,
  categoryName: shownName(categories, language),
  subcategoryName: shownName(subcategories, language),
  workerName: workers.name,
  providerName: providers.name,
  productName: products.name,
  contactName: contacts.name,
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
      .leftJoin(...this.s.join(contacts, eq(contacts.id, entries.contactId)));
  }

  private filters(q: Partial<EntryQuery>): SQL | undefined {
    const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
    return and(
      q.type ? eq(entries.type, q.type) : undefined,
      q.from ? gte(entries.date, q.from) : undefined,
      q.to ? lte(entries.date, q.to) : undefined,
      q.categoryId ? eq(entries.categoryId, q.categoryId) : undefined,
      q.subcategoryId ? eq(entries.subcategoryId, q.subcategoryId) : undefined,
      q.workerId ? eq(entries.workerId, q.workerId) : undefined,
      q.providerId ? eq(entries.providerId, q.providerId) : undefined,
      q.productId ? eq(entries.productId, q.productId) : undefined,
      q.contactId ? eq(entries.contactId, q.contactId) : undefined,
      q.paymentMethod ? eq(entries.paymentMethod, q.paymentMethod) : undefined,
      term
        ? or(
            ilike(entries.description, term),
            ilike(entries.reference, term),
            ilike(shownName(categories, this.language), term),
            ilike(shownName(subcategories, this.language), term),
            ilike(workers.name, term),
            ilike(providers.name, term),
            ilike(products.name, term),
            ilike(contacts.name, term),
          )
        : undefined,
    );
  }

  async list(q: EntryQuery): Promise<{ items: DetailedEntry[]; total: number; amount: number }> {
    const where = this.filters(q);
    const dir = q.order === 'desc' ? desc : asc;
    // The totals need the names only when the search looks at them.
    const totalsFrom = q.search
      ? this.s
          .selectFields(entries, { n: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${entries.amount}), 0)` })
          .innerJoin(categories, eq(categories.id, entries.categoryId))
          .leftJoin(...this.s.join(subcategories, eq(subcategories.id, entries.subcategoryId)))
          .leftJoin(...this.s.join(workers, eq(workers.id, entries.workerId)))
          .leftJoin(...this.s.join(providers, eq(providers.id, entries.providerId)))
          .leftJoin(...this.s.join(products, eq(products.id, entries.productId)))
          .leftJoin(...this.s.join(contacts, eq(contacts.id, entries.contactId)))
          .where(where)
      : this.s.selectFields(entries, { n: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${entries.amount}), 0)` }).where(where);
    const [rows, [totals]] = await Promise.all([
      this.withNames()
        .where(where)
        .orderBy(dir(sorts(this.language)[q.sort]), dir(entries.createdAt), asc(entries.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      totalsFrom,
    ]);
    return { items: await this.withReceipts(rows), total: totals?.n ?? 0, amount: totals?.amount ?? 0 };
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
