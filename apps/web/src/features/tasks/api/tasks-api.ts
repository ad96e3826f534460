import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ZOk, ZTask, ZTaskList, ZTaskSearchResult, ZTaskTag, ZTaskTagList, type Task, type TaskChanges, type TaskType } from '@cuadre/contracts';
import { api } from '@/lib/api';
import type { TagArea } from '@/components/tags-dialog';

/** Every query of the tasks lives under this key; a write refreshes them all. */
export const tasksKeys = {
  all: ['tasks'] as const,
  list: ['tasks', 'list'] as const,
  one: (id: string) => ['tasks', 'one', id] as const,
  search: (query: string) => ['tasks', 'search', query] as const,
  tags: ['tasks', 'tags'] as const,
};

export const tasksQuery = queryOptions({ queryKey: tasksKeys.list, queryFn: ({ signal }) => api('apps/tasks/all', { schema: ZTaskList, signal }) });
export const taskQuery = (id: string) =>
  queryOptions({ queryKey: tasksKeys.one(id), queryFn: ({ signal }) => api('apps/tasks/task', { query: { id }, schema: ZTask, signal }) });
/** The server's search: titles come back as HTML (escaped, the matches in <mark>); null for an empty query. */
export const taskSearchQuery = (query: string) =>
  queryOptions({
    queryKey: tasksKeys.search(query),
    queryFn: ({ signal }) => api('apps/tasks/search', { query: { query }, schema: ZTaskSearchResult, signal }),
    enabled: query.trim() !== '',
  });
export const taskTagsQuery = queryOptions({ queryKey: tasksKeys.tags, queryFn: ({ signal }) => api('apps/tasks/tags', { schema: ZTaskTagList, signal }) });

export const createTask = (type: TaskType) => api('apps/tasks/task', { method: 'POST', body: { type }, schema: ZTask });
/**
 * A new task or section saved with the owner's values: the API creates an empty one (as the spec says),
 * then is told its values; when that fails the empty one is taken away again, so no click leaves a task
 * the owner did not save.
 */
export async function createTaskWith(type: TaskType, changes: TaskChanges): Promise<Task> {
  const made = await createTask(type);
  try {
    return await updateTask(made.id, changes);
  } catch (err) {
    await deleteTask(made.id).catch(() => undefined);
    throw err;
  }
}
export const updateTask = (id: string, task: TaskChanges) => api('apps/tasks/task', { method: 'PATCH', body: { id, task }, schema: ZTask });
export const deleteTask = (id: string) => api('apps/tasks/task', { method: 'DELETE', query: { id }, schema: ZOk });
export const reorderTasks = (ids: string[]) => api('apps/tasks/order', { method: 'PATCH', body: { tasks: ids.map((id) => ({ id })) }, schema: ZTaskList });

export const createTaskTag = (title: string) => api('apps/tasks/tag', { method: 'POST', body: { tag: { title } }, schema: ZTaskTag });
export const renameTaskTag = (id: string, title: string) => api('apps/tasks/tag', { method: 'PATCH', body: { id, tag: { title } }, schema: ZTaskTag });
export const deleteTaskTag = (id: string) => api('apps/tasks/tag', { method: 'DELETE', query: { id }, schema: ZOk });

export const refreshTasks = (qc: QueryClient) => qc.invalidateQueries({ queryKey: tasksKeys.all });

/** The tags dialog's calls and words (components/tags-dialog). */
export const taskTagArea: TagArea<typeof tasksKeys.tags> = {
  query: taskTagsQuery,
  create: createTaskTag,
  rename: renameTaskTag,
  remove: deleteTaskTag,
  refresh: refreshTasks,
  texts: 'tasks.tags',
  confirmLabel: 'tasks.delete',
  titleId: 'task-tags-title',
};

/** `ids` with the item at `from` moved to `to`. */
export function moved<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Shows the new order at once (the server's answer replaces it), so a drag does not jump back while it is saved. */
export function setOrderNow(qc: QueryClient, tasks: Task[]) {
  qc.setQueryData<Task[]>(
    tasksKeys.list,
    tasks.map((task, order) => ({ ...task, order })),
  );
}
