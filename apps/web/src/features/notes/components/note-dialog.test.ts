import { describe, expect, it } from 'vitest';
import type { Note } from '@cuadre/contracts';
import { z } from 'zod/mini';
import { ZNewNoteForm, ZNoteForm, toFormValues, toInput } from './note-dialog';

const note: Note = {
  id: 'n-1',
  title: 'Market run',
  content: '',
  tasks: [{ id: 'i-1', content: 'Eggs', completed: true }],
  image: null,
  reminder: null,
  labels: [{ id: 'l-1', title: 'Errands' }],
  archived: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('the note form', () => {
  it('starts from the note (labels as ids) or, for a new note, from the label in view', () => {
    expect(toFormValues(note)).toMatchObject({ title: 'Market run', labels: ['l-1'], tasks: [{ id: 'i-1', content: 'Eggs', completed: true }], reminder: '' });
    expect(toFormValues(undefined, 'l-2')).toEqual({ title: '', content: '', tasks: [], labels: ['l-2'], reminder: '', archived: false });
  });

  it('sends a checklist with the ids it has (new items without), none as null, and the reminder as an instant', () => {
    const input = toInput({
      ...toFormValues(note),
      tasks: [...toFormValues(note).tasks, { content: ' Flour ', completed: false }],
      reminder: '2026-12-01T09:30',
    });
    expect(input.tasks).toEqual([
      { id: 'i-1', content: 'Eggs', completed: true },
      { content: 'Flour', completed: false },
    ]);
    expect(input.reminder).toBe(new Date('2026-12-01T09:30').toISOString());
    expect(toInput({ ...toFormValues(note), tasks: [], reminder: '' })).toMatchObject({ tasks: null, reminder: null });
  });

  it('refuses a new note with nothing in it (on the title), and takes one with a title, some text or an item', () => {
    const empty = toFormValues(undefined);
    const refused = z.safeParse(ZNewNoteForm, { ...empty, title: '  ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path)).toEqual([['title']]);
    expect(z.safeParse(ZNewNoteForm, { ...empty, title: 'Market run' }).success).toBe(true);
    expect(z.safeParse(ZNewNoteForm, { ...empty, content: 'Call the bank' }).success).toBe(true);
    expect(z.safeParse(ZNewNoteForm, { ...empty, tasks: [{ content: 'Eggs', completed: false }] }).success).toBe(true);
    // A note that exists may be emptied by its owner: it is theirs already.
    expect(z.safeParse(ZNoteForm, empty).success).toBe(true);
  });
});
