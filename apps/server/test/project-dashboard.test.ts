import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProjectDashboard } from '@cuadre/contracts';
import { scrumboardCards, tasks, users } from '../src/db/schema/index.js';
import type { Authenticated } from '../src/modules/auth/index.js';
import { ProjectService } from '../src/modules/project/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';

/**
 * The project dashboard. Its date logic runs on a fixed day (Wednesday 11 March 2026) through the
 * service, with the tasks' times set in the database; the route runs on today's data through HTTP.
 * Every expected figure is worked out by hand from the fixture.
 */
const ADVERTISING = '00000000-0000-4000-8000-000000000009';
const OFFICE = '00000000-0000-4000-8000-000000000015';
const SALES = '00000000-0000-4000-8000-000000000001';
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

let t: TestApp;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, token: string, body?: unknown) => t.api(method, url, { token, body });
const at = (iso: string) => new Date(iso);

async function task(token: string, title: string, set: Partial<typeof tasks.$inferInsert> = {}, type: 'task' | 'section' = 'task') {
  const made = expectOk(await api('POST', '/api/apps/tasks/task', token, { type }));
  expectOk(await api('PATCH', '/api/apps/tasks/task', token, { id: made.id, task: { title } }));
  if (Object.keys(set).length) await t.db.update(tasks).set(set).where(eq(tasks.id, made.id));
  return made.id as string;
}
const tag = async (token: string, title: string) => expectOk(await api('POST', '/api/apps/tasks/tag', token, { tag: { title } })).id as string;
const spend = async (token: string, date: string, amount: number, categoryId = ADVERTISING) =>
  expectOk(await api('POST', '/api/entries', token, { type: 'expense', date, amount, categoryId, paymentMethod: 'card' }), 201);
async function authOf(id: string): Promise<Authenticated> {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return { user: user!, session: {} as Authenticated['session'] };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('project dashboard on a fixed day (Wednesday 11 March 2026)', () => {
  const TODAY = '2026-03-11';
  const NOW = at('2026-03-11T12:00:00Z');
  let d: ProjectDashboard;
  let token: string;

  beforeAll(async () => {
    const fixture = await t.bookkeeper({ name: 'Project Owner' });
    token = fixture.token;
    const [A, B, C, D, E] = [
      await tag(token, 'Backend'),
      await tag(token, 'Frontend'),
      await tag(token, 'API'),
      await tag(token, 'Docs'),
      await tag(token, 'Extra'),
    ];
    // This week is 9–15 March, last week 2–8 March.
    await task(token, 'T1', { createdAt: at('2026-03-09T10:00:00Z'), completed: true, completedAt: at('2026-03-10T11:00:00Z'), priority: 2, tags: [A] });
    await task(token, 'T2', { createdAt: at('2026-03-04T10:00:00Z'), completed: true, completedAt: at('2026-03-11T09:00:00Z'), tags: [A, B] });
    await task(token, 'T3', { createdAt: at('2026-03-10T08:00:00Z') });
    await task(token, 'T4', { createdAt: at('2026-03-03T08:00:00Z'), dueDate: at('2026-03-10T09:00:00Z'), tags: [B] });
    await task(token, 'T5', { createdAt: at('2026-03-09T07:00:00Z'), reopenedAt: at('2026-03-10T16:00:00Z'), dueDate: at('2026-03-11T15:30:00Z'), tags: [C] });
    await task(token, 'T6', {
      createdAt: at('2026-03-01T08:00:00Z'),
      completed: true,
      completedAt: at('2026-03-08T20:00:00Z'),
      priority: 0,
      dueDate: at('2026-03-12T09:00:00Z'),
    });
    await task(token, 'T7', { createdAt: at('2026-02-01T08:00:00Z'), dueDate: at('2026-03-12T08:00:00Z'), tags: [D, E] });
    await task(token, 'T8', { createdAt: at('2026-02-01T08:00:00Z'), dueDate: at('2026-03-13T08:00:00Z') });
    await task(token, 'A section', { createdAt: at('2026-03-10T08:00:00Z') }, 'section');
    const board = expectOk(await api('POST', '/api/apps/scrumboard/board', token, { board: { title: 'Plan' } }));
    const list = expectOk(await api('POST', '/api/apps/scrumboard/board/list', token, { list: { boardId: board.id, title: 'Doing' } }));
    const card = expectOk(await api('PUT', '/api/apps/scrumboard/board/card', token, { card: { listId: list.id, title: 'Card due' } }));
    await t.db
      .update(scrumboardCards)
      .set({ dueDate: at('2026-03-12T14:00:00Z') })
      .where(eq(scrumboardCards.id, card.id));

    await spend(token, '2026-03-11', 1000);
    await spend(token, '2026-03-05', 250, OFFICE);
    await spend(token, '2026-03-04', 333);
    await spend(token, '2026-02-11', 77);
    await spend(token, '2025-03-12', 700);
    await spend(token, '2025-03-11', 50);
    expectOk(await api('POST', '/api/entries', token, { type: 'income', date: '2026-03-10', amount: 99999, categoryId: SALES, paymentMethod: 'cash' }), 201);
    expectOk(await api('PUT', '/api/budgets', token, { categoryId: ADVERTISING, amount: 3000 }));
    expectOk(await api('PUT', '/api/budgets', token, { categoryId: OFFICE, amount: 200 }));

    // Another owner's tasks, tags, cards and entries of the same days are never counted.
    const other = (await t.bookkeeper({ name: 'Other Owner' })).token;
    const otherTag = await tag(other, 'Other owner tag');
    await task(other, 'Not mine', {
      createdAt: at('2026-03-10T08:00:00Z'),
      completed: true,
      completedAt: at('2026-03-10T09:00:00Z'),
      priority: 2,
      tags: [otherTag],
    });
    await task(other, 'Not mine either', { createdAt: at('2026-03-10T08:00:00Z'), dueDate: at('2026-03-11T10:00:00Z') });
    await spend(other, '2026-03-11', 5000);
    expectOk(await api('PUT', '/api/budgets', other, { categoryId: OFFICE, amount: 999 }));

    d = await new ProjectService(t.db).dashboard(await authOf(fixture.owner.id), TODAY, NOW);
  });

  it('counts the weeks’ tasks per weekday', () => {
    expect(d.githubIssues.labels).toEqual(WEEKDAYS);
    expect(d.githubIssues.overview).toEqual({
      'this-week': { 'new-issues': 3, 'closed-issues': 2, fixed: 1, 'wont-fix': 1, 're-opened': 1, 'needs-triage': 1 },
      'last-week': { 'new-issues': 2, 'closed-issues': 1, fixed: 0, 'wont-fix': 0, 're-opened': 0, 'needs-triage': 0 },
    });
    expect(d.githubIssues.series['this-week']).toEqual([
      { name: 'New issues', type: 'line', data: [2, 1, 0, 0, 0, 0, 0] },
      { name: 'Closed issues', type: 'column', data: [0, 1, 1, 0, 0, 0, 0] },
    ]);
    expect(d.githubIssues.series['last-week']).toEqual([
      { name: 'New issues', type: 'line', data: [0, 1, 1, 0, 0, 0, 0] },
      { name: 'Closed issues', type: 'column', data: [0, 0, 0, 0, 0, 0, 1] },
    ]);
  });

  it('distributes the weeks’ tasks by tag, the most used first', () => {
    expect(d.taskDistribution).toEqual({
      overview: { 'this-week': { new: 3, completed: 2 }, 'last-week': { new: 2, completed: 1 } },
      labels: ['Backend', 'Frontend', 'API', 'Docs', 'Other', 'No tag'],
      series: { 'this-week': [2, 1, 1, 0, 0, 1], 'last-week': [1, 2, 0, 0, 0, 1] },
    });
  });

  it('lists what is due today and tomorrow, open tasks and cards, by time', () => {
    expect(d.schedule).toEqual({
      today: [{ title: 'T5', time: '15:30' }],
      tomorrow: [
        { title: 'T7', time: '08:00' },
        { title: 'Card due', time: '14:00' },
      ],
    });
  });

  it('sums the outflows of the weekly, monthly and yearly windows to the cent', () => {
    expect(d.weeklyExpenses).toEqual({
      amount: 1250,
      labels: ['29 Jan - 04 Feb', '05 Feb - 11 Feb', '12 Feb - 18 Feb', '19 Feb - 25 Feb', '26 Feb - 04 Mar', '05 Mar - 11 Mar'],
      series: [{ name: 'Expenses', data: [0, 77, 0, 0, 333, 1250] }],
    });
    expect(d.monthlyExpenses).toEqual({
      amount: 1583,
      labels: ['12 Nov - 11 Dec', '12 Dec - 11 Jan', '12 Jan - 11 Feb', '12 Feb - 11 Mar'],
      series: [{ name: 'Expenses', data: [0, 0, 77, 1583] }],
    });
    expect(d.yearlyExpenses.amount).toBe(2360);
    expect(d.yearlyExpenses.series).toEqual([{ name: 'Expenses', data: [0, 0, 0, 0, 0, 0, 0, 0, 50, 2360] }]);
    expect(d.yearlyExpenses.labels).toHaveLength(10);
    expect(d.yearlyExpenses.labels.slice(-2)).toEqual(['12 Mar 2024 - 11 Mar 2025', '12 Mar 2025 - 11 Mar 2026']);
  });

  it('shows the budgets as /api/budgets does, with their shares rounded half up', async () => {
    const listed = expectOk(await api('GET', '/api/budgets?month=2026-03', token));
    expect(d.budgetDistribution).toEqual({
      categories: listed.items.map((b: { categoryName: string }) => b.categoryName),
      series: [{ name: 'Budget', data: listed.items.map((b: { amount: number }) => b.amount) }],
    });
    expect(d.budgetDetails.columns).toEqual(['type', 'total', 'expensesAmount', 'expensesPercentage', 'remainingAmount', 'remainingPercentage']);
    const byType = Object.fromEntries(d.budgetDetails.rows.map((r) => [r.type, r]));
    const adv = listed.items.find((b: { categoryId: string }) => b.categoryId === ADVERTISING);
    const office = listed.items.find((b: { categoryId: string }) => b.categoryId === OFFICE);
    expect([adv.spent, office.spent]).toEqual([1333, 250]);
    expect(byType[adv.categoryName]).toMatchObject({
      total: 3000,
      expensesAmount: 1333,
      expensesPercentage: 44.43,
      remainingAmount: 1667,
      remainingPercentage: 55.57,
    });
    expect(byType[office.categoryName]).toMatchObject({
      total: 200,
      expensesAmount: 250,
      expensesPercentage: 125,
      remainingAmount: -50,
      remainingPercentage: -25,
    });
    expect(d.budgetDetails.rows.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('GET /api/dashboards/project on today’s data', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const weekday = () => (new Date().getUTCDay() + 6) % 7;
  const dashboard = async (token: string) => expectOk(await api('GET', '/api/dashboards/project', token)) as ProjectDashboard;

  it('answers an empty account with zeros and the owner alone in the team', async () => {
    const { owner, token } = await t.bookkeeper({ name: 'Empty Owner' });
    const d = await dashboard(token);
    const zeros = { 'new-issues': 0, 'closed-issues': 0, fixed: 0, 'wont-fix': 0, 're-opened': 0, 'needs-triage': 0 };
    expect(d.githubIssues.overview).toEqual({ 'this-week': zeros, 'last-week': zeros });
    expect(d.githubIssues.series['this-week'].map((s) => s.data)).toEqual([Array(7).fill(0), Array(7).fill(0)]);
    expect(d.taskDistribution).toEqual({
      overview: { 'this-week': { new: 0, completed: 0 }, 'last-week': { new: 0, completed: 0 } },
      labels: [],
      series: { 'this-week': [], 'last-week': [] },
    });
    expect(d.schedule).toEqual({ today: [], tomorrow: [] });
    expect(d.budgetDistribution).toEqual({ categories: [], series: [{ name: 'Budget', data: [] }] });
    expect(d.budgetDetails.rows).toEqual([]);
    for (const [e, n] of [
      [d.weeklyExpenses, 6],
      [d.monthlyExpenses, 4],
      [d.yearlyExpenses, 10],
    ] as const) {
      expect(e.amount).toBe(0);
      expect(e.series[0]!.data).toEqual(Array(n).fill(0));
      expect(e.labels).toHaveLength(n);
      expect(e.labels[n - 1]).toMatch(n === 10 ? /^\d\d \S+ \d{4} - \d\d \S+ \d{4}$/ : /^\d\d \S+ - \d\d \S+$/);
    }
    expect(d.teamMembers).toEqual([{ id: owner.id, avatar: null, name: 'Empty Owner', email: owner.email, phone: '', title: 'Owner' }]);
  });

  it('sets completed_at when a task is completed and clears it when reopened, and the week counts follow', async () => {
    const { owner, token } = await t.bookkeeper({ name: 'Busy Owner' });
    const id = await task(token, 'Write the report');
    const row = async () => (await t.db.select({ completedAt: tasks.completedAt, reopenedAt: tasks.reopenedAt }).from(tasks).where(eq(tasks.id, id)))[0]!;
    expect(await row()).toEqual({ completedAt: null, reopenedAt: null });
    let d = await dashboard(token);
    expect(d.githubIssues.overview['this-week']).toMatchObject({ 'new-issues': 1, 'closed-issues': 0, 'needs-triage': 1 });
    expect(d.githubIssues.series['this-week'][0]!.data[weekday()]).toBe(1);

    const before = Date.now();
    expectOk(await api('PATCH', '/api/apps/tasks/task', token, { id, task: { completed: true, priority: 2 } }));
    const done = await row();
    expect(done.completedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(done.reopenedAt).toBeNull();
    // Completing it again keeps the first completion's time.
    expectOk(await api('PATCH', '/api/apps/tasks/task', token, { id, task: { completed: true } }));
    expect((await row()).completedAt).toEqual(done.completedAt);
    d = await dashboard(token);
    expect(d.githubIssues.overview['this-week']).toMatchObject({ 'new-issues': 1, 'closed-issues': 1, fixed: 1, 're-opened': 0, 'needs-triage': 0 });
    expect(d.githubIssues.series['this-week'][1]!.data[weekday()]).toBe(1);

    expectOk(await api('PATCH', '/api/apps/tasks/task', token, { id, task: { completed: false } }));
    const reopened = await row();
    expect(reopened.completedAt).toBeNull();
    expect(reopened.reopenedAt).not.toBeNull();
    d = await dashboard(token);
    expect(d.githubIssues.overview['this-week']).toMatchObject({ 'closed-issues': 0, fixed: 0, 're-opened': 1 });
    expect(d.teamMembers.map((m) => m.id)).toEqual([owner.id]);
  });

  it('shows today’s due task, the day’s outflows, the budgets and the people of the owner’s chats; never another owner’s', async () => {
    const { owner, token } = await t.bookkeeper({ name: 'Team Owner' });
    const other = (await t.bookkeeper({ name: 'Stranger' })).token;
    const id = await task(token, 'Call the bank');
    expectOk(await api('PATCH', '/api/apps/tasks/task', token, { id, task: { dueDate: `${today()}T23:59:00.000Z` } }));
    const theirs = await task(other, 'Their task');
    expectOk(await api('PATCH', '/api/apps/tasks/task', other, { id: theirs, task: { dueDate: `${today()}T10:00:00.000Z` } }));
    await spend(token, today(), 1234);
    await spend(other, today(), 99900);
    expectOk(await api('PUT', '/api/budgets', token, { categoryId: ADVERTISING, amount: 2000 }));
    const admin = await t.adminToken();
    const adminId = expectOk(await t.api('GET', '/api/common/user', { token: admin })).id;
    expectOk(await api('POST', '/api/apps/chat/message', token, { contactId: adminId, value: 'Hello' }));

    const d = await dashboard(token);
    expect(d.schedule.today).toEqual([{ title: 'Call the bank', time: '23:59' }]);
    expect([d.weeklyExpenses.amount, d.monthlyExpenses.amount, d.yearlyExpenses.amount]).toEqual([1234, 1234, 1234]);
    expect(d.budgetDetails.rows).toEqual([
      expect.objectContaining({ total: 2000, expensesAmount: 1234, expensesPercentage: 61.7, remainingAmount: 766, remainingPercentage: 38.3 }),
    ]);
    expect(d.teamMembers).toEqual([
      expect.objectContaining({ id: owner.id, title: 'Owner' }),
      expect.objectContaining({ id: adminId, title: 'Support', phone: '' }),
    ]);
    expect(d.githubIssues.overview['this-week']['new-issues']).toBe(1);
  });
});
