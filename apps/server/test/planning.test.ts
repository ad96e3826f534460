import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { noteLabels, notes, panelItems, planningReminders, taskTags } from '../src/db/schema/index.js';
import { EventBus } from '../src/lib/events.js';
import { Reminders } from '../src/modules/planning/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestStore } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let owner: string;
let other: string;
let ownerId: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = owner) => t.api(method, url, { token, body });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const imageForm = (id: string, data: Buffer) => {
  const f = new FormData();
  f.append('id', id);
  f.append('image', new Blob([data]), 'photo.png');
  return f;
};
const newTask = async (title: string, token = owner, type: 'task' | 'section' = 'task') => {
  const made = expectOk(await api('POST', '/api/apps/tasks/task', { type }, token));
  return expectOk(await api('PATCH', '/api/apps/tasks/task', { id: made.id, task: { title } }, token));
};
const titles = async (token = owner) =>
  (expectOk(await api('GET', '/api/apps/tasks/all', undefined, token)) as { title: string; order: number }[]).map((x) => x.title);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
/** A round of the scheduler the server runs, at the time a test chooses. */
const fireDue = (app: TestApp, now: Date) => new Reminders(app.db, new EventBus(undefined, 'test', app.app.log)).fireDue(now);
const notifications = async (token = owner) =>
  (expectOk(await api('GET', '/api/common/notifications', undefined, token)) as { title: string; description: string; link: string }[]).filter((n) =>
    /^\/apps\/(notes|tasks)/.test(n.link),
  );

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.ownerToken({ name: 'Nora Planner' });
  owner = made.token;
  ownerId = made.owner.id;
  other = (await t.ownerToken({ name: 'Otro Dueño' })).token;
});
afterAll(async () => {
  await t?.close();
});

describe('notes: labels', () => {
  it('creates, renames and lists labels, each call answering every label', async () => {
    const fresh = (await t.ownerToken()).token;
    expect(expectOk(await api('GET', '/api/apps/notes/labels', undefined, fresh))).toEqual([]);
    const one = expectOk(await api('POST', '/api/apps/notes/labels', { title: ' Family ' }, fresh));
    expect(one).toEqual([{ id: expect.any(String), title: 'Family' }]);
    const two = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Work' }, fresh));
    expect(two.map((l: { title: string }) => l.title)).toEqual(['Family', 'Work']);
    const renamed = expectOk(await api('PATCH', '/api/apps/notes/labels', { label: { id: one[0].id, title: 'Home' } }, fresh));
    expect(renamed.map((l: { title: string }) => l.title)).toEqual(['Home', 'Work']);
  });

  it('refuses an empty title and an unknown field, writing nothing', async () => {
    const before = await t.count(noteLabels);
    expectError(await api('POST', '/api/apps/notes/labels', { title: '  ' }), 400, 'VALIDATION', { paths: ['title'] });
    expectError(await api('POST', '/api/apps/notes/labels', { title: 'x', color: 'red' }), 400, 'VALIDATION');
    expect(await t.count(noteLabels)).toBe(before);
  });

  it('deleting a label takes it off every note that carried it', async () => {
    const labels = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Errands' }));
    const errands = labels.find((l: { title: string }) => l.title === 'Errands').id;
    const keep = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Keep' })).find((l: { title: string }) => l.title === 'Keep').id;
    const a = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'A', labels: [errands, keep] } }));
    const b = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'B', labels: [errands] } }));
    expect(a.labels).toEqual([
      { id: errands, title: 'Errands' },
      { id: keep, title: 'Keep' },
    ]);
    const left = expectOk(await api('DELETE', `/api/apps/notes/labels?id=${errands}`));
    expect(left.some((l: { id: string }) => l.id === errands)).toBe(false);
    const [rowA] = await t.db.select().from(notes).where(eq(notes.id, a.id));
    const [rowB] = await t.db.select().from(notes).where(eq(notes.id, b.id));
    expect(rowA!.labels).toEqual([keep]);
    expect(rowB!.labels).toEqual([]);
    expectError(await api('DELETE', `/api/apps/notes/labels?id=${errands}`), 404, 'NOT_FOUND');
  });
});

describe('notes: the calls', () => {
  it('creates a note with a checklist, adds an item, merges changes and answers its labels as objects in all', async () => {
    const [label] = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Shop' }, other));
    const made = expectOk(
      await api('POST', '/api/apps/notes', { note: { title: 'Groceries', content: 'For Sunday', tasks: [{ content: 'Milk' }], labels: [label.id] } }, other),
    );
    expect(made).toEqual({
      id: expect.any(String),
      title: 'Groceries',
      content: 'For Sunday',
      tasks: [{ id: expect.any(String), content: 'Milk', completed: false }],
      image: null,
      reminder: null,
      labels: [{ id: label.id, title: 'Shop' }],
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const added = expectOk(await api('POST', '/api/apps/notes/tasks', { note: { id: made.id }, task: 'Bread' }, other));
    expect(added.tasks.map((x: { content: string }) => x.content)).toEqual(['Milk', 'Bread']);
    const patched = expectOk(
      await api(
        'PATCH',
        '/api/apps/notes',
        { updatedNote: { id: made.id, archived: true, tasks: [{ ...added.tasks[0], completed: true }, added.tasks[1]] } },
        other,
      ),
    );
    expect(patched).toMatchObject({ title: 'Groceries', content: 'For Sunday', archived: true, labels: [{ id: label.id, title: 'Shop' }] });
    expect(patched.tasks).toEqual([
      { id: added.tasks[0].id, content: 'Milk', completed: true },
      { id: added.tasks[1].id, content: 'Bread', completed: false },
    ]);
    const all = expectOk(await api('GET', '/api/apps/notes/all', undefined, other));
    expect(all.find((n: { id: string }) => n.id === made.id)).toEqual(patched);
    expect(expectOk(await api('DELETE', `/api/apps/notes?id=${made.id}`, undefined, other))).toBe(true);
    expectError(await api('DELETE', `/api/apps/notes?id=${made.id}`, undefined, other), 404, 'NOT_FOUND');
  });

  it('refuses another owner’s label, a bad reminder and a bad checklist item, writing nothing', async () => {
    const [theirs] = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Theirs' }, (await t.ownerToken()).token));
    const before = await t.count(notes);
    expectError(await api('POST', '/api/apps/notes', { note: { title: 'x', labels: [theirs.id] } }), 400, 'VALIDATION', { paths: ['note.labels.0'] });
    expectError(await api('POST', '/api/apps/notes', { note: { reminder: 'tomorrow' } }), 400, 'VALIDATION', { paths: ['note.reminder'] });
    expectError(await api('POST', '/api/apps/notes', { note: { tasks: [{ content: '' }] } }), 400, 'VALIDATION', { paths: ['note.tasks.0.content'] });
    expectError(await api('POST', '/api/apps/notes', { note: { title: 'x', pinned: true } }), 400, 'VALIDATION');
    expect(await t.count(notes)).toBe(before);
  });

  it('takes an image checked by its bytes, serves it, and takes it away', async () => {
    const note = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Photo' } }));
    expectError(await api('POST', '/api/apps/notes/image', imageForm(note.id, Buffer.from('<svg onload="x"></svg>'))), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const withImage = expectOk(await api('POST', '/api/apps/notes/image', imageForm(note.id, png)));
    // Its address signed for the reader (test/pictures.test.ts covers who else may see it).
    expect(withImage.image).toMatch(/^\/api\/apps\/notes\/images\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?u=[0-9a-f-]{36}&exp=\d+&sig=[\w-]+$/);
    const served = await t.api('GET', withImage.image);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expectError(await api('POST', '/api/apps/notes/image', imageForm(note.id, png), other), 404, 'NOT_FOUND');
    const without = expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { id: note.id, image: null } }));
    expect(without.image).toBeNull();
  });

  it('another owner’s note answers 404 and never shows in their list', async () => {
    const mine = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Private' } }));
    expectError(await api('PATCH', '/api/apps/notes', { updatedNote: { id: mine.id, title: 'Hacked' } }, other), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/apps/notes/tasks', { note: { id: mine.id }, task: 'x' }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/apps/notes?id=${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    const theirs = expectOk(await api('GET', '/api/apps/notes/all', undefined, other));
    expect(theirs.some((n: { id: string }) => n.id === mine.id)).toBe(false);
    const [row] = await t.db.select().from(notes).where(eq(notes.id, mine.id));
    expect(row!.title).toBe('Private');
  });
});

describe('tasks: tags', () => {
  it('creates, renames and deletes a tag, taking it off every task', async () => {
    const tag = expectOk(await api('POST', '/api/apps/tasks/tag', { tag: { title: 'Urgent' } }));
    expect(tag).toEqual({ id: expect.any(String), title: 'Urgent' });
    expect(expectOk(await api('PATCH', '/api/apps/tasks/tag', { id: tag.id, tag: { title: 'Now' } }))).toEqual({ id: tag.id, title: 'Now' });
    const task = await newTask('Tagged');
    expect(expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { tags: [tag.id] } })).tags).toEqual([tag.id]);
    expect(expectOk(await api('GET', '/api/apps/tasks/tags')).some((x: { id: string }) => x.id === tag.id)).toBe(true);
    expect(expectOk(await api('DELETE', `/api/apps/tasks/tag?id=${tag.id}`))).toBe(true);
    expect(expectOk(await api('GET', `/api/apps/tasks/task?id=${task.id}`)).tags).toEqual([]);
    expectError(await api('DELETE', `/api/apps/tasks/tag?id=${tag.id}`, undefined, other), 404, 'NOT_FOUND');
    const before = await t.count(taskTags);
    expectError(await api('POST', '/api/apps/tasks/tag', { tag: { title: '' } }), 400, 'VALIDATION', { paths: ['tag.title'] });
    expect(await t.count(taskTags)).toBe(before);
  });
});

describe('tasks: the calls', () => {
  it('creates an empty task or section with priority 1, first, and renumbers the order from 0', async () => {
    const fresh = (await t.ownerToken()).token;
    const a = await newTask('A', fresh);
    const b = await newTask('B', fresh);
    const section = expectOk(await api('POST', '/api/apps/tasks/task', { type: 'section' }, fresh));
    expect(section).toEqual({
      id: expect.any(String),
      type: 'section',
      title: '',
      notes: '',
      completed: false,
      dueDate: null,
      priority: 1,
      tags: [],
      assignedTo: null,
      subTasks: [],
      order: 0,
    });
    const all = expectOk(await api('GET', '/api/apps/tasks/all', undefined, fresh));
    expect(all.map((x: { id: string; order: number }) => [x.id, x.order])).toEqual([
      [section.id, 0],
      [b.id, 1],
      [a.id, 2],
    ]);
    expectError(await api('POST', '/api/apps/tasks/task', { type: 'epic' }, fresh), 400, 'VALIDATION', { paths: ['type'] });
  });

  it('merges changes, gives subtasks ids, and refuses a bad priority, another owner’s tag or contact, writing nothing', async () => {
    const task = await newTask('Call the accountant');
    const changed = expectOk(
      await api('PATCH', '/api/apps/tasks/task', {
        id: task.id,
        task: { notes: 'About the quarter', priority: 2, dueDate: '2031-03-01', subTasks: [{ title: 'Find the papers' }] },
      }),
    );
    expect(changed).toMatchObject({ title: 'Call the accountant', notes: 'About the quarter', priority: 2, dueDate: '2031-03-01T00:00:00.000Z' });
    expect(changed.subTasks).toEqual([{ id: expect.any(String), title: 'Find the papers', completed: false }]);
    const theirTag = expectOk(await api('POST', '/api/apps/tasks/tag', { tag: { title: 'Theirs' } }, other));
    const before = JSON.stringify(expectOk(await api('GET', `/api/apps/tasks/task?id=${task.id}`)));
    expectError(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { priority: 3 } }), 400, 'VALIDATION', { paths: ['task.priority'] });
    expectError(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { title: 'x', tags: [theirTag.id] } }), 400, 'VALIDATION', {
      paths: ['task.tags.0'],
    });
    expectError(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { assignedTo: theirTag.id } }), 400, 'VALIDATION', {
      paths: ['task.assignedTo'],
    });
    expect(JSON.stringify(expectOk(await api('GET', `/api/apps/tasks/task?id=${task.id}`)))).toBe(before);
  });

  it('reorders in one call: the tasks given first, the rest after, numbered from 0; an unknown or repeated id writes nothing', async () => {
    const fresh = (await t.ownerToken()).token;
    const [a, b, c, d] = [await newTask('a', fresh), await newTask('b', fresh), await newTask('c', fresh), await newTask('d', fresh)];
    expect(await titles(fresh)).toEqual(['d', 'c', 'b', 'a']);
    const answer = expectOk(await api('PATCH', '/api/apps/tasks/order', { tasks: [{ id: a!.id }, { id: c!.id }] }, fresh));
    expect(answer.map((x: { title: string; order: number }) => `${x.title}${x.order}`)).toEqual(['a0', 'c1', 'd2', 'b3']);
    const theirs = await newTask('theirs', other);
    expectError(await api('PATCH', '/api/apps/tasks/order', { tasks: [{ id: b!.id }, { id: theirs.id }] }, fresh), 400, 'VALIDATION', {
      paths: ['tasks.1.id'],
    });
    expectError(await api('PATCH', '/api/apps/tasks/order', { tasks: [{ id: b!.id }, { id: b!.id }] }, fresh), 400, 'VALIDATION', { paths: ['tasks.1.id'] });
    expect(await titles(fresh)).toEqual(['a', 'c', 'd', 'b']);
    expectError(await api('DELETE', `/api/apps/tasks/task?id=${d!.id}`, undefined, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('DELETE', `/api/apps/tasks/task?id=${d!.id}`, undefined, fresh))).toBe(true);
    const after = expectOk(await api('GET', '/api/apps/tasks/all', undefined, fresh));
    expect(after.map((x: { title: string; order: number }) => `${x.title}${x.order}`)).toEqual(['a0', 'c1', 'b2']);
  });

  it('searches title and notes in any case, marks the title’s matches and escapes the rest; null for an empty query', async () => {
    const fresh = (await t.ownerToken()).token;
    const x = await newTask('<img src=x onerror=alert(1)> Pay RENT & fees', fresh);
    const y = await newTask('Water the plants', fresh);
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: y.id, task: { notes: 'before the rent is due' } }, fresh));
    await newTask('Unrelated', fresh);
    const found = expectOk(await api('GET', '/api/apps/tasks/search?query=rent', undefined, fresh));
    expect(found.map((f: { id: string; title: string }) => [f.id, f.title])).toEqual([
      [y.id, 'Water the plants'],
      [x.id, '&lt;img src=x onerror=alert(1)&gt; Pay <mark>RENT</mark> &amp; fees'],
    ]);
    const markup = expectOk(await api('GET', `/api/apps/tasks/search?query=${encodeURIComponent('<img')}`, undefined, fresh));
    expect(markup[0].title).toBe('<mark>&lt;img</mark> src=x onerror=alert(1)&gt; Pay RENT &amp; fees');
    expect(expectOk(await api('GET', '/api/apps/tasks/search?query=', undefined, fresh))).toBeNull();
    expect(expectOk(await api('GET', '/api/apps/tasks/search?query=%20%20', undefined, fresh))).toBeNull();
    expect(expectOk(await api('GET', '/api/apps/tasks/search?query=rent', undefined, other))).toEqual([]);
    expect(expectOk(await api('GET', '/api/apps/tasks/search?query=100%25', undefined, fresh))).toEqual([]);
  });

  it('another owner’s task answers 404 and never shows in their list', async () => {
    const mine = await newTask('Mine only');
    expectError(await api('GET', `/api/apps/tasks/task?id=${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', '/api/apps/tasks/task', { id: mine.id, task: { title: 'x' } }, other), 404, 'NOT_FOUND');
    expect((await titles(other)).includes('Mine only')).toBe(false);
    expect(expectOk(await api('GET', `/api/apps/tasks/task?id=${mine.id}`)).title).toBe('Mine only');
  });

  it('the shell search has a tasks group of the owner’s tasks, linking to /apps/tasks/{id}', async () => {
    const task = await newTask('Renew the kiosk permit');
    const sets = expectOk(await api('POST', '/api/common/search', { query: 'kiosk permit' }));
    const group = sets.find((s: { id: string }) => s.id === 'tasks');
    expect(group.results).toEqual([{ link: `/apps/tasks/${task.id}`, title: 'Renew the kiosk permit', completed: false }]);
    const theirs = expectOk(await api('POST', '/api/common/search', { query: 'kiosk permit' }, other));
    expect(theirs.some((s: { id: string }) => s.id === 'tasks')).toBe(false);
  });
});

describe('reminders and due dates', () => {
  it('become notifications at their time, once, and not before', async () => {
    const fresh = await t.ownerToken();
    const token = fresh.token;
    const at = inAnHour();
    const note = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Call the bank', reminder: at } }, token));
    const task = await newTask('File the permit', token);
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { dueDate: at } }, token));
    expect(await fireDue(t, new Date())).toBe(0);
    expect(await notifications(token)).toEqual([]);
    expect(await fireDue(t, new Date(Date.parse(at) + 1000))).toBeGreaterThanOrEqual(2);
    const made = await notifications(token);
    expect(made.map((n) => [n.description, n.link]).sort()).toEqual([
      ['Call the bank', `/apps/notes?note=${note.id}`],
      ['File the permit', `/apps/tasks/${task.id}`],
    ]);
    await fireDue(t, new Date(Date.parse(at) + 60_000));
    // Saving the same time again does not make it again.
    expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { id: note.id, reminder: at } }, token));
    await fireDue(t, new Date(Date.parse(at) + 120_000));
    expect(await notifications(token)).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(panelItems)
        .where(and(eq(panelItems.ownerId, fresh.owner.id), eq(panelItems.box, 'notification'))),
    ).toHaveLength(2);
  });

  it('a reminder moved or taken away, and a task completed, notify only as they stand', async () => {
    const token = (await t.ownerToken()).token;
    const first = inAnHour();
    const note = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Moved', reminder: first } }, token));
    const later = new Date(Date.parse(first) + 86_400_000).toISOString();
    expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { id: note.id, reminder: later } }, token));
    const gone = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Gone', reminder: first } }, token));
    expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { id: gone.id, reminder: null } }, token));
    const done = await newTask('Done already', token);
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: done.id, task: { dueDate: first } }, token));
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: done.id, task: { completed: true } }, token));
    await fireDue(t, new Date(Date.parse(first) + 1000));
    expect(await notifications(token)).toEqual([]);
    await fireDue(t, new Date(Date.parse(later) + 1000));
    expect((await notifications(token)).map((n) => n.description)).toEqual(['Moved']);
  });

  it('survive a restart: a reminder set before is sent by the next server', async () => {
    const store = await createTestStore();
    try {
      const first = await createTestApp({}, { store });
      const made = await first.ownerToken();
      const at = inAnHour();
      expectOk(await first.api('POST', '/api/apps/notes', { token: made.token, body: { note: { title: 'After the restart', reminder: at } } }));
      await first.app.close();
      const second = await createTestApp({}, { store });
      try {
        const rows = await second.db.select().from(planningReminders).where(eq(planningReminders.ownerId, made.owner.id));
        expect(rows.map((r) => [r.at.toISOString(), r.sentAt])).toEqual([[at, null]]);
        expect(await fireDue(second, new Date(Date.parse(at) + 1000))).toBe(1);
        const n = expectOk(await second.api('GET', '/api/common/notifications', { token: made.token }));
        expect(n.map((x: { description: string }) => x.description)).toContain('After the restart');
      } finally {
        await second.app.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('the reminders table is the owner’s: the rows carry the owner, and a deleted note takes its unsent reminder', async () => {
    const note = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Short lived', reminder: inAnHour() } }));
    expect(await t.db.select().from(planningReminders).where(eq(planningReminders.itemId, note.id))).toEqual([expect.objectContaining({ ownerId })]);
    expectOk(await api('DELETE', `/api/apps/notes?id=${note.id}`));
    expect(await t.db.select().from(planningReminders).where(eq(planningReminders.itemId, note.id))).toEqual([]);
  });
});
