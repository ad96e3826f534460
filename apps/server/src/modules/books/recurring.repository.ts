import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Language, RecurringQuery } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { categories, recurringOccurrences, recurringTemplates } from '../../db/schema/index.js';
import { escapeLike, shownName } from '../../db/sql.js';

export type RecurringRow = typeof recurringTemplates.$inferSelect;
export type NewRecurring = Omit<typeof recurringTemplates.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;
export type OccurrenceRow = typeof recurringOccurrences.$inferSelect;
export type ListedRecurring = { row: RecurringRow; categoryName: string | null };

const amountOf = sql<number | null>`(${recurringTemplates.template} ->> 'amount')::bigint`;

/** One owner's recurring templates and their occurrences; a deleted template is only marked, and reads as absent. */
export class RecurringRepository {
  private readonly s: OwnerScope;

  constructor(
    db: DbOrTx,
    ownerId: string,
    private readonly language: Language = 'en',
  ) {
    this.s = ownedBy(db, ownerId);
  }

  private live(id?: string) {
    const alive = isNull(recurringTemplates.deletedAt);
    return id ? and(alive, eq(recurringTemplates.id, id)) : alive;
  }

  private listed() {
    return this.s
      .selectFields(recurringTemplates, { row: recurringTemplates, categoryName: shownName(categories, this.language) })
      .leftJoin(categories, sql`${categories.id}::text = ${recurringTemplates.template} ->> 'categoryId'`);
  }

  async list(q: RecurringQuery): Promise<{ items: ListedRecurring[]; total: number }> {
    const where = and(
      this.live(),
      q.mode ? eq(recurringTemplates.mode, q.mode) : undefined,
      q.dueBy ? and(isNotNull(recurringTemplates.nextDate), lte(recurringTemplates.nextDate, q.dueBy), eq(recurringTemplates.paused, false)) : undefined,
      q.search
        ? or(
            ilike(sql`coalesce(${recurringTemplates.template} ->> 'description', '')`, `%${escapeLike(q.search)}%`),
            ilike(shownName(categories, this.language), `%${escapeLike(q.search)}%`),
          )
        : undefined,
    );
    const dir = q.order === 'desc' ? desc : asc;
    const sortBy = { nextDate: recurringTemplates.nextDate, amount: amountOf, createdAt: recurringTemplates.createdAt }[q.sort];
    // Ended schedules (no next date) last, whichever the order.
    const items = await this.listed()
      .where(where)
      .orderBy(sql`${recurringTemplates.nextDate} is null`, dir(sortBy), asc(recurringTemplates.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [count] = await this.s
      .selectFields(recurringTemplates, { n: sql<number>`count(*)::int` })
      .leftJoin(categories, sql`${categories.id}::text = ${recurringTemplates.template} ->> 'categoryId'`)
      .where(where);
    return { items, total: count?.n ?? 0 };
  }

  async get(id: string): Promise<ListedRecurring | undefined> {
    return (await this.listed().where(this.live(id)))[0];
  }

  async lock(id: string): Promise<RecurringRow | undefined> {
    return (await this.s.selectFrom(recurringTemplates).where(this.live(id)).for('update'))[0];
  }

  /** The row locked for this transaction, or undefined if another transaction holds it (SKIP LOCKED). */
  async lockIfFree(id: string): Promise<RecurringRow | undefined> {
    return (await this.s.selectFrom(recurringTemplates).where(this.live(id)).for('update', { skipLocked: true }))[0];
  }

  /** How many occurrences each template has had. */
  async madeCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.s
      .selectFields(recurringOccurrences, { id: recurringOccurrences.recurringId, n: sql<number>`count(*)::int` })
      .where(inArray(recurringOccurrences.recurringId, ids))
      .groupBy(recurringOccurrences.recurringId);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  async insert(values: NewRecurring): Promise<RecurringRow> {
    const [row] = await this.s.insertInto(recurringTemplates, values).returning();
    return row!;
  }

  async update(id: string, values: Partial<NewRecurring>): Promise<RecurringRow> {
    const [row] = await this.s
      .updateSet(recurringTemplates, { ...values, updatedAt: new Date() })
      .where(this.live(id))
      .returning();
    return row!;
  }

  /** Claims one due date of a template; false when it was claimed already (by this process or another, now or before a restart). */
  async claim(recurringId: string, date: string, status: OccurrenceRow['status'], entryId: string | null = null): Promise<OccurrenceRow | undefined> {
    const [row] = await this.s.insertInto(recurringOccurrences, { recurringId, date, status, entryId }).onConflictDoNothing().returning();
    return row;
  }

  async occurrence(recurringId: string, date: string): Promise<OccurrenceRow | undefined> {
    return (
      await this.s
        .selectFrom(recurringOccurrences)
        .where(and(eq(recurringOccurrences.recurringId, recurringId), eq(recurringOccurrences.date, date)))
        .for('update')
    )[0];
  }

  async setOccurrence(id: string, values: Pick<OccurrenceRow, 'status' | 'entryId'>) {
    await this.s.updateSet(recurringOccurrences, values).where(eq(recurringOccurrences.id, id));
  }
}
