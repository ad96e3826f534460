import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { budgets, panelItems } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

/**
 * Budgets and the finance dashboard. The fixture is dated from today (the dashboard is about the
 * current month and year), and every expected figure below is worked out by hand from it.
 */
const SALES = '00000000-0000-4000-8000-000000000001';
const ADVERTISING = '00000000-0000-4000-8000-000000000009';
const RENT = '00000000-0000-4000-8000-000000000017'; // a bill (Schedule C 20b)
const MEALS = '00000000-0000-4000-8000-000000000022';
const UTILITIES = '00000000-0000-4000-8000-000000000023'; // a bill (Schedule C 25)
const OFFICE = '00000000-0000-4000-8000-000000000015';

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const ym = today.slice(0, 7);
const pad = (n: number) => String(n).padStart(2, '0');
const prevYm = month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
const lastDay = (y: number, m: number) => `${y}-${pad(m)}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
const prevInYear = prevYm.startsWith(String(year));

let t: TestApp;
let owner: string;
let other: string;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = owner) => t.api(method, url, { token, body });
const spend = (categoryId: string, amount: number, date = `${ym}-01`, token = owner) =>
  api('POST', '/api/entries', { type: 'expense', date, amount, categoryId, paymentMethod: 'card', description: `Spend ${amount}` }, token);
let ownerId: string;
/** One owner's budget warnings of a category and month (the panel's rows, read directly to count them). */
const ofOwner = (categoryId: string, m: string, id: string) => and(eq(panelItems.ownerId, id), like(panelItems.key, `budget:${categoryId}:${m}:%`));
const warnings = (categoryId: string, m = ym, id = ownerId) => t.count(panelItems, ofOwner(categoryId, m, id));
const warningKeys = async (categoryId: string, m = ym, id = ownerId) =>
  (
    await t.db
      .select({ key: panelItems.key })
      .from(panelItems)
      .where(ofOwner(categoryId, m, id))
  )
    .map((r) => r.key)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  const first = await t.bookkeeper({ name: 'Finance Owner' });
  owner = first.token;
  ownerId = first.owner.id;
  other = (await t.bookkeeper({ name: 'Someone Else' })).token;
});
afterAll(async () => {
  await t?.close();
});

describe('finance dashboard: the figures against the books, to the cent', () => {
  let fixtureToken: string;
  beforeAll(async () => {
    fixtureToken = (await t.bookkeeper({ name: 'Fixture Owner' })).token;
    const post = async (url: string, body: unknown) => expectOk(await api('POST', url, body, fixtureToken), 201);
    // This month: income 5,000.00; utilities 123.45 (a bill); advertising 300.00; 100 miles at 72.5 ¢ (2026) = 72.50.
    await post('/api/entries', { type: 'income', date: `${ym}-01`, amount: 500000, categoryId: SALES, paymentMethod: 'cash', description: 'Sales day one' });
    await post('/api/entries', { type: 'expense', date: `${ym}-01`, amount: 12345, categoryId: UTILITIES, paymentMethod: 'card' });
    await post('/api/entries', { type: 'expense', date: `${ym}-01`, amount: 30000, categoryId: ADVERTISING, paymentMethod: 'card', reference: 'AD-7' });
    const van = await post('/api/vehicles', { name: 'Van' });
    await post('/api/trips', { vehicleId: van.id, date: `${ym}-01`, miles: 100, purpose: 'Deliveries' });
    // Last month: rent 1,000.00 (a bill), income 2,000.00.
    await post('/api/entries', { type: 'expense', date: `${prevYm}-15`, amount: 100000, categoryId: RENT, paymentMethod: 'transfer' });
    await post('/api/entries', { type: 'income', date: `${prevYm}-15`, amount: 200000, categoryId: SALES, paymentMethod: 'cash' });
    // Last year, early January: income 1,000.00 (the growth rate's base).
    await post('/api/entries', { type: 'income', date: `${year - 1}-01-01`, amount: 100000, categoryId: SALES, paymentMethod: 'cash' });
    // Budgets: utilities 150.00, advertising 350.00.
    expectOk(await api('PUT', '/api/budgets', { categoryId: UTILITIES, amount: 15000 }, fixtureToken));
    expectOk(await api('PUT', '/api/budgets', { categoryId: ADVERTISING, amount: 35000 }, fixtureToken));
  });

  it('answers the spec’s shape with the hand-computed figures', async () => {
    const d = expectOk(await api('GET', '/api/dashboards/finance', undefined, fixtureToken));
    // Year: 5,000.00 + 2,000.00 (if last month is this year) − 123.45 − 300.00 − 1,000.00 (same) − 72.50.
    const balance = prevInYear ? 500000 + 200000 - 12345 - 30000 - 100000 - 7250 : 500000 - 12345 - 30000 - 7250;
    expect(d.accountBalance.balance).toBe(balance);
    expect(d.accountBalance.year).toBe(year);
    expect(d.accountBalance.ami).toBe(Math.round((prevInYear ? 700000 : 500000) / month));
    expect(d.accountBalance.growRate).toBe(Math.round(((balance - 100000) * 10000) / 100000) / 100);
    const series = d.accountBalance.series[0];
    expect(series.name).toBe('Net');
    expect(series.data[0].x).toBe(`${year}-01-01`);
    expect(series.data.at(-1)).toEqual({ x: today, y: balance });
    expect(d.budget).toEqual({
      expenses: 42345,
      expensesLimit: 50000,
      savings: 500000 - 42345 - 7250,
      savingsGoal: 500000 - 42345 - 7250 + 42345 - 50000,
      bills: 12345,
      billsLimit: 15000,
    });
    expect(d.currentStatement).toEqual({ status: 'pending', date: lastDay(year, month), limit: 50000, spent: 42345, minimum: 12345 });
    expect(d.previousStatement).toEqual({
      status: 'pending',
      date: lastDay(Number(prevYm.slice(0, 4)), Number(prevYm.slice(5))),
      limit: 50000,
      spent: 100000,
      minimum: 100000,
    });
    expect(d.recentTransactions).toHaveLength(6);
    expect(d.recentTransactions[0]).toMatchObject({ transactionId: 'AD-7', status: 'completed', date: `${ym}-01`, amount: -30000 });
    expect(d.recentTransactions[0].link).toBe(`/user/dailyoperationalexpenses?year=${year}&month=${month}&search=AD-7`);
    expect(d.recentTransactions[2]).toMatchObject({ name: 'Sales day one', amount: 500000 });
  });

  it('has the same balance as the year’s profit and loss net, to the cent', async () => {
    const d = expectOk(await api('GET', '/api/dashboards/finance', undefined, fixtureToken));
    const pnl = expectOk(await api('GET', `/api/reports/pnl?year=${year}`, undefined, fixtureToken));
    expect(d.accountBalance.balance).toBe(pnl.net);
  });

  it('marks a closed month’s statement paid', async () => {
    const [py, pm] = [Number(prevYm.slice(0, 4)), Number(prevYm.slice(5))];
    expectOk(await api('POST', `/api/tax-years/${py}/months/${pm}/close`, undefined, fixtureToken));
    const d = expectOk(await api('GET', '/api/dashboards/finance', undefined, fixtureToken));
    expect(d.previousStatement.status).toBe('paid');
    expect(d.currentStatement.status).toBe('pending');
    expectOk(await api('POST', `/api/tax-years/${py}/months/${pm}/reopen`, undefined, fixtureToken));
  });

  it('shows a new owner zeros and no transactions', async () => {
    const fresh = (await t.bookkeeper({ name: 'New Owner' })).token;
    const d = expectOk(await api('GET', '/api/dashboards/finance', undefined, fresh));
    expect(d.accountBalance.balance).toBe(0);
    expect(d.budget).toEqual({ expenses: 0, expensesLimit: 0, savings: 0, savingsGoal: 0, bills: 0, billsLimit: 0 });
    expect(d.recentTransactions).toEqual([]);
    expect(expectOk(await api('GET', '/api/budgets', undefined, fresh))).toEqual({ month: ym, items: [] });
  });
});

describe('budgets: the calls', () => {
  it('sets, changes (one per category), lists with the month’s spending, and removes', async () => {
    const b = expectOk(await api('PUT', '/api/budgets', { categoryId: OFFICE, amount: 20000 }));
    expect(b).toMatchObject({ categoryId: OFFICE, categoryName: 'Office expenses', amount: 20000, spent: 0 });
    const again = expectOk(await api('PUT', '/api/budgets', { categoryId: OFFICE, amount: 25000 }));
    expect(again.id).toBe(b.id);
    expect(again.amount).toBe(25000);
    expectOk(await spend(OFFICE, 1234), 201);
    const list = expectOk(await api('GET', '/api/budgets'));
    expect(list.month).toBe(ym);
    expect(list.items.find((i: { id: string }) => i.id === b.id)).toMatchObject({ amount: 25000, spent: 1234 });
    expect(expectOk(await api('GET', `/api/budgets?month=${prevYm}`)).items.find((i: { id: string }) => i.id === b.id).spent).toBe(0);
    expect(expectOk(await api('DELETE', `/api/budgets/${b.id}`))).toBe(true);
    expectError(await api('DELETE', `/api/budgets/${b.id}`), 404, 'NOT_FOUND');
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const before = await t.count(budgets);
    for (const body of [
      { categoryId: OFFICE, amount: 0 },
      { categoryId: OFFICE, amount: -100 },
      { categoryId: OFFICE, amount: 12.5 },
      { categoryId: OFFICE, amount: '100' },
      { categoryId: OFFICE, amount: 100_000_000_001 },
      { categoryId: OFFICE },
      { amount: 100 },
      { categoryId: 'not-an-id', amount: 100 },
      { categoryId: SALES, amount: 100 },
      { categoryId: '00000000-0000-4000-8000-00000000ffff', amount: 100 },
      { categoryId: OFFICE, amount: 100, extra: true },
    ]) {
      expectError(await api('PUT', '/api/budgets', body), 400, 'VALIDATION');
    }
    expectError(await api('GET', '/api/budgets?month=2026-13'), 400, 'VALIDATION');
    expect(await t.count(budgets)).toBe(before);
  });

  it('keeps each owner’s budgets to that owner', async () => {
    const mine = expectOk(await api('PUT', '/api/budgets', { categoryId: RENT, amount: 90000 }));
    expectOk(await spend(RENT, 5000), 201);
    expect(expectOk(await api('GET', '/api/budgets', undefined, other)).items).toEqual([]);
    expectError(await api('DELETE', `/api/budgets/${mine.id}`, undefined, other), 404, 'NOT_FOUND');
    const theirs = expectOk(await api('PUT', '/api/budgets', { categoryId: RENT, amount: 100 }, other));
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.spent).toBe(0);
    expect(expectOk(await api('GET', '/api/budgets')).items.find((i: { id: string }) => i.id === mine.id).amount).toBe(90000);
    const d = expectOk(await api('GET', '/api/dashboards/finance', undefined, other));
    expect(d.recentTransactions).toEqual([]);
    expect(d.currentStatement.spent).toBe(0);
  });

  it('needs a plan that keeps books', async () => {
    const free = (await t.freeOwnerToken()).token;
    expectError(await api('GET', '/api/dashboards/finance', undefined, free), 403, 'PLAN_REQUIRED');
    expectError(await api('PUT', '/api/budgets', { categoryId: RENT, amount: 100 }, free), 403, 'PLAN_REQUIRED');
  });
});

describe('budgets: the warnings', () => {
  it('warns once at 80 % and once at 100 % per category and month', async () => {
    expectOk(await api('PUT', '/api/budgets', { categoryId: MEALS, amount: 10000 }));
    expectOk(await spend(MEALS, 7000), 201);
    expect(await warnings(MEALS)).toBe(0);
    expectOk(await spend(MEALS, 1000), 201); // 80 %
    expect(await warningKeys(MEALS)).toEqual([`budget:${MEALS}:${ym}:80`]);
    expectOk(await spend(MEALS, 500), 201); // 85 %
    expect(await warnings(MEALS)).toBe(1);
    expectOk(await spend(MEALS, 2000), 201); // 105 %
    expect(await warningKeys(MEALS)).toEqual([`budget:${MEALS}:${ym}:100`, `budget:${MEALS}:${ym}:80`]);
    expectOk(await spend(MEALS, 100), 201);
    expect(await warnings(MEALS)).toBe(2);
    // Another month is counted on its own.
    expectOk(await spend(MEALS, 12000, `${prevYm}-10`), 201);
    expect(await warningKeys(MEALS, prevYm)).toEqual([`budget:${MEALS}:${prevYm}:100`]);
    // The notification is in the panel, in words, linking to the budgets.
    const notes = expectOk(await api('GET', '/api/common/notifications')) as { title: string; link: string }[];
    expect(notes.filter((n) => n.title === 'Meals is over budget').map((n) => n.link)).toContain(`/user/budgets?month=${ym}`);
    expect(notes.some((n) => n.title === 'Meals is at 80 % of its budget')).toBe(true);
    // Someone else's spending in the same category warns no one here.
    expectOk(await api('PUT', '/api/budgets', { categoryId: MEALS, amount: 100 }, other));
    expect(await warnings(MEALS)).toBe(2);
  });

  it('a change of an entry that passes the budget warns too', async () => {
    expectOk(await api('PUT', '/api/budgets', { categoryId: UTILITIES, amount: 10000 }));
    const e = expectOk(await spend(UTILITIES, 100), 201);
    expect(await warnings(UTILITIES)).toBe(0);
    expectOk(await api('PATCH', `/api/entries/${e.id}`, { amount: 9000 }));
    expect(await warningKeys(UTILITIES)).toEqual([`budget:${UTILITIES}:${ym}:80`]);
  });

  it('makes one warning when concurrent writes pass the threshold together', async () => {
    const { token: racer, owner: r } = await t.bookkeeper({ name: 'Racer' });
    expectOk(await api('PUT', '/api/budgets', { categoryId: ADVERTISING, amount: 10000 }, racer));
    // Eight writes of 10 % at once: only those that see all eight reach 80 %; however many do, one warning.
    const results = await Promise.all(Array.from({ length: 8 }, () => spend(ADVERTISING, 1000, `${ym}-01`, racer)));
    for (const r of results) expectOk(r, 201);
    expect(await warningKeys(ADVERTISING, ym, r.id)).toEqual([`budget:${ADVERTISING}:${ym}:80`]);
    // A batch that passes 100 % at once warns once, of the higher threshold.
    expectOk(
      await t.api('POST', '/api/entries/batch', {
        token: racer,
        body: { entries: [1, 2].map(() => ({ type: 'expense', date: `${ym}-01`, amount: 1500, categoryId: ADVERTISING, paymentMethod: 'cash' })) },
      }),
      201,
    );
    expect(await warningKeys(ADVERTISING, ym, r.id)).toEqual([`budget:${ADVERTISING}:${ym}:100`, `budget:${ADVERTISING}:${ym}:80`]);
  });

  it('warns when a budget is set below what the month already spent', async () => {
    const late = (await t.bookkeeper({ name: 'Late Budgeter' })).token;
    expectOk(await spend(OFFICE, 5000, `${ym}-01`, late), 201);
    expectOk(await api('PUT', '/api/budgets', { categoryId: OFFICE, amount: 4000 }, late));
    const notes = expectOk(await api('GET', '/api/common/notifications', undefined, late)) as { title: string }[];
    expect(notes.some((n) => n.title === 'Office expenses is over budget')).toBe(true);
  });
});
