import { randomUUID } from 'node:crypto';
import type { SearchResult, Task, TaskChanges, TaskTag, TaskType } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { taskTags } from '../../db/schema/index.js';
import { badReference, notFound } from '../../lib/errors.js';
import type { Authenticated } from '../auth/index.js';
import { PlanningRepository, type TaskRow, type TaskSet } from './planning.repository.js';

/** The most tasks one search answers. */
const SEARCH_CAP = 200;

export function toTask(r: TaskRow): Task {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    notes: r.notes,
    completed: r.completed,
    dueDate: r.dueDate ? r.dueDate.toISOString() : null,
    priority: r.priority as Task['priority'],
    tags: r.tags,
    assignedTo: r.assignedTo,
    subTasks: r.subTasks,
    order: r.order,
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The title as HTML with each match of the query (any case) in `<mark>`: the title's own text is
 * escaped piece by piece, so a title holding markup reads as text and only the marks are tags.
 */
export function markTitle(title: string, query: string): string {
  const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  let out = '';
  let last = 0;
  for (const m of title.matchAll(re)) {
    out += `${escapeHtml(title.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(title.slice(last));
}

/** Tasks (spec 001 §7 "Tasks"): one owner's ordered tasks and sections, their tags, and due dates that notify. */
export class TasksService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // Tags

  async tags(auth: Authenticated): Promise<TaskTag[]> {
    return new PlanningRepository(this.db, auth.user.id).labels(taskTags);
  }

  async createTag(auth: Authenticated, title: string): Promise<TaskTag> {
    return new PlanningRepository(this.db, auth.user.id).insertLabel(taskTags, title);
  }

  async updateTag(auth: Authenticated, id: string, title: string): Promise<TaskTag> {
    const tag = await new PlanningRepository(this.db, auth.user.id).updateLabel(taskTags, id, title);
    if (!tag) throw notFound('Tag');
    return tag;
  }

  /** Deletes the tag and takes it off every task, together. */
  async removeTag(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      if (!(await repo.removeLabel(taskTags, id))) throw notFound('Tag');
      await repo.untagTasks(id);
      return true as const;
    });
  }

  // Tasks

  async all(auth: Authenticated): Promise<Task[]> {
    return (await new PlanningRepository(this.db, auth.user.id).tasks()).map(toTask);
  }

  /** Tasks whose title or notes contain the query (any case), titles marked; null for an empty query (spec 001 §5). */
  async search(auth: Authenticated, query: string): Promise<Task[] | null> {
    const q = query.trim();
    if (!q) return null;
    const rows = await new PlanningRepository(this.db, auth.user.id).searchTasks(q, SEARCH_CAP);
    return rows.map((r) => ({ ...toTask(r), title: markTitle(r.title, q) }));
  }

  async get(auth: Authenticated, id: string): Promise<Task> {
    const row = await new PlanningRepository(this.db, auth.user.id).task(id);
    if (!row) throw notFound('Task');
    return toTask(row);
  }

  /** An empty task or section with priority 1, put first; the others move down one, numbered from 0 again. */
  async create(auth: Authenticated, type: TaskType): Promise<Task> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      await repo.lockOrder();
      const others = await repo.orderedIds();
      const row = await repo.insertTask({ type, priority: 1, order: 0 });
      await repo.setOrder([row.id, ...others]);
      return toTask({ ...row, order: 0 });
    });
  }

  /** Numbers the tasks in the order given; tasks left out follow in their present order. One transaction. */
  async reorder(auth: Authenticated, ids: string[]): Promise<Task[]> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      await repo.lockOrder();
      const present = await repo.orderedIds();
      const known = new Set(present);
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (!known.has(id)) throw badReference(`tasks.${i}.id`, 'No such task');
        if (seen.has(id)) throw badReference(`tasks.${i}.id`, 'The task is named twice');
        seen.add(id);
      });
      await repo.setOrder([...ids, ...present.filter((id) => !seen.has(id))]);
      return (await repo.tasks()).map(toTask);
    });
  }

  /** Merges the changes into the task: tags must be the owner's, the assignee one of the owner's contacts. */
  async update(auth: Authenticated, id: string, changes: TaskChanges): Promise<Task> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      const before = await repo.task(id, true);
      if (!before) throw notFound('Task');
      const set: TaskSet = {};
      if (changes.title !== undefined) set.title = changes.title;
      if (changes.notes !== undefined) set.notes = changes.notes;
      if (changes.completed !== undefined) {
        set.completed = changes.completed;
        // The project dashboard counts closings and reopenings by week from these two times.
        if (changes.completed && !before.completed) set.completedAt = this.clock();
        if (!changes.completed && before.completed) Object.assign(set, { completedAt: null, reopenedAt: this.clock() });
      }
      if (changes.priority !== undefined) set.priority = changes.priority;
      if (changes.dueDate !== undefined)
        set.dueDate = changes.dueDate === null ? null : new Date(changes.dueDate.length === 10 ? `${changes.dueDate}T00:00:00Z` : changes.dueDate);
      if (changes.tags !== undefined) {
        const wanted = [...new Set(changes.tags)];
        const known = await repo.labelIds(taskTags, wanted);
        const missing = changes.tags.findIndex((t) => !known.has(t));
        if (missing >= 0) throw badReference(`task.tags.${missing}`, 'No such tag');
        set.tags = wanted;
      }
      if (changes.assignedTo !== undefined) {
        if (changes.assignedTo !== null && !(await repo.contactExists(changes.assignedTo))) throw badReference('task.assignedTo', 'No such contact');
        set.assignedTo = changes.assignedTo;
      }
      if (changes.subTasks !== undefined) {
        set.subTasks = changes.subTasks.map((s) => ({ id: s.id ?? randomUUID(), title: s.title, completed: s.completed ?? false }));
        if (new Set(set.subTasks.map((s) => s.id)).size !== set.subTasks.length) throw badReference('task.subTasks', 'Two subtasks have the same id');
      }
      const row = (await repo.updateTask(id, set))!;
      if (changes.dueDate !== undefined) {
        const due = row.dueDate && row.dueDate.getTime() > this.clock().getTime() ? row.dueDate : null;
        await repo.schedule('task', id, due);
      }
      return toTask(row);
    });
  }

  /** Deletes the task; the rest are numbered from 0 again. */
  async remove(auth: Authenticated, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = new PlanningRepository(tx, auth.user.id);
      await repo.lockOrder();
      if (!(await repo.removeTask(id))) throw notFound('Task');
      await repo.schedule('task', id, null);
      await repo.setOrder(await repo.orderedIds());
      return true as const;
    });
  }
}

/** The search box's tasks group: the owner's tasks whose title or notes match (links as the spec's: /apps/tasks/{id}). */
export async function searchTasks(db: Db, ownerId: string, pattern: string, cap: number): Promise<SearchResult[]> {
  const rows = await new PlanningRepository(db, ownerId).findTasks(pattern, cap);
  return rows.map((r) => ({
    link: `/apps/tasks/${r.id}`,
    title: r.title,
    completed: r.completed,
    ...(r.dueDate ? { subtitle: r.dueDate.toISOString().slice(0, 10) } : {}),
  }));
}
