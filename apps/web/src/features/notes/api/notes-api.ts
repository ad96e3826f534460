import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ZNote, ZNoteLabelList, ZNoteList, ZOk, type NoteInput } from '@cuadre/contracts';
import { api } from '@/lib/api';
import type { TagArea } from '@/components/tags-dialog';

/** Every query of the notes lives under this key; a write refreshes them all. */
export const notesKeys = {
  all: ['notes'] as const,
  list: ['notes', 'list'] as const,
  labels: ['notes', 'labels'] as const,
};

export const notesQuery = queryOptions({ queryKey: notesKeys.list, queryFn: ({ signal }) => api('apps/notes/all', { schema: ZNoteList, signal }) });
export const labelsQuery = queryOptions({ queryKey: notesKeys.labels, queryFn: ({ signal }) => api('apps/notes/labels', { schema: ZNoteLabelList, signal }) });

export const createNote = (note: NoteInput) => api('apps/notes', { method: 'POST', body: { note }, schema: ZNote });
export const updateNote = (id: string, changes: NoteInput & { image?: null }) =>
  api('apps/notes', { method: 'PATCH', body: { updatedNote: { id, ...changes } }, schema: ZNote });
export const deleteNote = (id: string) => api('apps/notes', { method: 'DELETE', query: { id }, schema: ZOk });
export const addChecklistItem = (id: string, task: string) => api('apps/notes/tasks', { method: 'POST', body: { note: { id }, task }, schema: ZNote });

export function uploadNoteImage(id: string, file: File) {
  const form = new FormData();
  form.append('id', id);
  form.append('image', file);
  return api('apps/notes/image', { method: 'POST', body: form, schema: ZNote });
}

export const createLabel = (title: string) => api('apps/notes/labels', { method: 'POST', body: { title }, schema: ZNoteLabelList });
export const renameLabel = (id: string, title: string) => api('apps/notes/labels', { method: 'PATCH', body: { label: { id, title } }, schema: ZNoteLabelList });
export const deleteLabel = (id: string) => api('apps/notes/labels', { method: 'DELETE', query: { id }, schema: ZNoteLabelList });

export const refreshNotes = (qc: QueryClient) => qc.invalidateQueries({ queryKey: notesKeys.all });

/** The labels dialog's calls and words (components/tags-dialog). */
export const noteLabelArea: TagArea<typeof notesKeys.labels> = {
  query: labelsQuery,
  create: createLabel,
  rename: renameLabel,
  remove: deleteLabel,
  refresh: refreshNotes,
  texts: 'notes.labels',
  confirmLabel: 'notes.delete',
  titleId: 'note-labels-title',
};

/** A reminder as the datetime-local field writes it (local time, to the minute), and back to an instant. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
