import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { attachments, entries, fileItems } from '../../db/schema/index.js';

export type FileRow = typeof fileItems.$inferSelect;
export interface ReceiptRow {
  id: string;
  fileName: string;
  mime: string;
  size: number;
  storageKey: string;
  createdAt: Date;
  entryId: string;
  entryType: 'income' | 'expense' | 'purchase' | 'worker_payment' | 'supplier_payment';
  date: string;
  description: string | null;
}

/** The file manager's SQL, every query through the owner's scope. */
export class FilesRepository {
  private readonly s: OwnerScope;
  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Every folder and file of the owner (the tree is small: a business's documents). */
  all(): Promise<FileRow[]> {
    return this.s.selectFrom(fileItems);
  }

  async one(id: string): Promise<FileRow | undefined> {
    const [row] = await this.s.selectFrom(fileItems).where(eq(fileItems.id, id));
    return row;
  }

  async insert(values: Omit<typeof fileItems.$inferInsert, 'ownerId'>): Promise<FileRow> {
    const [row] = await this.s.insertInto(fileItems, values).returning();
    return row as FileRow;
  }

  async update(id: string, set: Partial<Pick<FileRow, 'name' | 'description' | 'parentId'>>): Promise<FileRow | undefined> {
    const [row] = await this.s
      .updateSet(fileItems, { ...set, modifiedAt: new Date() })
      .where(eq(fileItems.id, id))
      .returning();
    return row;
  }

  /** Deletes the given items (the database deletes what is inside a folder with it). */
  async remove(ids: string[]): Promise<void> {
    if (ids.length) await this.s.deleteFrom(fileItems).where(inArray(fileItems.id, ids));
  }

  /** The books' receipts, each with its entry's type, date and description, oldest first. */
  receipts(filter: { year?: number; month?: number; id?: string } = {}): Promise<ReceiptRow[]> {
    const where = [sql`true`];
    if (filter.id) where.push(sql`a.id = ${filter.id}`);
    if (filter.year && filter.month) {
      const from = `${filter.year}-${String(filter.month).padStart(2, '0')}-01`;
      where.push(sql`e.date >= ${from}::date and e.date < (${from}::date + interval '1 month')`);
    } else if (filter.year) where.push(sql`e.date >= ${`${filter.year}-01-01`}::date and e.date < ${`${filter.year + 1}-01-01`}::date`);
    return queryRows<ReceiptRow>(
      this.db,
      this.s.sql`select a.id, a.file_name as "fileName", a.mime, a.size, a.storage_key as "storageKey", a.created_at as "createdAt",
        e.id as "entryId", e.type as "entryType", to_char(e.date, 'YYYY-MM-DD') as date, e.description
        from ${attachments} a join ${entries} e on e.id = a.entry_id
        where ${sql.join(where, sql` and `)} order by e.date, a.created_at, a.id`,
    );
  }

  /** The months that have receipts, as `YYYY-MM`, with how many receipts and bytes each. */
  receiptMonths(): Promise<{ month: string; count: number; size: number; first: Date; last: Date }[]> {
    return queryRows<{ month: string; count: number; size: number; first: Date; last: Date }>(
      this.db,
      this.s.sql`select to_char(e.date, 'YYYY-MM') as month, count(*)::int as count, coalesce(sum(a.size), 0)::int as size,
        min(a.created_at) as first, max(a.created_at) as last
        from ${attachments} a join ${entries} e on e.id = a.entry_id group by 1 order by 1`,
    );
  }
}
