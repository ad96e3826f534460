import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Language } from '@cuadre/contracts';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnedInsert, type OwnerScope } from '../../db/owned.js';
import { contacts, contactTags, entries, tasks } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactTagRow = typeof contactTags.$inferSelect;
export type ContactSet = Partial<Omit<OwnedInsert<typeof contacts>, 'id' | 'createdAt'>>;

/** One owner's contacts and contact tags: every query through the owner's scope. */
export class ContactsRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  all() {
    return this.s.selectFrom(contacts);
  }

  /** Contacts whose name contains the text, case-insensitively (the caller sorts). */
  search(text: string) {
    return this.s.selectFrom(contacts).where(ilike(contacts.name, `%${escapeLike(text)}%`));
  }

  async get(id: string): Promise<ContactRow | undefined> {
    const [row] = await this.s.selectFrom(contacts).where(eq(contacts.id, id));
    return row;
  }

  async lock(id: string): Promise<ContactRow | undefined> {
    const [row] = await this.s.selectFrom(contacts).where(eq(contacts.id, id)).for('update');
    return row;
  }

  async insert(values: OwnedInsert<typeof contacts>): Promise<ContactRow> {
    const [row] = await this.s.insertInto(contacts, values).returning();
    return row as ContactRow;
  }

  async update(id: string, set: ContactSet): Promise<ContactRow | undefined> {
    const [row] = await this.s
      .updateSet(contacts, { ...set, updatedAt: new Date() })
      .where(eq(contacts.id, id))
      .returning();
    return row;
  }

  async remove(id: string): Promise<ContactRow | undefined> {
    const [row] = await this.s.deleteFrom(contacts).where(eq(contacts.id, id)).returning();
    return row;
  }

  /**
   * Takes the contact off every task assigned to it. `tasks.assigned_to` has no foreign key (an
   * income entry's `contact_id` has one, set to null by the database), so this is the one other
   * place a contact is named.
   */
  async unassignTasks(id: string) {
    await this.s.updateSet(tasks, { assignedTo: null, updatedAt: new Date() }).where(eq(tasks.assignedTo, id));
  }

  // Tags

  tags() {
    return this.s.selectFrom(contactTags).orderBy(asc(contactTags.createdAt), asc(contactTags.id));
  }

  async tagIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.s.selectFields(contactTags, { id: contactTags.id }).where(inArray(contactTags.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async insertTag(title: string): Promise<ContactTagRow> {
    const [row] = await this.s.insertInto(contactTags, { title }).returning();
    return row as ContactTagRow;
  }

  async updateTag(id: string, title: string): Promise<ContactTagRow | undefined> {
    const [row] = await this.s.updateSet(contactTags, { title }).where(eq(contactTags.id, id)).returning();
    return row;
  }

  async removeTag(id: string): Promise<boolean> {
    const removed = await this.s.deleteFrom(contactTags).where(eq(contactTags.id, id)).returning({ id: contactTags.id });
    return removed.length > 0;
  }

  /** Takes the tag out of every one of the owner's cards that carries it. */
  async untagAll(id: string) {
    await this.s.updateSet(contacts, { tags: sql`${contacts.tags} - ${id}::text` }).where(sql`${contacts.tags} ? ${id}::text`);
  }

  // What a contact bought

  /** Their income entries, newest first (at most `cap`), with the chart's names in `language`. */
  purchases(id: string, language: Language, cap: number) {
    return queryRows<{ id: string; date: string; amount: string; description: string | null; category: string }>(
      this.db,
      this.s.sql`SELECT e.id, to_char(e.date, 'YYYY-MM-DD') AS date, e.amount::text AS amount, e.description,
                 coalesce(c.names ->> ${language}::text, c.name) AS category
          FROM ${entries} e JOIN categories c ON c.id = e.category_id
          WHERE e.contact_id = ${id} AND e.type = 'income'
          ORDER BY e.date DESC, e.created_at DESC LIMIT ${cap}`,
    );
  }

  /** How many income entries, their total in the year (cents, summed in SQL) and the last date. */
  async purchaseTotals(id: string, year: number) {
    const [row] = await queryRows<{ n: string; year_total: string; last_date: string | null }>(
      this.db,
      this.s.sql`SELECT count(*)::text AS n,
                 coalesce(sum(e.amount) FILTER (WHERE e.date >= ${`${year}-01-01`}::date AND e.date <= ${`${year}-12-31`}::date), 0)::text AS year_total,
                 to_char(max(e.date), 'YYYY-MM-DD') AS last_date
          FROM ${entries} e WHERE e.contact_id = ${id} AND e.type = 'income'`,
    );
    return { count: Number(row!.n), yearTotal: Number(row!.year_total), lastDate: row!.last_date };
  }

  /** Contacts whose name contains the text, for the search box: the first `cap` by name. */
  find(pattern: string, cap: number) {
    return this.s
      .selectFields(contacts, { id: contacts.id, name: contacts.name, avatarKey: contacts.avatarKey, company: contacts.company, emails: contacts.emails })
      .where(and(sql`${contacts.name} ILIKE ${pattern} ESCAPE '\\'`))
      .orderBy(sql`lower(${contacts.name})`, desc(contacts.createdAt))
      .limit(cap);
  }
}
