import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { estimatedTaxDue } from '../src/modules/panels/notification-rules.js';
import { amountOf } from '../src/modules/search/search.repository.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let owner: { token: string; id: string; email: string };
let admin: string;
const cat: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, as = owner.token) => t.api(method, url, { token: as, body });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const form = (field: string, data: Buffer, name: string) => {
  const f = new FormData();
  f.append(field, new Blob([data]), name);
  return f;
};

/** The titles of a user's notifications, as the panel would list them. */
const titles = async (as = owner.token) => expectOk(await api('GET', '/api/common/notifications', undefined, as)).map((n: { title: string }) => n.title);

beforeAll(async () => {
  t = await createTestApp();
  const b = await t.bookkeeper({ name: 'Lucía Prado' });
  owner = { token: b.token, id: b.owner.id, email: b.owner.email };
  admin = await t.adminToken();
  // The chart by the Spanish names docs/product.md gives it: as a Spanish reader sees it.
  for (const c of expectOk(await t.api('GET', '/api/categories', { token: owner.token, headers: { 'x-language': 'es' } })).items) cat[c.name] = c.id;
});
afterAll(async () => {
  await t?.close();
});

describe('shortcuts', () => {
  it('starts an owner with seventeen useful ones (their customers, stock, documents, the chat with support, tasks, notes, mail, history, finance, the project, budgets and boards among them) and an administrator with five, once', async () => {
    const mine = expectOk(await api('GET', '/api/common/shortcuts'));
    expect(mine.map((s: { label: string; link: string }) => [s.label, s.link])).toEqual([
      ["Record today's income", '/user/dailyincome'],
      ['Add an expense', '/user/dailyoperationalexpenses'],
      ['Log a trip', '/user/monthlymileage'],
      ['This month', '/user/monthdashboard'],
      ['Profit and loss of the year', '/user/profitsandlossesyear'],
      ['Inventory', '/apps/ecommerce/inventory'],
      ['Documents', '/apps/file-manager'],
      ['Contacts', '/apps/contacts'],
      ['Chat with support', '/apps/chat'],
      ['Tasks', '/apps/tasks'],
      ['Notes', '/apps/notes'],
      ['Mailbox', '/apps/mailbox'],
      ['Activities', '/pages/activities'],
      ['Finance', '/dashboards/finance'],
      ['Project', '/dashboards/project'],
      ['Budgets', '/user/budgets'],
      ['Scrumboard', '/apps/scrumboard'],
    ]);
    expect(mine[0]).toMatchObject({ useRouter: true, icon: 'heroicons_outline:banknotes' });
    const theirs = expectOk(await api('GET', '/api/common/shortcuts', undefined, admin));
    expect(theirs.map((s: { label: string }) => s.label)).toEqual(['Users', 'Categories', 'Chats', 'Mailbox', 'Analytics']);
    // Deleting them all does not bring them back.
    const other = (await t.bookkeeper()).token;
    for (const s of expectOk(await api('GET', '/api/common/shortcuts', undefined, other))) {
      expect(expectOk(await api('DELETE', `/api/common/shortcuts?id=${s.id}`, undefined, other))).toBe(true);
    }
    expect(expectOk(await api('GET', '/api/common/shortcuts', undefined, other))).toEqual([]);
  });

  it('adds, edits and removes with the spec’s payloads, and refuses a bad one', async () => {
    const made = expectOk(
      await api('POST', '/api/common/shortcuts', {
        shortcut: { label: 'Taxes', description: 'Annual total', icon: 'heroicons_outline:star', link: '/user/annualtotal', useRouter: true },
      }),
    );
    expect(made).toMatchObject({ label: 'Taxes', description: 'Annual total', link: '/user/annualtotal', useRouter: true });
    const changed = expectOk(
      await api('PATCH', '/api/common/shortcuts', { id: made.id, shortcut: { label: 'Tax year', link: 'https://www.irs.gov', useRouter: false } }),
    );
    expect(changed).toMatchObject({ id: made.id, label: 'Tax year', link: 'https://www.irs.gov', useRouter: false, icon: 'heroicons_outline:star' });
    expect(expectOk(await api('GET', '/api/common/shortcuts')).at(-1)).toEqual(changed);

    const before = expectOk(await api('GET', '/api/common/shortcuts')).length;
    expectError(await api('POST', '/api/common/shortcuts', { shortcut: { label: 'x', link: '/user/dashboard', useRouter: true } }), 400, 'VALIDATION');
    expectError(
      await api('POST', '/api/common/shortcuts', { shortcut: { label: 'x', icon: 'i', link: 'javascript:alert(1)', useRouter: false } }),
      400,
      'VALIDATION',
    );
    expectError(await api('POST', '/api/common/shortcuts', { shortcut: { label: 'x', icon: 'i', link: '/user/dashboard' } }), 400, 'VALIDATION');
    expect(expectOk(await api('GET', '/api/common/shortcuts')).length).toBe(before);

    // Someone else's shortcut is not there for them.
    const other = (await t.bookkeeper()).token;
    expectError(await api('PATCH', '/api/common/shortcuts', { id: made.id, shortcut: { label: 'Mine now' } }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/common/shortcuts?id=${made.id}`, undefined, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('DELETE', `/api/common/shortcuts?id=${made.id}`))).toBe(true);
    expectError(await api('DELETE', `/api/common/shortcuts?id=${made.id}`), 404, 'NOT_FOUND');
  });
});

describe('messages', () => {
  it('creates, reads, toggles, marks all read and removes, per user', async () => {
    const m = expectOk(await api('POST', '/api/common/messages', { message: { title: 'Note to self', description: 'Call the bank', link: '/user/import' } }));
    expect(m).toMatchObject({
      title: 'Note to self',
      description: 'Call the bank',
      read: false,
      useRouter: true,
      link: '/user/import',
      icon: null,
      image: null,
    });
    expect(Date.parse(m.time)).toBeGreaterThan(Date.now() - 60_000);
    const second = expectOk(await api('POST', '/api/common/messages', { message: { title: 'Second' } }));
    const list = expectOk(await api('GET', '/api/common/messages'));
    expect(list.map((x: { id: string }) => x.id).slice(0, 2)).toEqual([second.id, m.id]);

    expect(expectOk(await api('PATCH', '/api/common/messages', { id: m.id, message: { read: true } })).read).toBe(true);
    expect(expectOk(await api('POST', '/api/common/messages/toggle-read-status', { message: { id: m.id } })).read).toBe(false);
    expect(expectOk(await api('GET', '/api/common/messages/mark-all-as-read'))).toBe(true);
    expect(expectOk(await api('GET', '/api/common/messages')).every((x: { read: boolean }) => x.read)).toBe(true);

    const other = (await t.bookkeeper()).token;
    expect(expectOk(await api('GET', '/api/common/messages', undefined, other))).toEqual([]);
    expectError(await api('PATCH', '/api/common/messages', { id: m.id, message: { read: false } }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/common/messages?id=${m.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/common/messages', { message: { title: '' } }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/common/messages', { message: { title: 'x', link: 'javascript:void(0)' } }), 400, 'VALIDATION');
    expectError(await api('DELETE', '/api/common/messages?id=nope'), 400, 'VALIDATION');

    expect(expectOk(await api('DELETE', `/api/common/messages?id=${m.id}`))).toBe(true);
    expect(expectOk(await api('GET', '/api/common/messages')).some((x: { id: string }) => x.id === m.id)).toBe(false);
    expectError(await api('GET', '/api/common/messages', undefined, 'not-a-token'), 401, 'UNAUTHORIZED');
  });
});

describe('notifications from the books', () => {
  it('asks once to close a month that ended, and closing it clears the question', async () => {
    expectOk(await api('POST', '/api/entries', { type: 'income', date: '2025-03-10', amount: 5000, categoryId: cat['Ventas'], paymentMethod: 'cash' }), 201);
    const list = expectOk(await api('GET', '/api/common/notifications'));
    const march = list.filter((n: { title: string }) => n.title === 'Close March 2025?');
    expect(march).toHaveLength(1);
    expect(march[0]).toMatchObject({ link: '/user/monthdashboard?year=2025&month=3', useRouter: true, read: false });
    // Read again: still once.
    expect((await titles()).filter((x: string) => x === 'Close March 2025?')).toHaveLength(1);
    // Marked read, it stays read.
    expectOk(await api('PATCH', '/api/common/notifications', { id: march[0].id, notification: { read: true } }));
    expect(expectOk(await api('GET', '/api/common/notifications')).find((n: { id: string }) => n.id === march[0].id).read).toBe(true);
    expectOk(await api('POST', '/api/tax-years/2025/months/3/close'));
    expect(await titles()).not.toContain('Close March 2025?');
    // The current month has not ended: no question about it.
    const now = new Date();
    const current = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now);
    expectOk(
      await api('POST', '/api/entries', {
        type: 'income',
        date: now.toISOString().slice(0, 10),
        amount: 100,
        categoryId: cat['Ventas'],
        paymentMethod: 'cash',
      }),
      201,
    );
    expect(await titles()).not.toContain(`Close ${current}?`);
  });

  it('asks for the receipt of a meal of 75 dollars or more, once, until one is attached; a removed one stays removed', async () => {
    const meal = expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2025-04-02', amount: 7500, categoryId: cat['Comidas'], paymentMethod: 'card' }),
      201,
    );
    expectOk(await api('POST', '/api/entries', { type: 'expense', date: '2025-04-03', amount: 7499, categoryId: cat['Comidas'], paymentMethod: 'card' }), 201);
    expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2025-04-04', amount: 90000, categoryId: cat['Publicidad'], paymentMethod: 'card' }),
      201,
    );
    const fuel = expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2025-04-05', amount: 12000, categoryId: cat['Gastos de vehículo'], paymentMethod: 'card' }),
      201,
    );
    const receipts = () =>
      api('GET', '/api/common/notifications').then((r) => expectOk(r).filter((n: { title: string }) => n.title === 'A receipt is missing'));
    const found = await receipts();
    expect(found.map((n: { description: string }) => n.description).sort()).toEqual([
      '$120.00 in Vehicle expenses on Apr 5, 2025 has no receipt. Attach one to keep the deduction safe.',
      '$75.00 in Meals on Apr 2, 2025 has no receipt. Attach one to keep the deduction safe.',
    ]);
    expect(found[0].link).toBe('/user/dailyoperationalexpenses?year=2025&month=4');
    expectOk(await t.api('POST', `/api/entries/${meal.id}/attachments`, { token: owner.token, body: form('file', png, 'ticket.png') }), 201);
    expect((await receipts()).map((n: { description: string }) => n.description)).toEqual([
      '$120.00 in Vehicle expenses on Apr 5, 2025 has no receipt. Attach one to keep the deduction safe.',
    ]);
    const fuelNote = (await receipts())[0];
    expect(expectOk(await api('DELETE', `/api/common/notifications?id=${fuelNote.id}`))).toBe(true);
    expect(await receipts()).toEqual([]);
    expect(fuel.id).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    const es = await t.bookkeeper();
    expectOk(await api('PATCH', '/api/settings', { preferences: { language: 'es' } }, es.token));
    expectOk(
      await api('POST', '/api/entries', { type: 'income', date: '2025-02-10', amount: 5000, categoryId: cat['Ventas'], paymentMethod: 'cash' }, es.token),
      201,
    );
    expect(await titles(es.token)).toContain('¿Cerrar Febrero de 2025?');
  });

  it('gives the quarterly estimated-tax dates two weeks ahead', () => {
    expect(estimatedTaxDue('2026-04-01')).toEqual({ due: '2026-04-15', quarter: 1 });
    expect(estimatedTaxDue('2026-03-31')).toBeUndefined();
    expect(estimatedTaxDue('2026-04-15')).toEqual({ due: '2026-04-15', quarter: 1 });
    expect(estimatedTaxDue('2026-04-16')).toBeUndefined();
    expect(estimatedTaxDue('2026-06-10')).toEqual({ due: '2026-06-15', quarter: 2 });
    expect(estimatedTaxDue('2026-09-01')).toEqual({ due: '2026-09-15', quarter: 3 });
    expect(estimatedTaxDue('2027-01-01')).toEqual({ due: '2027-01-15', quarter: 4 });
    expect(estimatedTaxDue('2026-12-31')).toBeUndefined();
    expect(estimatedTaxDue('2026-11-23')).toBeUndefined();
  });

  it('tells administrators of each sign-up, once', async () => {
    const newcomer = await t.signUpOwner({ name: 'Nuevo Dueño' });
    const mine = expectOk(await api('GET', '/api/common/notifications', undefined, admin)).filter(
      (n: { title: string; description: string }) => n.title === 'New sign-up' && n.description.includes(newcomer.email),
    );
    expect(mine).toHaveLength(1);
    expect(
      expectOk(await api('GET', '/api/common/notifications', undefined, admin)).filter((n: { description: string }) => n.description.includes(newcomer.email)),
    ).toHaveLength(1);
    // An owner is not told of others' sign-ups.
    expect(await titles()).not.toContain('New sign-up');
    expect(expectOk(await api('GET', '/api/common/notifications/mark-all-as-read', undefined, admin))).toBe(true);
  });
});

describe('support requests', () => {
  it('reaches the administrators, who answer; the answer arrives as a message, a notification and a mail', async () => {
    const before = expectOk(await api('GET', '/api/admin/stats', undefined, admin)).openSupportRequests;
    const req = expectOk(await api('POST', '/api/support-requests', { subject: 'Cannot close March', message: 'The button does nothing.' }), 201);
    expect(req).toMatchObject({ status: 'open', answer: null, hasScreenshot: false, user: { email: owner.email, plan: 'basic' } });
    const shot = expectOk(await t.api('POST', `/api/support-requests/${req.id}/screenshot`, { token: owner.token, body: form('screenshot', png, 'shot.png') }));
    expect(shot.hasScreenshot).toBe(true);
    const refused = await t.api('POST', `/api/support-requests/${req.id}/screenshot`, {
      token: owner.token,
      body: form('screenshot', Buffer.from('<svg/>'), 'x.png'),
    });
    expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(expectOk(await api('GET', '/api/admin/stats', undefined, admin)).openSupportRequests).toBe(before + 1);

    // Administrators only.
    expectError(await api('GET', '/api/admin/support-requests'), 403, 'FORBIDDEN');
    expectError(await api('PATCH', `/api/admin/support-requests/${req.id}`, { answer: 'x' }), 403, 'FORBIDDEN');
    const open = expectOk(await api('GET', '/api/admin/support-requests?status=open', undefined, admin));
    // Found by words of its subject, or by the asker, and not by others'.
    const found = expectOk(await api('GET', '/api/admin/support-requests?search=close%20march&sort=createdAt&order=desc&page=1&size=10', undefined, admin));
    expect(found.items.map((r: { id: string }) => r.id)).toEqual([req.id]);
    expect(found.pagination).toEqual({ page: 1, size: 10, total: 1, lastPage: 1 });
    expect(expectOk(await api('GET', `/api/admin/support-requests?search=${encodeURIComponent(owner.email)}`, undefined, admin)).items.length).toBeGreaterThan(
      0,
    );
    expect(expectOk(await api('GET', '/api/admin/support-requests?search=nothing-like-this', undefined, admin)).items).toEqual([]);
    expect(open.items.find((r: { id: string }) => r.id === req.id)).toMatchObject({ subject: 'Cannot close March', user: { plan: 'basic' } });
    expect((await api('GET', `/api/admin/support-requests/${req.id}/screenshot`, undefined, admin)).headers['content-type']).toBe('image/png');
    expect(
      expectOk(await api('GET', '/api/common/notifications', undefined, admin)).filter(
        (n: { title: string; description: string }) => n.title === 'New support request' && n.description === 'Lucía Prado: Cannot close March',
      ),
    ).toHaveLength(1);

    expectError(await api('PATCH', `/api/admin/support-requests/${req.id}`, {}, admin), 400, 'VALIDATION');
    const answered = expectOk(await api('PATCH', `/api/admin/support-requests/${req.id}`, { answer: 'Reopen February first, then close March.' }, admin));
    expect(answered).toMatchObject({ status: 'answered', answer: 'Reopen February first, then close March.' });
    expect(expectOk(await api('GET', '/api/admin/stats', undefined, admin)).openSupportRequests).toBe(before);

    const messages = expectOk(await api('GET', '/api/common/messages'));
    expect(messages[0]).toMatchObject({
      title: 'Re: Cannot close March',
      description: 'Reopen February first, then close March.',
      link: '/user/help-center/support',
      read: false,
    });
    expect((await titles()).filter((x: string) => x === 'Your support request was answered')).toHaveLength(1);
    const mail = await t.lastMailTo(owner.email);
    expect(mail.subject).toBe('Your support request: Cannot close March');
    expect(mail.text).toContain('Reopen February first, then close March.');
    expect(expectOk(await api('GET', '/api/support-requests')).items[0]).toMatchObject({ id: req.id, status: 'answered' });

    // Another owner sees none of it.
    const other = (await t.bookkeeper()).token;
    expect(expectOk(await api('GET', '/api/support-requests', undefined, other)).items).toEqual([]);
    expectError(await api('GET', `/api/support-requests/${req.id}/screenshot`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/support-requests', { subject: '', message: 'x' }), 400, 'VALIDATION');
    expect(expectOk(await api('PATCH', `/api/admin/support-requests/${req.id}`, { status: 'closed' }, admin)).status).toBe('closed');
  });

  it('tells the asker’s open tab at once (a WebSocket that a token opens)', async () => {
    const req = expectOk(await api('POST', '/api/support-requests', { subject: 'Live', message: 'Is this live?' }), 201);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo; // listen() on a TCP port: the address is an object
    const url = `ws://127.0.0.1:${port}/api/common/events`;
    const next = (ws: WebSocket) =>
      new Promise<string>((resolve, reject) => {
        ws.once('message', (m) => resolve(String(m)));
        ws.once('close', (code) => reject(new Error(`closed ${code}`)));
      });
    const opened = (ws: WebSocket) => new Promise((r) => ws.once('open', r));

    // A wrong token closes the socket, and nothing is told to it.
    const stranger = new WebSocket(url);
    await opened(stranger);
    const closed = new Promise<number>((r) => stranger.once('close', (code) => r(code)));
    stranger.send(JSON.stringify({ token: 'not-a-token' }));
    expect(await closed).toBe(4401);

    const ws = new WebSocket(url);
    await opened(ws);
    ws.send(JSON.stringify({ token: owner.token }));
    expect(JSON.parse(await next(ws))).toEqual({ type: 'hello' });
    const told = next(ws);
    expectOk(await api('PATCH', `/api/admin/support-requests/${req.id}`, { answer: 'Yes.' }, admin));
    expect(JSON.parse(await told)).toEqual({ type: 'panels' });
    ws.close();
  });
});

describe('search', () => {
  it('finds pages, the owner’s records and entries, and nothing of anyone else', async () => {
    expectOk(await api('POST', '/api/workers', { name: 'Rosa Quintero', kind: 'employee' }), 201);
    expectOk(
      await api('POST', '/api/entries', {
        type: 'expense',
        date: '2025-05-06',
        amount: 4510,
        categoryId: cat['Gastos de vehículo'],
        paymentMethod: 'card',
        description: 'SHELL ESTACION 22',
      }),
      201,
    );
    const other = await t.bookkeeper();
    expectOk(await api('POST', '/api/workers', { name: 'Rosa Secreta', kind: 'employee' }, other.token), 201);
    expectOk(
      await api(
        'POST',
        '/api/entries',
        { type: 'expense', date: '2025-05-06', amount: 4510, categoryId: cat['Gastos de vehículo'], paymentMethod: 'card', description: 'SHELL privado' },
        other.token,
      ),
      201,
    );

    const groups = (r: { id: string; label: string; results: { title: string; link: string; subtitle?: string }[] }[]) =>
      Object.fromEntries(r.map((g) => [g.id, g]));
    const rosa = groups(expectOk(await api('POST', '/api/common/search', { query: 'rosa' })));
    expect(rosa.workers!.label).toBe('Workers');
    expect(rosa.workers!.results).toEqual([{ title: 'Rosa Quintero', link: '/user/workers?search=Rosa%20Quintero' }]);

    const shell = groups(expectOk(await api('POST', '/api/common/search', { query: 'shell' })));
    expect(shell.entries!.results).toEqual([
      {
        title: 'SHELL ESTACION 22',
        link: '/user/dailyoperationalexpenses?year=2025&month=5&search=SHELL+ESTACION+22',
        subtitle: 'May 6, 2025 · Vehicle expenses · $45.10',
      },
    ]);
    const byAmount = groups(expectOk(await api('POST', '/api/common/search', { query: '45.10' })));
    expect(byAmount.entries!.results.map((r: { title: string }) => r.title)).toEqual(['SHELL ESTACION 22']);

    const pages = groups(expectOk(await api('POST', '/api/common/search', { query: 'profit' })));
    expect(pages.pages!.results).toEqual([
      { link: '/user/profitsandlossesmonth', title: 'Profit and loss (month)' },
      { link: '/user/profitsandlossesyear', title: 'Profit and loss (year)' },
    ]);
    // The supporting areas are pages too (issue 27): the stock, the documents and the icons.
    expect(groups(expectOk(await api('POST', '/api/common/search', { query: 'inventory' }))).pages!.results).toEqual([
      { link: '/apps/ecommerce/inventory', title: 'Inventory (stock)' },
    ]);
    expect(groups(expectOk(await api('POST', '/api/common/search', { query: 'documents' }))).pages!.results[0]!.link).toBe('/apps/file-manager');
    expect(groups(expectOk(await api('POST', '/api/common/search', { query: 'chat' }))).pages!.results).toEqual([
      { link: '/apps/chat', title: 'Chat (support)' },
    ]);
    // An owner is not offered the administrators' pages; an administrator is.
    expect(groups(expectOk(await api('POST', '/api/common/search', { query: 'users' }))).pages).toBeUndefined();
    expect(groups(expectOk(await api('POST', '/api/common/search', { query: 'users' }, admin))).pages!.results[0]).toEqual({ link: '/users', title: 'Users' });

    expect(expectOk(await api('POST', '/api/common/search', { query: 'r' }))).toEqual([]);
    expect(expectOk(await api('POST', '/api/common/search', { query: '%_' }))).toEqual([]);
    expectError(await api('POST', '/api/common/search', { query: 'x'.repeat(101) }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/common/search', {}), 400, 'VALIDATION');
  });

  it('reads amounts through strings', () => {
    expect(amountOf('45.10')).toBe(4510);
    expect(amountOf('$1,234.56')).toBe(123456);
    expect(amountOf('1.234,5')).toBe(123450);
    expect(amountOf('75')).toBe(7500);
    expect(amountOf('shell')).toBeNull();
    expect(amountOf('1.2.3')).toBeNull();
  });
});

describe('the help center', () => {
  it('serves FAQs by category, guides with their counts, and one guide as safe HTML, in the user’s language', async () => {
    const faqs = expectOk(await api('GET', '/api/apps/help-center/faqs'));
    expect(faqs.map((c: { slug: string }) => c.slug)).toEqual(['general', 'plans', 'books', 'people', 'mileage', 'taxes', 'account']);
    expect(faqs[0].faqs[0]).toMatchObject({ id: 'general-1', categoryId: 'general', question: 'What is Cuadre?' });
    expect(faqs.find((c: { slug: string }) => c.slug === 'books').faqs.map((f: { id: string }) => f.id)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `books-${n}`),
    );
    expect(expectOk(await api('GET', '/api/apps/help-center/faqs?slug=taxes')).map((c: { slug: string }) => c.slug)).toEqual(['taxes']);

    const guides = expectOk(await api('GET', '/api/apps/help-center/guides?limit=1'));
    expect(guides.map((c: { slug: string }) => c.slug)).toEqual([
      'getting-started',
      'recording',
      'people',
      'mileage',
      'closing',
      'reports',
      'import',
      'account',
      'administration',
    ]);
    const recording = guides.find((c: { slug: string }) => c.slug === 'recording');
    expect(recording).toMatchObject({ title: 'Recording your day', visibleGuides: 1, totalGuides: 5 });
    expect(recording.guides[0]).toMatchObject({ slug: 'daily-income', title: "Recording a day's income" });
    expect(recording.guides[0].content).toBeUndefined();
    const all = expectOk(await api('GET', '/api/apps/help-center/guides?slug=recording')).at(0);
    expect(all).toMatchObject({ visibleGuides: 5, totalGuides: 5 });
    expect(all.guides.map((g: { slug: string }) => g.slug)).toEqual([
      'daily-income',
      'expenses-and-receipts',
      'purchases',
      'own-subcategories',
      'correcting-entries',
    ]);

    const one = expectOk(await api('GET', '/api/apps/help-center/guide?categorySlug=mileage&guideSlug=standard-rate'));
    expect(one).toMatchObject({ slug: 'mileage', guide: { slug: 'standard-rate', title: 'The mileage log and the standard rate' } });
    expect(one.guide.content).toContain('<p>');
    expect(one.guide.content).toContain('href="/user/monthlymileage"');
    expect(one.guide.content).not.toMatch(/<script|javascript:/i);
    expectError(await api('GET', '/api/apps/help-center/guide?categorySlug=mileage&guideSlug=nope'), 404, 'NOT_FOUND');
    expectError(await api('GET', '/api/apps/help-center/guide?categorySlug=../etc&guideSlug=x'), 400, 'VALIDATION');

    const tr = await t.bookkeeper();
    expectOk(await api('PATCH', '/api/settings', { preferences: { language: 'tr' } }, tr.token));
    expect(expectOk(await api('GET', '/api/apps/help-center/faqs?slug=general', undefined, tr.token))[0].faqs[0].question).toBe('Cuadre nedir?');
  });

  it('searches inside the guides and answers: every word, any case, any accents, with an excerpt around the match', async () => {
    const search = async (query: string, as = owner.token) =>
      expectOk(await api('GET', `/api/apps/help-center/search?query=${encodeURIComponent(query)}`, undefined, as));

    // Words of a guide's body, not of any title: the search reads the text.
    const van = await search('transit connect');
    expect(van.guides.map((g: { categorySlug: string; slug: string }) => `${g.categorySlug}/${g.slug}`)).toEqual(['mileage/vehicles']);
    expect(van.guides[0]).toMatchObject({ categoryTitle: 'Vehicles and mileage', title: 'Your vehicles' });
    expect(`${van.guides[0].title} ${van.guides[0].subtitle}`.toLowerCase()).not.toContain('transit');
    expect(van.guides[0].excerpt).toContain('Transit Connect');
    expect(van.guides[0].excerpt.length).toBeLessThanOrEqual(210);
    // Plain text: no Markdown or HTML in an excerpt.
    expect(van.guides[0].excerpt).not.toMatch(/\*\*|<|\]\(/);

    // Case and accents are ignored both ways; the excerpt keeps the text as written.
    const dairy = await search('LACTEOS');
    expect(dairy.guides.map((g: { slug: string }) => g.slug)).toContain('providers');
    expect(dairy.guides.find((g: { slug: string }) => g.slug === 'providers').excerpt).toContain('Lácteos Hill Country');
    expect((await search('LÁCTEOS')).guides).toEqual(dairy.guides);

    // Every word must be there (in the title or the text).
    const both = await search('odometer purpose');
    expect(both.guides.map((g: { slug: string }) => g.slug)).toContain('standard-rate');
    expect(await search('odometer zzyzx')).toEqual({ guides: [], faqs: [] });

    // Guides whose title holds every word come first.
    expect((await search('standard rate')).guides[0]).toMatchObject({ categorySlug: 'mileage', slug: 'standard-rate' });

    // Questions are found by their answers too, and link back by id.
    const mail = await search('spam folder');
    expect(mail.faqs.map((f: { id: string }) => f.id)).toContain('account-2');
    expect(mail.faqs.find((f: { id: string }) => f.id === 'account-2')).toMatchObject({
      categorySlug: 'account',
      categoryTitle: 'Your account',
      question: 'I did not receive the confirmation e-mail',
    });

    // Too short a query is refused, not answered with everything; so is one without a query.
    expectError(await api('GET', '/api/apps/help-center/search?query=a'), 400, 'VALIDATION');
    expectError(await api('GET', '/api/apps/help-center/search?query=%20a%20'), 400, 'VALIDATION');
    expectError(await api('GET', '/api/apps/help-center/search'), 400, 'VALIDATION');
    expectError(await t.api('GET', '/api/apps/help-center/search', { query: { query: 'mileage' } }), 401, 'UNAUTHORIZED');

    // In the user's language: a Turkish reader's results are the Turkish guides.
    const tr = await t.bookkeeper();
    expectOk(await api('PATCH', '/api/settings', { preferences: { language: 'tr' } }, tr.token));
    const trTitle: string = expectOk(await api('GET', '/api/apps/help-center/guides?slug=mileage&limit=10', undefined, tr.token))[0].guides.find(
      (g: { slug: string }) => g.slug === 'vehicles',
    ).title;
    expect(trTitle).not.toBe('Your vehicles');
    const word = trTitle
      .split(/\s+/)
      .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
      .sort((a, b) => b.length - a.length)[0]!;
    const found = await search(word, tr.token);
    expect(found.guides.find((g: { slug: string }) => g.slug === 'vehicles')?.title).toBe(trTitle);
    expect(found.guides.map((g: { title: string }) => g.title)).not.toContain('Your vehicles');
  });
});
