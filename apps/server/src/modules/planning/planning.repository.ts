import { and, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnedInsert, type OwnerScope } from '../../db/owned.js';
import { contacts, noteLabels, notes, planningReminders, taskTags, tasks } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';

export type NoteRow = typeof notes.$inferSelect;
export type NoteSet = Partial<Omit<OwnedInsert<typeof notes>, 'id' | 'createdAt'>>;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskSet = Partial<Omit<OwnedInsert<typeof tasks>, 'id' | 'createdAt' | 'order' | 'type'>>;
type LabelTable = typeof noteLabels | typeof taskTags;

/** One owner's notes, note labels, tasks, task tags and reminders: every query through the owner's scope. */
export class PlanningRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    private readonly ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  // Labels of notes and tags of tasks: the same small shape.

  labels(t: LabelTable) {
    return this.s.selectFields(t, { id: t.id, title: t.title }).orderBy(asc(t.createdAt), asc(t.id));
  }

  async labelIds(t: LabelTable, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.s.selectFields(t, { id: t.id }).where(inArray(t.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async insertLabel(t: LabelTable, title: string) {
    const [row] = await this.s.insertInto(t, { title }).returning({ id: t.id, title: t.title });
    return row!;
  }

  async updateLabel(t: LabelTable, id: string, title: string) {
    const [row] = await this.s.updateSet(t, { title }).where(eq(t.id, id)).returning({ id: t.id, title: t.title });
    return row;
  }

  async removeLabel(t: LabelTable, id: string): Promise<boolean> {
    return (await this.s.deleteFrom(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
  }

  /** Takes a deleted label out of every note that carried it. */
  async unlabelNotes(id: string) {
    await this.s.updateSet(notes, { labels: sql`${notes.labels} - ${id}::text` }).where(sql`${notes.labels} ? ${id}::text`);
  }

  /** Takes a deleted tag out of every task that carried it. */
  async untagTasks(id: string) {
    await this.s.updateSet(tasks, { tags: sql`${tasks.tags} - ${id}::text` }).where(sql`${tasks.tags} ? ${id}::text`);
  }

  // Notes

  notes() {
    return this.s.selectFrom(notes).orderBy(sql`${notes.updatedAt} desc`, asc(notes.id));
  }

  async note(id: string, lock = false): Promise<NoteRow | undefined> {
    const q = this.s.selectFrom(notes).where(eq(notes.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async insertNote(values: OwnedInsert<typeof notes>): Promise<NoteRow> {
    const [row] = await this.s.insertInto(notes, values).returning();
    return row!;
  }

  async updateNote(id: string, set: NoteSet): Promise<NoteRow | undefined> {
    const [row] = await this.s
      .updateSet(notes, { ...set, updatedAt: new Date() })
      .where(eq(notes.id, id))
      .returning();
    return row;
  }

  async removeNote(id: string): Promise<NoteRow | undefined> {
    const [row] = await this.s.deleteFrom(notes).where(eq(notes.id, id)).returning();
    return row;
  }

  // Tasks

  tasks() {
    return this.s.selectFrom(tasks).orderBy(asc(tasks.order), asc(tasks.createdAt), asc(tasks.id));
  }

  async task(id: string, lock = false): Promise<TaskRow | undefined> {
    const q = this.s.selectFrom(tasks).where(eq(tasks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  /** Tasks whose title or notes contain the text, any case, in their order (at most `cap`). */
  searchTasks(text: string, cap: number) {
    const pattern = `%${escapeLike(text)}%`;
    return this.s
      .selectFrom(tasks)
      .where(or(ilike(tasks.title, pattern), ilike(tasks.notes, pattern)))
      .orderBy(asc(tasks.order), asc(tasks.createdAt))
      .limit(cap);
  }

  /** For the shell's search box: tasks (not sections) whose title or notes match the pattern (already escaped). */
  findTasks(pattern: string, cap: number) {
    return this.s
      .selectFields(tasks, { id: tasks.id, title: tasks.title, dueDate: tasks.dueDate, completed: tasks.completed })
      .where(and(eq(tasks.type, 'task'), or(sql`${tasks.title} ILIKE ${pattern} ESCAPE '\\'`, sql`${tasks.notes} ILIKE ${pattern} ESCAPE '\\'`)))
      .orderBy(asc(tasks.order))
      .limit(cap);
  }

  /** Serialises the changes of one owner's order (a create, a reorder, a delete), so two cannot interleave. */
  async lockOrder() {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tasks-order:${this.ownerId}`}, 0))`);
  }

  /** The ids of all the owner's tasks in their present order. */
  async orderedIds(): Promise<string[]> {
    const rows = await this.s.selectFields(tasks, { id: tasks.id }).orderBy(asc(tasks.order), asc(tasks.createdAt), asc(tasks.id));
    return rows.map((r) => r.id);
  }

  /**
   * Numbers the tasks 0, 1, 2... in the order of `ids`, in one statement. The ids travel as one array
   * parameter (a 500-task list is one value, not 500), and rows already in their place are not rewritten.
   */
  async setOrder(ids: string[]) {
    if (!ids.length) return;
    const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
    const position = sql`array_position(${list}, ${tasks.id}) - 1`;
    await this.s.updateSet(tasks, { order: position }).where(and(sql`${tasks.id} = ANY(${list})`, sql`${tasks.order} IS DISTINCT FROM ${position}`));
  }

  async insertTask(values: OwnedInsert<typeof tasks>): Promise<TaskRow> {
    const [row] = await this.s.insertInto(tasks, values).returning();
    return row!;
  }

  async updateTask(id: string, set: TaskSet): Promise<TaskRow | undefined> {
    const [row] = await this.s
      .updateSet(tasks, { ...set, updatedAt: new Date() })
      .where(eq(tasks.id, id))
      .returning();
    return row;
  }

  async removeTask(id: string): Promise<TaskRow | undefined> {
    const [row] = await this.s.deleteFrom(tasks).where(eq(tasks.id, id)).returning();
    return row;
  }

  async contactExists(id: string): Promise<boolean> {
    return (await this.s.selectFields(contacts, { id: contacts.id }).where(eq(contacts.id, id))).length > 0;
  }

  // Reminders

  /**
   * The item falls due at `at` (or no more, with null): reminders not yet sent for another time go,
   * and one for this time is made unless it exists (sent or not), so a time notifies once.
   */
  async schedule(kind: 'note' | 'task', itemId: string, at: Date | null) {
    const unsent = and(eq(planningReminders.kind, kind), eq(planningReminders.itemId, itemId), isNull(planningReminders.sentAt));
    await this.s.deleteFrom(planningReminders).where(at ? and(unsent, ne(planningReminders.at, at)) : unsent);
    if (at) await this.s.insertInto(planningReminders, { kind, itemId, at }).onConflictDoNothing();
  }

  async markSent(id: string, when: Date) {
    await this.s.updateSet(planningReminders, { sentAt: when }).where(eq(planningReminders.id, id));
  }
}
