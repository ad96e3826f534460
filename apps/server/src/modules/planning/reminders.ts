import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { afterCommit, withTransaction, type Db } from '../../db/client.js';
import { unscoped } from '../../db/owned.js';
import { planningReminders, users } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events.js';
import { accountLanguage } from '../../lib/language.js';
import { PanelItemsRepository } from '../panels/index.js';
import { PlanningRepository } from './planning.repository.js';
import { PLANNING_TEXTS } from './texts.js';

/** How often the scheduler looks for reminders that fell due; a reminder arrives at most this late. */
export const REMINDER_POLL_MS = 30_000;
/** The most reminders one round turns into notifications (the next round takes the rest). */
const ROUND = 200;

/**
 * Turns notes' reminders and tasks' due dates into notifications at their time. The times are rows
 * of `planning_reminders` (made when a note or a task is saved), so they survive a restart; a round
 * claims the due rows with SKIP LOCKED, so two processes never both send one, and each notification
 * carries a key (kind, item, time) that the panels make once per user, ever. The area runs a round
 * every `REMINDER_POLL_MS` (the jobs' `runEvery`).
 */
export class Reminders {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  /** Sends every reminder due by `now`; answers how many notifications it made. */
  async fireDue(now = new Date()): Promise<number> {
    return withTransaction(this.db, async (tx) => {
      const due = await unscoped('the reminders of every owner fall due by the server clock', () =>
        tx
          .select({
            id: planningReminders.id,
            ownerId: planningReminders.ownerId,
            kind: planningReminders.kind,
            itemId: planningReminders.itemId,
            at: planningReminders.at,
            preferences: users.preferences,
          })
          .from(planningReminders)
          .innerJoin(users, eq(users.id, planningReminders.ownerId))
          .where(and(isNull(planningReminders.sentAt), lte(planningReminders.at, now)))
          .orderBy(asc(planningReminders.at))
          .limit(ROUND)
          .for('update', { of: planningReminders, skipLocked: true }),
      );
      let made = 0;
      const told = new Set<string>();
      for (const r of due) {
        const repo = new PlanningRepository(tx, r.ownerId);
        const t = PLANNING_TEXTS[accountLanguage(r)];
        const key = `${r.kind}:${r.itemId}:${r.at.toISOString()}`;
        let item: { title: string; description: string; icon: string; link: string } | undefined;
        if (r.kind === 'note') {
          const note = await repo.note(r.itemId);
          // Only while the note still asks for this time.
          if (note && note.reminder?.getTime() === r.at.getTime()) {
            item = { ...t.noteReminder(note.title || t.untitledNote), icon: 'heroicons_outline:bell', link: `/apps/notes?note=${note.id}` };
          }
        } else {
          const task = await repo.task(r.itemId);
          if (task && !task.completed && task.dueDate?.getTime() === r.at.getTime()) {
            item = { ...t.taskDue(task.title || t.untitledTask), icon: 'heroicons_outline:check-circle', link: `/apps/tasks/${task.id}` };
          }
        }
        if (item) {
          made += await new PanelItemsRepository(tx, r.ownerId, 'notification').addKeyed([{ ...item, key, useRouter: true }]);
          told.add(r.ownerId);
        }
        await repo.markSent(r.id, now);
      }
      if (told.size) afterCommit(tx, () => this.events.publish([...told]));
      return made;
    });
  }
}
