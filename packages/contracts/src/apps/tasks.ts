import { z } from 'zod/mini';
import { readOnly, text, ZUuid } from '../common/text.js';

/**
 * Tasks (spec 001 §3 "Tasks", §7 "Tasks", §9): the owner's tasks and sections in one ordered list,
 * with tags, priorities (0 low, 1 normal, 2 high), due dates that become notifications, and subtasks.
 */

export const TASK_TYPES = ['task', 'section'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_PRIORITIES = [0, 1, 2] as const;
export const TASK_NOTES_MAX = 20_000;
export const TASK_TAGS_MAX = 20;
export const SUBTASKS_MAX = 100;
/** The most tasks one reorder may name. */
export const TASK_ORDER_MAX = 5_000;

export const ZTaskTag = z.object({ id: z.string(), title: z.string() });
export type TaskTag = z.infer<typeof ZTaskTag>;
export const ZTaskTagList = z.array(ZTaskTag);

export const ZSubTask = z.object({ id: z.string(), title: z.string(), completed: z.boolean() });
export type SubTask = z.infer<typeof ZSubTask>;

/** A task or a section. `dueDate` is an ISO datetime or null; `tags` are tag ids; `assignedTo` a contact's id or null. */
export const ZTask = z.object({
  id: z.string(),
  type: z.enum(TASK_TYPES),
  title: z.string(),
  notes: z.string(),
  completed: z.boolean(),
  dueDate: z.nullable(z.string()),
  priority: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  tags: z.array(z.string()),
  assignedTo: z.nullable(z.string()),
  subTasks: z.array(ZSubTask),
  order: z.int(),
});
export type Task = z.infer<typeof ZTask>;
export const ZTaskList = z.array(ZTask);
/** The search's answer: the tasks found, their titles as HTML (escaped, matches in `<mark>`), or null for an empty query. */
export const ZTaskSearchResult = z.nullable(ZTaskList);

export const ZTaskIdQuery = z.strictObject({ id: ZUuid });
export const ZTaskSearchQuery = z.object({ query: z._default(text(120, z.trim()), '') });

const tagTitle = text(60, z.trim(), z.minLength(1, 'The title is required'));
export const ZTaskTagBody = z.strictObject({ tag: z.strictObject({ title: tagTitle }) });
export type TaskTagBody = z.input<typeof ZTaskTagBody>;
export const ZTaskTagPatchBody = z.strictObject({ id: ZUuid, tag: z.strictObject({ title: tagTitle }) });
export type TaskTagPatchBody = z.input<typeof ZTaskTagPatchBody>;

export const ZTaskCreateBody = z.strictObject({ type: z.enum(TASK_TYPES) });
export type TaskCreateBody = z.input<typeof ZTaskCreateBody>;

const ZDueDate = z.nullable(
  text(
    40,
    z.trim(),
    z.regex(/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/, 'Use a date'),
    z.refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date'),
  ),
);
export const ZSubTaskInput = z.strictObject({
  id: z.optional(ZUuid),
  title: text(300, z.trim(), z.minLength(1, 'Write the subtask')),
  completed: z._default(z.boolean(), false),
});
/**
 * What a PATCH may change: any field but the id, the type and the order (the order has its own
 * call). The task as GET answered it may be sent back whole: those three are read-only and ignored.
 */
export const ZTaskChanges = z.strictObject({
  id: readOnly(),
  type: readOnly(),
  order: readOnly(),
  title: z.optional(text(300, z.trim())),
  notes: z.optional(text(TASK_NOTES_MAX)),
  completed: z.optional(z.boolean()),
  dueDate: z.optional(ZDueDate),
  priority: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Priority is 0, 1 or 2' })),
  tags: z.optional(z.array(ZUuid).check(z.maxLength(TASK_TAGS_MAX, `At most ${TASK_TAGS_MAX} tags`))),
  assignedTo: z.optional(z.nullable(ZUuid)),
  subTasks: z.optional(z.array(ZSubTaskInput).check(z.maxLength(SUBTASKS_MAX, `At most ${SUBTASKS_MAX} subtasks`))),
});
export type TaskChanges = z.input<typeof ZTaskChanges>;
export const ZTaskPatchBody = z.strictObject({ id: ZUuid, task: ZTaskChanges });
export type TaskPatchBody = z.input<typeof ZTaskPatchBody>;

/** The new order (spec: body tasks): the tasks in the order wanted, by id; those left out follow in their order. */
export const ZTaskOrderBody = z.strictObject({
  tasks: z.array(z.object({ id: ZUuid })).check(z.minLength(1, 'Name the tasks'), z.maxLength(TASK_ORDER_MAX, `At most ${TASK_ORDER_MAX} tasks`)),
});
export type TaskOrderBody = z.input<typeof ZTaskOrderBody>;
