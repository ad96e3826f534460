import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

/**
 * The supporting areas' calls as a client written to the specification makes them (issue 46):
 * whole objects sent back, the fields it reads and the answers it expects. Where the product
 * differs on purpose, docs/product.md "Deliberate differences" says why.
 */

let t: TestApp;
let owner: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = owner) => t.api(method, url, { token, body });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.bookkeeper({ name: 'Lucía Prado' })).token;
});
afterAll(async () => {
  await t?.close();
});

describe('whole objects sent back as GET answered them', () => {
  it('a contact: {id, contact} with its id and avatar round-trips, and the change is kept', async () => {
    const c = expectOk(await api('POST', '/api/apps/contacts/contact'));
    const f = new FormData();
    f.append('id', c.id);
    f.append('avatar', new Blob([png]), 'face.png');
    expectOk(await t.api('POST', '/api/apps/contacts/avatar', { token: owner, body: f }));
    const read = expectOk(await api('GET', `/api/apps/contacts/contact?id=${c.id}`));
    expect(read.avatar).toEqual(expect.any(String));
    const back = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { ...read, name: 'Ana Ruiz' } }));
    expect(back).toEqual({ ...read, name: 'Ana Ruiz', avatar: expect.any(String) });
    // A read-only field is ignored whatever it says; a key the card does not have is still refused.
    const ignored = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { ...back, id: 'x', avatar: 'http://elsewhere/a.png' } }));
    expect(ignored.id).toBe(c.id);
    expect(ignored.avatar).toBe(back.avatar);
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { ...back, colour: 'red' } }), 400, 'VALIDATION');
  });

  it('a note: {updatedNote} with its label objects, image, createdAt and updatedAt round-trips', async () => {
    const labels = expectOk(await api('POST', '/api/apps/notes/labels', { title: 'Shop' })) as { id: string; title: string }[];
    const note = expectOk(await api('POST', '/api/apps/notes', { note: { title: 'Stock', labels: [labels[0]!.id], tasks: [{ content: 'Count' }] } }));
    const f = new FormData();
    f.append('id', note.id);
    f.append('image', new Blob([png]), 'n.png');
    const withImage = expectOk(await t.api('POST', '/api/apps/notes/image', { token: owner, body: f }));
    expect(withImage.image).toEqual(expect.any(String));
    const read = (expectOk(await api('GET', '/api/apps/notes/all')) as { id: string }[]).find((n) => n.id === note.id)!;
    expect(read).toMatchObject({ labels: [{ id: labels[0]!.id, title: 'Shop' }], image: expect.any(String) });
    const back = expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { ...read, title: 'Stock take' } }));
    expect(back).toEqual({ ...read, title: 'Stock take', image: expect.any(String), updatedAt: expect.any(String) });
    // `image: null` still takes the image away.
    expect(expectOk(await api('PATCH', '/api/apps/notes', { updatedNote: { id: note.id, image: null } })).image).toBeNull();
    expectError(await api('PATCH', '/api/apps/notes', { updatedNote: { ...read, pinned: true } }), 400, 'VALIDATION');
  });

  it('a task: {id, task} with its id, type and order round-trips', async () => {
    const task = expectOk(await api('POST', '/api/apps/tasks/task', { type: 'task' }));
    const read = expectOk(await api('GET', `/api/apps/tasks/task?id=${task.id}`));
    const back = expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { ...read, title: 'Call the bank', completed: true } }));
    expect(back).toEqual({ ...read, title: 'Call the bank', completed: true });
    expect(expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { ...back, type: 'section', order: 99 } }))).toEqual(back);
    expectError(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { ...back, owner: 'me' } }), 400, 'VALIDATION');
  });

  it('the user: {user} as the shell sends it on a presence change round-trips', async () => {
    const me = expectOk(await api('GET', '/api/common/user'));
    const back = expectOk(await api('PATCH', '/api/common/user', { user: { ...me, status: 'busy', role: 'admin', plan: 'x' } }));
    expect(back).toEqual({ ...me, status: 'busy' });
    expectError(await api('PATCH', '/api/common/user', { user: { ...me, password: 'x' } }), 400, 'VALIDATION');
  });
});

describe("the contact's second form, job {title, company}", () => {
  it('answers job with the title and company, and takes either form', async () => {
    const c = expectOk(await api('POST', '/api/apps/contacts/contact'));
    expect(c.job).toEqual({ title: '', company: '' });
    const a = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { job: { title: 'Baker', company: 'Panadería Sol' } } }));
    expect(a).toMatchObject({ title: 'Baker', company: 'Panadería Sol', job: { title: 'Baker', company: 'Panadería Sol' } });
    // The whole card sent back with one form changed: the changed one wins, whichever it is.
    const b = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { ...a, job: { ...a.job, title: 'Owner' } } }));
    expect(b).toMatchObject({ title: 'Owner', job: { title: 'Owner', company: 'Panadería Sol' } });
    const d = expectOk(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { ...b, company: 'Café Luna' } }));
    expect(d).toMatchObject({ company: 'Café Luna', job: { title: 'Owner', company: 'Café Luna' } });
    expectError(await api('PATCH', '/api/apps/contacts/contact', { id: c.id, contact: { job: { title: 'x', salary: 1 } } }), 400, 'VALIDATION');
  });
});

describe('seen on messages and notifications', () => {
  for (const [box, one] of [
    ['messages', 'message'],
    ['notifications', 'notification'],
  ] as const) {
    it(`${box}: carry seen; reading sets it; mark-all-as-read sets read and seen`, async () => {
      const fresh = (await t.ownerToken()).token;
      const a = expectOk(await api('POST', `/api/common/${box}`, { [one]: { title: 'First' } }, fresh));
      const b = expectOk(await api('POST', `/api/common/${box}`, { [one]: { title: 'Second' } }, fresh));
      expect(a).toMatchObject({ read: false, seen: false });
      // Seen alone, sent back whole as GET answered it.
      const seen = expectOk(await api('PATCH', `/api/common/${box}`, { id: a.id, [one]: { ...a, seen: true } }, fresh));
      expect(seen).toMatchObject({ read: false, seen: true });
      expect(expectOk(await api('POST', `/api/common/${box}/toggle-read-status`, { [one]: { id: b.id } }, fresh))).toMatchObject({ read: true, seen: true });
      expectOk(await api('POST', `/api/common/${box}/toggle-read-status`, { [one]: { id: b.id } }, fresh));
      expectOk(await api('GET', `/api/common/${box}/mark-all-as-read`, undefined, fresh));
      const all = expectOk(await api('GET', `/api/common/${box}`, undefined, fresh)) as { read: boolean; seen: boolean }[];
      expect(all.length).toBeGreaterThanOrEqual(2);
      for (const item of all) expect(item).toMatchObject({ read: true, seen: true });
    });
  }
});

describe('deleting a contact', () => {
  it('clears the assignedTo of its tasks in the same call, so the task can be sent back whole', async () => {
    const c = expectOk(await api('POST', '/api/apps/contacts/contact'));
    const task = expectOk(await api('POST', '/api/apps/tasks/task', { type: 'task' }));
    const assigned = expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { assignedTo: c.id } }));
    expect(assigned.assignedTo).toBe(c.id);
    expect(expectOk(await api('DELETE', `/api/apps/contacts/contact?id=${c.id}`))).toBe(true);
    const read = expectOk(await api('GET', `/api/apps/tasks/task?id=${task.id}`));
    expect(read.assignedTo).toBeNull();
    expect(expectOk(await api('PATCH', '/api/apps/tasks/task', { id: task.id, task: { ...read, title: 'Still here' } }))).toMatchObject({
      assignedTo: null,
      title: 'Still here',
    });
  });
});

describe("the search box's task results", () => {
  it('carry completed', async () => {
    const open = expectOk(await api('POST', '/api/apps/tasks/task', { type: 'task' }));
    const done = expectOk(await api('POST', '/api/apps/tasks/task', { type: 'task' }));
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: open.id, task: { title: 'Quince invoices' } }));
    expectOk(await api('PATCH', '/api/apps/tasks/task', { id: done.id, task: { title: 'Quince receipts', completed: true } }));
    const sets = expectOk(await api('POST', '/api/common/search', { query: 'quince' })) as { id: string; results: { title: string; completed?: boolean }[] }[];
    const tasks = sets.find((s) => s.id === 'tasks')!.results;
    expect(tasks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Quince invoices', completed: false }),
        expect.objectContaining({ title: 'Quince receipts', completed: true }),
      ]),
    );
  });
});

describe("the mail list's filter", () => {
  it('takes any boolean mail flag: unread, starred, important', async () => {
    const { owner: reader, token } = await t.ownerToken();
    const mail = (subject: string, flags: { unread?: boolean; starred?: boolean; important?: boolean }) => ({
      ownerId: reader.id,
      kind: 'received' as const,
      folder: 'inbox' as const,
      fromName: 'Ana',
      fromAddress: 'ana@example.com',
      subject,
      ...flags,
    });
    await t.db
      .insert(mails)
      .values([mail('new', { unread: true }), mail('old', {}), mail('star', { starred: true, unread: true }), mail('vital', { important: true })]);
    const subjects = async (filter: string) =>
      (expectOk(await api('GET', `/api/apps/mailbox/mails?filter=${filter}`, undefined, token)).mails as { subject: string }[]).map((m) => m.subject).sort();
    expect(await subjects('unread')).toEqual(['new', 'star']);
    expect(await subjects('starred')).toEqual(['star']);
    expect(await subjects('important')).toEqual(['vital']);
    expectError(await api('GET', '/api/apps/mailbox/mails?filter=read', undefined, token), 400, 'VALIDATION');
  });
});

describe("the chat contact's attachments", () => {
  it('one contact answers attachments, [] when no file was exchanged; the list has neither details nor attachments', async () => {
    const admin = await t.adminToken();
    const adminId = expectOk(await t.api('GET', '/api/common/user', { token: admin })).id;
    const contact = expectOk(await api('GET', `/api/apps/chat/contact?id=${adminId}`));
    expect(contact.attachments).toEqual([]);
    const list = expectOk(await api('GET', '/api/apps/chat/contacts')) as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(Object.keys(c)).not.toContain('attachments');
  });
});

describe('a route that does not exist', () => {
  it("answers the spec's 404 'NOT FOUND', in the error shape, naming the route", async () => {
    const res = await api('GET', '/api/apps/contacts/nowhere?id=1');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'NOT FOUND',
      details: [{ path: 'route', message: 'GET /api/apps/contacts/nowhere' }],
    });
  });
});

describe('error texts that say what is wrong', () => {
  it('a chat message with neither chat nor contact asks for one; with both, for one only', async () => {
    const neither = expectError(await api('POST', '/api/apps/chat/message', { value: 'Hola' }), 400, 'VALIDATION');
    expect(neither.details?.map((d) => d.message)).toEqual(['Name the chat or the contact']);
    const id = '11111111-1111-4111-8111-111111111111';
    const both = expectError(await api('POST', '/api/apps/chat/message', { value: 'Hola', chatId: id, contactId: id }), 400, 'VALIDATION');
    expect(both.details?.map((d) => d.message)).toEqual(['Name the chat or the contact, not both']);
  });

  it('a negative tax percent says it must not be negative', async () => {
    const p = expectOk(await api('POST', '/api/apps/ecommerce/inventory/product'));
    const res = expectError(await api('PATCH', '/api/apps/ecommerce/inventory/product', { id: p.id, product: { taxPercent: -5 } }), 400, 'VALIDATION');
    expect(res.details?.map((d) => d.message)).toEqual(['The tax percentage must not be negative']);
    const worded = expectError(await api('PATCH', '/api/apps/ecommerce/inventory/product', { id: p.id, product: { taxPercent: '8.125' } }), 400, 'VALIDATION');
    expect(worded.details?.map((d) => d.message)).toEqual(['The tax percentage must be a number with at most 2 decimals']);
  });

  it('a link error names both kinds of in-app path it accepts', async () => {
    const res = expectError(
      await api('POST', '/api/common/shortcuts', { shortcut: { label: 'X', icon: 'heroicons_outline:star', link: 'javascript:alert(1)', useRouter: true } }),
      400,
      'VALIDATION',
    );
    expect(res.details?.map((d) => d.message)).toEqual(['Use an in-app path (/user/… or /apps/…) or an http(s) address']);
    expectOk(
      await api('POST', '/api/common/shortcuts', { shortcut: { label: 'Tasks', icon: 'heroicons_outline:star', link: '/apps/tasks', useRouter: true } }),
    );
  });
});

describe("the inventory's page", () => {
  it('defaults to 1 as the specification says: without page a shop of ten products gets the second page, empty', async () => {
    const shop = (await t.bookkeeper({ name: 'Tienda Diez' })).token;
    for (let i = 0; i < 10; i++) expectOk(await api('POST', '/api/apps/ecommerce/inventory/product', undefined, shop));
    const first = expectOk(await api('GET', '/api/apps/ecommerce/inventory/products?page=0', undefined, shop));
    expect(first.products).toHaveLength(10);
    expect(first.pagination).toMatchObject({ length: 10, page: 0, lastPage: 1 });
    const unnamed = expectOk(await api('GET', '/api/apps/ecommerce/inventory/products', undefined, shop));
    expect(unnamed.products ?? []).toEqual([]);
    expect(unnamed.pagination.lastPage).toBe(1);
  });
});
