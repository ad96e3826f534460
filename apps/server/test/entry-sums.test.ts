import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';
import { usingPostgres } from './helpers/database.js';

/**
 * ADR 016 (issue 31): the database keeps each owner's count and sum of lines per month, type, category,
 * subcategory and payment method, and per day and type, from triggers on `entries`; a list's totals over
 * whole months and the month summary read them. Here the kept rows are checked against a count of the
 * lines after every kind of write (one, a batch, each field a change can move, a delete, a refused write,
 * concurrent writes, an owner's deletion), and the answers that read them against plain counts.
 */

let t: TestApp;
let token: string;
let ownerId: string;
let other: { token: string; ownerId: string; password: string };
type Cat = { id: string; kind: string; name: string };
let income: Cat[];
let expense: Cat[];
let subId: string;

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });

/** The kept rows that differ from a count of the lines (every owner): [] when they agree. */
async function drift() {
  const month = await queryRows<Record<string, unknown>>(
    t.db,
    sql`with counted as (
        select owner_id, date_trunc('month', date)::date as month, type, category_id, subcategory_id, payment_method, count(*)::int as n, sum(amount)::bigint as amount
        from entries group by 1, 2, 3, 4, 5, 6),
      kept as (select owner_id, month, type, category_id, subcategory_id, payment_method, n, amount from entry_month_sums where n <> 0)
      (select 'counted' as side, * from counted except select 'counted', * from kept)
      union all (select 'kept', * from kept except select 'kept', * from counted)`,
  );
  const day = await queryRows<Record<string, unknown>>(
    t.db,
    sql`with counted as (select owner_id, date, type, count(*)::int as n, sum(amount)::bigint as amount from entries group by 1, 2, 3),
      kept as (select owner_id, date, type, n, amount from entry_day_sums where n <> 0)
      (select 'counted' as side, * from counted except select 'counted', * from kept)
      union all (select 'kept', * from kept except select 'kept', * from counted)`,
  );
  const negative = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from entry_month_sums where n < 0 or (n = 0 and amount <> 0)`);
  return { month, day, negative: negative[0]!.n };
}

const expectNoDrift = async () => expect(await drift()).toEqual({ month: [], day: [], negative: 0 });

/** A list's totals and a month summary as the API answers them, beside plain counts of the owner's lines. */
async function expectAnswersMatchLines() {
  const plain = async (where: string) => {
    const [row] = await queryRows<{ n: number; amount: number }>(
      t.db,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as amount from entries where owner_id = ${ownerId} and ${sql.raw(where)}`,
    );
    return { count: Number(row!.n), amount: Number(row!.amount) };
  };
  for (const [query, where] of [
    ['from=2026-03-01&to=2026-03-31', "date between '2026-03-01' and '2026-03-31'"],
    ['from=2026-03-01&to=2026-04-30&type=expense', "date between '2026-03-01' and '2026-04-30' and type = 'expense'"],
    ['type=income', "type = 'income'"],
    [
      `from=2026-03-01&to=2026-03-31&categoryId=${expense[0]!.id}&paymentMethod=card`,
      `date between '2026-03-01' and '2026-03-31' and category_id = '${expense[0]!.id}' and payment_method = 'card'`,
    ],
    [`subcategoryId=${subId}`, `subcategory_id = '${subId}'`],
    // Not whole months: counted from the lines, as before.
    ['from=2026-03-02&to=2026-03-31', "date between '2026-03-02' and '2026-03-31'"],
    ['from=2026-03-01&to=2026-03-30', "date between '2026-03-01' and '2026-03-30'"],
  ] as const) {
    const list = expectOk(await api('GET', `/api/entries?${query}&size=10`)) as { totals: { amount: number; count: number }; pagination: { total: number } };
    const want = await plain(where);
    expect({ query, ...list.totals, total: list.pagination.total }).toEqual({ query, ...want, total: want.count });
  }
  // The years and the months of the tax screens, from the same kept sums.
  const years = expectOk(await api('GET', '/api/tax-years')) as { year: number; income: number; outflows: number }[];
  const year = years.find((y) => y.year === 2026)!;
  expect({ income: year.income, outflows: year.outflows }).toEqual({
    income: (await plain("type = 'income'")).amount,
    outflows: (await plain("type <> 'income'")).amount,
  });
  const months = expectOk(await api('GET', '/api/tax-years/2026/months')) as { month: number; income: number; outflows: number }[];
  for (const m of months.filter((x) => x.month >= 3 && x.month <= 5)) {
    const range = `date_trunc('month', date) = date '2026-0${m.month}-01'`;
    expect({ month: m.month, income: m.income, outflows: m.outflows }).toEqual({
      month: m.month,
      income: (await plain(`${range} and type = 'income'`)).amount,
      outflows: (await plain(`${range} and type <> 'income'`)).amount,
    });
  }
  // The year's P&L: each category's and subcategory's line, from the same kept sums.
  const pnl = expectOk(await api('GET', '/api/reports/pnl?year=2026')) as {
    lines: { kind: string; categoryId: string; subcategoryId: string | null; amount: number; months?: number[] }[];
  };
  for (const line of pnl.lines.filter((l) => l.kind !== 'mileage')) {
    const where = line.kind === 'subcategory' ? `subcategory_id = '${line.subcategoryId}'` : `category_id = '${line.categoryId}'`;
    expect({ line: where, amount: line.amount, april: line.months?.[3] }).toEqual({
      line: where,
      amount: (await plain(`${where} and date between '2026-01-01' and '2026-12-31'`)).amount,
      april: (await plain(`${where} and date between '2026-04-01' and '2026-04-30'`)).amount,
    });
  }
  expect(pnl.lines.filter((l) => l.kind === 'category').length).toBeGreaterThan(1);
  for (const month of [3, 4]) {
    const s = expectOk(await api('GET', `/api/reports/month-summary?year=2026&month=${month}`)) as {
      entries: number;
      income: number;
      expenses: number;
      byCategory: { type: string; categoryId: string; subcategoryId: string | null; amount: number; count: number }[];
      incomeByMethod: { paymentMethod: string; amount: number; count: number }[];
      daily: { date: string; income: number; expenses: number }[];
    };
    const range = `date between '2026-0${month}-01' and (date '2026-0${month}-01' + interval '1 month - 1 day')::date`;
    expect(s.entries).toBe((await plain(range)).count);
    expect(s.income).toBe((await plain(`${range} and type = 'income'`)).amount);
    expect(s.expenses).toBe((await plain(`${range} and type = 'expense'`)).amount);
    const groups = await queryRows<{ type: string; category_id: string; subcategory_id: string | null; n: number; amount: number }>(
      t.db,
      sql`select type, category_id, subcategory_id, count(*)::int as n, sum(amount)::bigint as amount from entries
        where owner_id = ${ownerId} and ${sql.raw(range)} group by 1, 2, 3`,
    );
    const key = (g: { type: string; categoryId: string; subcategoryId: string | null }) => `${g.type}|${g.categoryId}|${g.subcategoryId}`;
    expect(Object.fromEntries(s.byCategory.map((c) => [key(c), [c.count, c.amount]]))).toEqual(
      Object.fromEntries(
        groups.map((g) => [key({ type: g.type, categoryId: g.category_id, subcategoryId: g.subcategory_id }), [Number(g.n), Number(g.amount)]]),
      ),
    );
    const methods = await queryRows<{ m: string; n: number; amount: number }>(
      t.db,
      sql`select payment_method as m, count(*)::int as n, sum(amount)::bigint as amount from entries where owner_id = ${ownerId} and type = 'income' and ${sql.raw(range)} group by 1`,
    );
    expect(Object.fromEntries(s.incomeByMethod.map((m) => [m.paymentMethod, [m.count, m.amount]]))).toEqual(
      Object.fromEntries(methods.map((m) => [m.m, [Number(m.n), Number(m.amount)]])),
    );
    const days = await queryRows<{ date: string; income: number }>(
      t.db,
      sql`select to_char(date, 'YYYY-MM-DD') as date, sum(amount)::bigint as income from entries where owner_id = ${ownerId} and type = 'income' and ${sql.raw(range)} group by 1`,
    );
    const daily = Object.fromEntries(s.daily.filter((d) => d.income !== 0).map((d) => [d.date, d.income]));
    expect(daily).toEqual(Object.fromEntries(days.map((d) => [d.date, Number(d.income)])));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.bookkeeper();
  token = a.token;
  ownerId = a.owner.id;
  const b = await t.bookkeeper();
  other = { token: b.token, ownerId: b.owner.id, password: b.owner.password };
  const cats = expectOk(await api('GET', '/api/categories')).items as Cat[];
  income = cats.filter((c) => c.kind === 'income');
  expense = cats.filter((c) => c.kind === 'expense');
  subId = (expectOk(await api('POST', '/api/subcategories', { categoryId: expense[0]!.id, name: 'Radio ads' }), 201) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the ledger sums the database keeps (ADR 016)', () => {
  let ids: string[] = [];

  it('adds a batch and single lines for two owners, on the same days', async () => {
    const lines = [];
    for (let i = 0; i < 40; i++) {
      const date = `2026-0${3 + (i % 2)}-${String(1 + (i % 28)).padStart(2, '0')}`;
      lines.push(
        i % 3 === 0
          ? {
              type: 'expense',
              date,
              amount: 1000 + i,
              categoryId: expense[i % 2]!.id,
              subcategoryId: i % 2 === 0 ? subId : undefined,
              paymentMethod: i % 4 ? 'card' : 'cash',
            }
          : { type: 'income', date, amount: 2500 + 7 * i, categoryId: income[0]!.id, paymentMethod: i % 5 ? 'cash' : 'transfer' },
      );
    }
    ids = (expectOk(await api('POST', '/api/entries/batch', { entries: lines }), 201) as { items: { id: string }[] }).items.map((e) => e.id);
    expectOk(await api('POST', '/api/entries', { type: 'income', date: '2026-03-31', amount: 99, categoryId: income[0]!.id }), 201);
    expectOk(
      await api('POST', '/api/entries/batch', { entries: [{ type: 'income', date: '2026-03-05', amount: 123456, categoryId: income[0]!.id }] }, other.token),
      201,
    );
    await expectNoDrift();
    await expectAnswersMatchLines();
  });

  it('moves the sums with every field a change can move: amount, date across months, type, category, subcategory, method', async () => {
    const [a, b, c, d, e] = ids;
    expectOk(await api('PATCH', `/api/entries/${a}`, { amount: 777 }));
    expectOk(await api('PATCH', `/api/entries/${b}`, { date: '2026-04-30' }));
    expectOk(await api('PATCH', `/api/entries/${c}`, { paymentMethod: 'mobile' }));
    expectOk(await api('PATCH', `/api/entries/${d}`, { categoryId: expense[1]!.id, subcategoryId: null, type: 'expense' }));
    expectOk(await api('PATCH', `/api/entries/${e}`, { date: '2026-03-15', amount: 4242 }));
    // A change that moves nothing still leaves the sums as they were.
    expectOk(await api('PATCH', `/api/entries/${e}`, { description: 'only words' }));
    await expectNoDrift();
    await expectAnswersMatchLines();
  });

  it('takes a deleted line away, and a group whose last line went no longer shows in the month summary', async () => {
    const lone = expectOk(
      await api('POST', '/api/entries', { type: 'income', date: '2026-04-02', amount: 5, categoryId: income[1]!.id, paymentMethod: 'check' }),
      201,
    ) as {
      id: string;
    };
    expectOk(await api('DELETE', `/api/entries/${lone.id}`));
    expectOk(await api('DELETE', `/api/entries/${ids[6]}`));
    await expectNoDrift();
    const s = expectOk(await api('GET', '/api/reports/month-summary?year=2026&month=4')) as {
      byCategory: { categoryId: string }[];
      incomeByMethod: { paymentMethod: string }[];
    };
    expect(s.byCategory.some((c) => c.categoryId === income[1]!.id)).toBe(false);
    expect(s.incomeByMethod.some((m) => m.paymentMethod === 'check')).toBe(false);
    await expectAnswersMatchLines();
  });

  it('keeps nothing of a refused write: a batch with one bad line, a write into a closed month', async () => {
    const before = await queryRows(t.db, sql`select * from entry_month_sums where owner_id = ${ownerId} order by 1, 2, 3, 4, 5, 6`);
    const bad = await api('POST', '/api/entries/batch', {
      entries: [
        { type: 'income', date: '2026-03-09', amount: 100, categoryId: income[0]!.id },
        { type: 'income', date: '2026-03-09', amount: -1, categoryId: income[0]!.id },
      ],
    });
    expect(bad.status).toBe(400);
    expectOk(await api('POST', '/api/tax-years/2026/months/5/close'));
    const closed = await api('POST', '/api/entries', { type: 'income', date: '2026-05-09', amount: 100, categoryId: income[0]!.id });
    expect(closed.status).toBe(409);
    expect(await queryRows(t.db, sql`select * from entry_month_sums where owner_id = ${ownerId} order by 1, 2, 3, 4, 5, 6`)).toEqual(before);
    await expectNoDrift();
  });

  it('loses no line to writes racing on the same month and day', async () => {
    const one = (i: number) =>
      api('POST', '/api/entries', { type: 'expense', date: '2026-03-20', amount: 300 + i, categoryId: expense[0]!.id, paymentMethod: 'card' });
    const results = await Promise.all(Array.from({ length: usingPostgres ? 24 : 8 }, (_, i) => one(i)));
    for (const r of results) expect(r.status).toBe(201);
    await expectNoDrift();
    await expectAnswersMatchLines();
  });

  it("takes an owner's sums away with the owner, and leaves the others' as they were", async () => {
    expectOk(await api('DELETE', '/api/account', { password: other.password }, other.token));
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from entry_month_sums where owner_id = ${other.ownerId}) + (select count(*) from entry_day_sums where owner_id = ${other.ownerId}) as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    await expectNoDrift();
    await expectAnswersMatchLines();
  });
});
