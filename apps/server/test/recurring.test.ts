import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { occurrenceDate, type RecurringFrequency } from '@cuadre/contracts';
import { auditLog, entries, panelItems, recurringOccurrences, recurringTemplates, taxMonths, users } from '../src/db/schema/index.js';
import { EventBus } from '../src/lib/events.js';
import { FileStore } from '../src/lib/file-store.js';
import { EntriesService } from '../src/modules/books/entries.service.js';
import { RecurringService } from '../src/modules/books/index.js';
import { StorageQuota } from '../src/modules/files/index.js';
import { BudgetWarnings } from '../src/modules/finance/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createTestStore } from './helpers/database.js';
import { expectError, expectOk } from './helpers/expect.js';
import { needs } from './helpers/services.js';

let t: TestApp;
let token: string;
let ownerId: string;
let expenseCat: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, tok = token) => t.api(method, url, { token: tok, body });
/**
 * A round of the scheduler the server runs, at the time a test chooses (dates far ahead, where the server's
 * own rounds never reach), its entries' budgets checked as the books area wires them.
 */
const runDue = (app: TestApp, now: Date) => {
  const events = new EventBus(undefined, 'test', app.app.log);
  const warnings = new BudgetWarnings(app.db, events);
  return new RecurringService(
    app.db,
    new EntriesService(app.db, new FileStore(path.join(app.config.dataDir, 'attachments')), new StorageQuota(app.config.filesQuotaBytes), (owner, dates) =>
      warnings.check(owner, dates),
    ),
    events,
    (ownerId) => app.app.jobs.ownerChanged(ownerId),
  ).runDue(now);
};
/** Noon UTC of a day: that day in UTC and in Madrid. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** A month to come, closed as its owner will close it once it has ended (the API refuses it before its last day). */
const closedAhead = (year: number, month: number) => t.db.insert(taxMonths).values({ ownerId, year, month, status: 'closed', closedAt: new Date() });
const rent = (amount = 120000) => ({ type: 'expense', amount, categoryId: expenseCat, paymentMethod: 'transfer', description: 'Rent' });
const madeBy = (app: TestApp, id: string) =>
  app.db.select({ date: entries.date, amount: entries.amount }).from(entries).where(eq(entries.recurringId, id)).orderBy(entries.date);

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.ownerToken({ name: 'Rita Rent' });
  token = made.token;
  ownerId = made.owner.id;
  const cats = expectOk(await api('GET', '/api/categories')).items as { id: string; kind: string }[];
  expenseCat = cats.find((c) => c.kind === 'expense')!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('the dates of a schedule (a pure function)', () => {
  const dates = (start: string, f: RecurringFrequency, interval: number, n: number) =>
    Array.from({ length: n }, (_, i) => occurrenceDate(start, f, interval, i));

  it('monthly on the 31st falls on each month’s last day over two years, 29 February in a leap year', () => {
    const got = dates('2027-01-31', 'monthly', 1, 24);
    expect(got).toEqual([
      '2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31',
      '2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30', '2028-07-31', '2028-08-31', '2028-09-30', '2028-10-31', '2028-11-30', '2028-12-31',
    ]); // prettier-ignore
  });

  it('weekly, every two weeks, quarterly and yearly over two years', () => {
    const weekly = dates('2027-12-27', 'weekly', 1, 105);
    expect(weekly.slice(0, 3)).toEqual(['2027-12-27', '2028-01-03', '2028-01-10']);
    expect(weekly.at(-1)).toBe('2029-12-24');
    expect(weekly.includes('2028-02-28') && !weekly.includes('2028-02-29')).toBe(true);
    expect(dates('2028-02-15', 'weekly', 2, 2)).toEqual(['2028-02-15', '2028-02-29']);
    expect(dates('2027-11-30', 'quarterly', 1, 9)).toEqual([
      '2027-11-30',
      '2028-02-29',
      '2028-05-30',
      '2028-08-30',
      '2028-11-30',
      '2029-02-28',
      '2029-05-30',
      '2029-08-30',
      '2029-11-30',
    ]);
    expect(dates('2028-02-29', 'yearly', 1, 3)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
    expect(dates('2027-03-15', 'monthly', 5, 5)).toEqual(['2027-03-15', '2027-08-15', '2028-01-15', '2028-06-15', '2028-11-15']);
  });
});

describe('recurring entries through the API and the scheduler', () => {
  it('lists, adds, changes, pauses and resumes; bad input is refused with nothing written', async () => {
    const before = await t.count(entries, eq(entries.ownerId, ownerId));
    const bad = await api('POST', '/api/recurring', { template: { ...rent(), workerId: crypto.randomUUID() }, frequency: 'monthly', startDate: '2031-01-31' });
    expectError(bad, 400, 'VALIDATION');
    expectError(await api('POST', '/api/recurring', { template: rent(), frequency: 'daily', startDate: '2031-01-31' }), 400, 'VALIDATION');
    expectError(
      await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2031-01-31', endDate: '2030-01-01' }),
      400,
      'VALIDATION',
    );
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2031-01-31', mode: 'record' }), 201);
    expect(made).toMatchObject({ frequency: 'monthly', interval: 1, nextDate: '2031-01-31', amount: 120000, mode: 'record', paused: false, made: 0 });
    const list = expectOk(await api('GET', '/api/recurring'));
    expect(list.items.map((r: { id: string }) => r.id)).toContain(made.id);
    expect(list.pagination).toMatchObject({ page: 1, size: 10 });
    const paused = expectOk(await api('PATCH', `/api/recurring/${made.id}`, { paused: true }));
    expect(paused.paused).toBe(true);
    expect(await runDue(t, noon('2031-03-01'))).toBe(0);
    expect(await madeBy(t, made.id)).toEqual([]);
    const changed = expectOk(await api('PATCH', `/api/recurring/${made.id}`, { template: rent(99000) }));
    expect(changed.amount).toBe(99000);
    expect(await t.count(entries, eq(entries.ownerId, ownerId))).toBe(before);
    expectOk(await api('DELETE', `/api/recurring/${made.id}`));
  });

  it('writes each monthly date through the job, on the last day of shorter months and 29 February, once whatever rounds run', async () => {
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2031-12-31', count: 24 }), 201);
    expect(await runDue(t, noon('2031-12-30'))).toBe(0);
    // A list read before the round (and kept by the read cache) is not what the next read answers.
    const window = { from: '2032-01-01', to: '2032-03-31', search: 'Rent' };
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: window })).totals.count).toBe(0);
    expect(await runDue(t, noon('2032-03-31'))).toBe(4);
    expect(expectOk(await t.api('GET', '/api/entries', { token, query: window })).totals.count).toBe(3);
    expect(await runDue(t, noon('2032-03-31'))).toBe(0);
    expect((await madeBy(t, made.id)).map((e) => e.date)).toEqual(['2031-12-31', '2032-01-31', '2032-02-29', '2032-03-31']);
    await runDue(t, noon('2034-06-01'));
    const all = (await madeBy(t, made.id)).map((e) => e.date);
    expect(all).toHaveLength(24);
    expect(all).toEqual(Array.from({ length: 24 }, (_, i) => occurrenceDate('2031-12-31', 'monthly', 1, i)));
    expect(all.at(-1)).toBe('2033-11-30');
    const after = expectOk(await api('GET', `/api/recurring/${made.id}`));
    expect(after).toMatchObject({ nextDate: null, made: 24 });
    // The entry links back and its history says so.
    const entry = expectOk(await api('GET', '/api/entries', undefined)).items.find((e: { recurringId: string | null }) => e.recurringId === made.id);
    expect(entry).toBeTruthy();
    const history = expectOk(await t.api('GET', '/api/audit', { token, query: { entity: 'entry', id: entry.id } }));
    expect(JSON.stringify(history)).toContain(made.id);
  });

  it('falls due by the owner’s time zone', async () => {
    expectOk(await api('PATCH', '/api/settings', { preferences: { timeZone: 'Pacific/Kiritimati' } }));
    try {
      const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'weekly', startDate: '2035-06-02' }), 201);
      // 11:00 UTC on 1 June is already 2 June in Kiritimati (UTC+14).
      expect(await runDue(t, new Date('2035-06-01T11:00:00Z'))).toBe(1);
      expect((await madeBy(t, made.id)).map((e) => e.date)).toEqual(['2035-06-02']);
      expectOk(await api('DELETE', `/api/recurring/${made.id}`));
    } finally {
      expectOk(await api('PATCH', '/api/settings', { preferences: { timeZone: 'UTC' } }));
    }
    expectError(await api('PATCH', '/api/settings', { preferences: { timeZone: 'Mars/Olympus' } }), 400, 'VALIDATION');
  });

  it('takes the browser’s time zone at sign-up as the account’s', async () => {
    const email = `zone-${Date.now()}@example.com`;
    const body = { name: 'Zona Horaria', email, password: 'Tortilla-Ledger-77', agreements: true, timeZone: 'America/Mexico_City' };
    expectError(await t.api('POST', '/api/auth/sign-up', { body: { ...body, timeZone: 'Nowhere/Else' } }), 400, 'VALIDATION');
    expect(expectOk(await t.api('POST', '/api/auth/sign-up', { body }))).toBe(true);
    const [row] = await t.db.select({ preferences: users.preferences }).from(users).where(eq(users.email, email));
    expect(row?.preferences).toMatchObject({ timeZone: 'America/Mexico_City' });
  });

  it('a date in a closed month is not written; the owner is notified', async () => {
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2036-01-15', count: 3 }), 201);
    await closedAhead(2036, 2);
    expect(await runDue(t, noon('2036-03-20'))).toBe(3);
    expect((await madeBy(t, made.id)).map((e) => e.date)).toEqual(['2036-01-15', '2036-03-15']);
    const [occ] = await t.db
      .select()
      .from(recurringOccurrences)
      .where(and(eq(recurringOccurrences.recurringId, made.id), eq(recurringOccurrences.date, '2036-02-15')));
    expect(occ).toMatchObject({ status: 'closed', entryId: null });
    const notes = expectOk(await api('GET', '/api/common/notifications')) as { title: string; description: string }[];
    expect(notes.some((n) => n.title === 'A recurring entry was not recorded' && n.description.includes('2036-02-15'))).toBe(true);
  });

  it('remind mode: a notification on its date whose call records it once, with the amount given', async () => {
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(4500), frequency: 'monthly', startDate: '2037-05-10', mode: 'remind' }), 201);
    expect(await runDue(t, noon('2037-05-10'))).toBe(1);
    expect(await madeBy(t, made.id)).toEqual([]);
    const notes = expectOk(await api('GET', '/api/common/notifications')) as { title: string; link: string }[];
    const due = notes.find((n) => n.link === `/user/recurring?record=${made.id}&date=2037-05-10`);
    expect(due?.title).toBe('A recurring entry is due');
    expectError(await api('POST', `/api/recurring/${made.id}/record`, { date: '2037-06-10' }), 404, 'NOT_FOUND');
    const entry = expectOk(await api('POST', `/api/recurring/${made.id}/record`, { date: '2037-05-10', amount: 4725 }), 201);
    expect(entry).toMatchObject({ date: '2037-05-10', amount: 4725, recurringId: made.id, description: 'Rent' });
    expectError(await api('POST', `/api/recurring/${made.id}/record`, { date: '2037-05-10' }), 409, 'CONFLICT');
    expect(await madeBy(t, made.id)).toEqual([{ date: '2037-05-10', amount: 4725 }]);
  });

  it('remind mode in a closed month: no reminder to record it, the owner told it was not recorded, and the call refused', async () => {
    const made = expectOk(
      await api('POST', '/api/recurring', { template: rent(3300), frequency: 'monthly', startDate: '2039-07-05', count: 1, mode: 'remind' }),
      201,
    );
    await closedAhead(2039, 7);
    await runDue(t, noon('2039-07-06'));
    const notes = expectOk(await api('GET', '/api/common/notifications')) as { title: string; description: string; link: string }[];
    expect(notes.some((n) => n.link === `/user/recurring?record=${made.id}&date=2039-07-05`)).toBe(false);
    expect(notes.some((n) => n.title === 'A recurring entry was not recorded' && n.description.includes('2039-07-05'))).toBe(true);
    expect((await api('POST', `/api/recurring/${made.id}/record`, { date: '2039-07-05' })).status).toBeGreaterThanOrEqual(400);
    expect(await madeBy(t, made.id)).toEqual([]);
  });

  it('resumed after a pause, the dates missed meanwhile are not made late; the schedule goes on from today', async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const threeMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2041-01-01', mode: 'record' }), 201);
    expectOk(await api('PATCH', `/api/recurring/${made.id}`, { paused: true }));
    // As if it had been paused for three months: its schedule moved back to then (time cannot be moved in a test).
    await t.db.update(recurringTemplates).set({ startDate: threeMonthsAgo, nextDate: threeMonthsAgo, nextIndex: 0 }).where(eq(recurringTemplates.id, made.id));
    await runDue(t, now);
    expect(await madeBy(t, made.id)).toEqual([]);
    const resumed = expectOk(await api('PATCH', `/api/recurring/${made.id}`, { paused: false }));
    expect(resumed.paused).toBe(false);
    expect(resumed.nextDate >= today).toBe(true);
    await runDue(t, now);
    expect((await madeBy(t, made.id)).every((e) => e.date >= today)).toBe(true);
    expectOk(await api('DELETE', `/api/recurring/${made.id}`));
  });

  it('the entry dialog’s Repeat: the first entry written now, counted as the first occurrence', async () => {
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2038-01-31', recordFirst: true }), 201);
    expect(made).toMatchObject({ nextDate: '2038-02-28', made: 1, firstEntry: { date: '2038-01-31', recurringId: made.id } });
    await runDue(t, noon('2038-02-28'));
    expect((await madeBy(t, made.id)).map((e) => e.date)).toEqual(['2038-01-31', '2038-02-28']);
  });

  it('a date that has already come is made at once, not at the next round', async () => {
    const now = new Date();
    const firstOfLast = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const firstOfThis = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: firstOfLast, recordFirst: true }), 201);
    expect(made).toMatchObject({ made: 2, firstEntry: { date: firstOfLast } });
    expect((await madeBy(t, made.id)).map((e) => e.date)).toEqual([firstOfLast, firstOfThis]);
    expectOk(await api('DELETE', `/api/recurring/${made.id}`));
  });

  it('deleting stops what is to come and keeps what was made, still linked', async () => {
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'weekly', startDate: '2039-01-03' }), 201);
    await runDue(t, noon('2039-01-10'));
    expect(await madeBy(t, made.id)).toHaveLength(2);
    expectOk(await api('DELETE', `/api/recurring/${made.id}`));
    expectError(await api('GET', `/api/recurring/${made.id}`), 404, 'NOT_FOUND');
    await runDue(t, noon('2039-03-01'));
    expect(await madeBy(t, made.id)).toHaveLength(2);
    expect(expectOk(await api('GET', '/api/recurring')).items.some((r: { id: string }) => r.id === made.id)).toBe(false);
  });

  it('another owner’s template answers 404 to every call, and is not in their list', async () => {
    const mine = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2040-01-01', mode: 'remind' }), 201);
    const other = (await t.ownerToken({ name: 'Otro Dueño' })).token;
    expectError(await api('GET', `/api/recurring/${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', `/api/recurring/${mine.id}`, { paused: true }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/recurring/${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('POST', `/api/recurring/${mine.id}/record`, { date: '2040-01-01' }, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('GET', '/api/recurring', undefined, other)).items).toEqual([]);
    // Another owner's category in a template reads as no such category.
    const theirs = await api(
      'POST',
      '/api/recurring',
      { template: { ...rent(), categoryId: crypto.randomUUID() }, frequency: 'monthly', startDate: '2040-01-01' },
      other,
    );
    expectError(theirs, 400, 'VALIDATION');
    expect(expectOk(await api('GET', `/api/recurring/${mine.id}`)).paused).toBe(false);
  });
});

describe('budget warnings after the entries the recurring templates make', () => {
  // Owners of their own (their budgets and notifications apart from the other tests'), and dates before those the
  // templates left by the tests above are due on, so a round here has only these tests' templates to make.
  /** An owner with a budget on the expense category. */
  const budgeted = async (budget: number) => {
    const { token: tok, owner } = await t.ownerToken({ name: 'Berta Presupuesto' });
    expectOk(await api('PUT', '/api/budgets', { categoryId: expenseCat, amount: budget }, tok));
    const warned = async () =>
      (
        await t.db
          .select({ key: panelItems.key })
          .from(panelItems)
          .where(and(eq(panelItems.ownerId, owner.id), like(panelItems.key, 'budget:%')))
      )
        .map((r) => r.key!) // not null: the filter matched it
        .sort();
    return { tok, warned };
  };

  it('a scheduled entry that passes a budget warns the owner, in the account’s language and currency', async () => {
    const { tok, warned } = await budgeted(100000);
    expectOk(await api('PATCH', '/api/settings', { preferences: { language: 'es' }, business: { currency: 'EUR' } }, tok));
    const made = expectOk(await api('POST', '/api/recurring', { template: rent(60000), frequency: 'weekly', startDate: '2030-03-04' }, tok), 201);
    expect(await runDue(t, noon('2030-03-04'))).toBe(1);
    expect(await madeBy(t, made.id)).toEqual([{ date: '2030-03-04', amount: 60000 }]);
    expect(await warned()).toEqual([]); // 60 %
    await runDue(t, noon('2030-03-11'));
    expect(await madeBy(t, made.id)).toHaveLength(2);
    expect(await warned()).toEqual([`budget:${expenseCat}:2030-03:100`]); // 120 %: past both thresholds at once, the higher one
    const notes = expectOk(await api('GET', '/api/common/notifications', undefined, tok)) as { title: string; description: string; link: string }[];
    const warning = notes.find((n) => n.link === '/user/budgets?month=2030-03');
    expect(warning?.title).toMatch(/ superó su presupuesto$/);
    expect(warning?.description).toMatch(/EUR\s1,200\.00/); // the account's currency, as its language writes numbers (es-US)
    // Another round of the same day writes nothing more and warns no more.
    await runDue(t, noon('2030-03-11'));
    expect(await warned()).toHaveLength(1);
    expectOk(await api('DELETE', `/api/recurring/${made.id}`, undefined, tok));
  });

  it('so does one made at once by the server (a date already come), and one recorded from a reminder or the entry dialog’s Repeat', async () => {
    const { tok, warned } = await budgeted(100000);
    // The server's own wiring: a start date already come is made in the call (the scheduler's round for one template).
    const firstOfThis = new Date().toISOString().slice(0, 8) + '01';
    const month = firstOfThis.slice(0, 7);
    const now = expectOk(await api('POST', '/api/recurring', { template: rent(85000), frequency: 'monthly', startDate: firstOfThis }, tok), 201);
    expect(await madeBy(t, now.id)).toEqual([{ date: firstOfThis, amount: 85000 }]);
    expect(await warned()).toEqual([`budget:${expenseCat}:${month}:80`]);
    expectOk(await api('DELETE', `/api/recurring/${now.id}`, undefined, tok)); // its later months are not this test's
    // A reminder recorded by its call.
    const remind = expectOk(await api('POST', '/api/recurring', { template: rent(), frequency: 'monthly', startDate: '2030-05-10', mode: 'remind' }, tok), 201);
    await runDue(t, noon('2030-05-10'));
    expect(await warned()).toHaveLength(1);
    expectOk(await api('POST', `/api/recurring/${remind.id}/record`, { date: '2030-05-10', amount: 110000 }, tok), 201);
    expect(await warned()).toEqual([`budget:${expenseCat}:2030-05:100`, `budget:${expenseCat}:${month}:80`].sort());
    // The first entry written with the template.
    expectOk(await api('POST', '/api/recurring', { template: rent(90000), frequency: 'monthly', startDate: '2030-09-05', recordFirst: true }, tok), 201);
    expect(await warned()).toContain(`budget:${expenseCat}:2030-09:80`);
  });
});

needs('postgres').describe('two server processes on one database', () => {
  it('make exactly one entry per date however their rounds race', async () => {
    const store = await createTestStore();
    try {
      const a = await createTestApp({}, { store });
      const b = await createTestApp({}, { store });
      try {
        const { token: tok } = await a.ownerToken();
        const made = expectOk(
          await a.api('POST', '/api/recurring', { token: tok, body: { template: rent(), frequency: 'weekly', startDate: '2041-01-07' } }),
          201,
        );
        const now = noon('2041-03-25'); // 12 weekly dates
        await Promise.all([runDue(a, now), runDue(b, now), runDue(a, now), runDue(b, now)]);
        await Promise.all([runDue(b, now), runDue(a, now)]);
        const dates = (await madeBy(a, made.id)).map((e) => e.date);
        expect(dates).toHaveLength(12);
        expect(new Set(dates).size).toBe(12);
        expect(await a.count(auditLog, and(eq(auditLog.entity, 'entry'), eq(auditLog.action, 'create')))).toBe(12);
      } finally {
        await a.app.close();
        await b.app.close();
      }
    } finally {
      await store.drop();
    }
  });
});
