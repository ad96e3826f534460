import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, sum, type SQL } from 'drizzle-orm';
import { safeEncode } from 'zod/v4/core';
import { fromScaled, ZEntryList, ZMonthSummary, ZPnl, type EntryQuery, type Language } from '@cuadre/contracts';
import { attachments, categories, contacts, entries, products, providers, subcategories, taxMonths, trips, vehicles, workers } from '../src/db/schema/index.js';
import { tripDeductionSql } from '../src/db/trip-deduction.js';
import { queryRows } from '../src/db/client.js';
import { listStatementFor } from '../src/modules/books/entries.repository.js';
import { ReportsRepository } from '../src/modules/reports/reports.repository.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';

/**
 * Issue 31: the entries list and the month summary are each one prepared statement that writes the
 * answer's JSON. Here each is compared with plain queries (the ones they replaced, written out
 * straightforwardly) on books with ties of date, amount and creation time, receipts, quantities,
 * hours, names in two languages and another owner's rows on the same days: the same rows in the
 * same order, the same totals and counts, and the same bytes the schema's serializer writes.
 */

let t: TestApp;
let token: string;
let ownerId: string;
let otherToken: string;

const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, fill)]);
const fileForm = (data: Buffer, name: string) => {
  const f = new FormData();
  f.append('file', new Blob([data]), name);
  return f;
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.bookkeeper();
  token = a.token;
  ownerId = a.owner.id;
  otherToken = (await t.bookkeeper()).token;
  const api = (method: 'GET' | 'POST', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });
  const cats = expectOk(await t.api('GET', '/api/categories', { token, headers: { 'x-language': 'en' } })).items as {
    id: string;
    kind: string;
    name: string;
  }[];
  const income = cats.filter((c) => c.kind === 'income');
  const expense = cats.filter((c) => c.kind === 'expense');
  const payroll = cats.find((c) => c.kind === 'payroll')!;
  const cogs = cats.find((c) => c.kind === 'cost_of_goods')!;
  const worker = expectOk(await api('POST', '/api/workers', { name: 'Lucía Pérez', kind: 'contractor' }), 201);
  const sub = expectOk(await api('POST', '/api/subcategories', { categoryId: expense[0]!.id, name: 'Radio ads' }), 201);
  const vehicle = expectOk(await api('POST', '/api/vehicles', { name: 'Van' }), 201);
  const lines = [];
  // Ties everywhere: four entries a day on some days, amounts repeating, one batch (one creation time).
  for (let i = 0; i < 48; i++) {
    const day = `2026-03-${String(1 + (i % 12) * 2).padStart(2, '0')}`;
    const kind = i % 6;
    if (kind === 0)
      lines.push({ type: 'worker_payment', date: day, amount: 5000, categoryId: payroll.id, workerId: worker.id, hours: 2.5, paymentMethod: 'transfer' });
    else if (kind === 1)
      lines.push({ type: 'expense', date: day, amount: 1200 + (i % 3), categoryId: expense[0]!.id, subcategoryId: sub.id, description: `radio spot ${i}` });
    else if (kind === 2) lines.push({ type: 'purchase', date: day, quantity: 2.5, unitCost: 333, categoryId: cogs.id, reference: `INV-${i % 4}` });
    else
      lines.push({
        type: 'income',
        date: day,
        amount: 1000 * (i % 4) + 7,
        categoryId: income[i % income.length]!.id,
        paymentMethod: i % 2 ? 'card' : 'cash',
        description: `sale line ${i}`,
      });
  }
  lines.push({ type: 'income', date: '2026-04-02', amount: 999, categoryId: income[0]!.id, description: 'sale line april' });
  lines.push({ type: 'income', date: '2026-03-09', amount: 5007, categoryId: income[0]!.id, description: 'discount 50% off', reference: 'A_1' });
  lines.push({ type: 'income', date: '2026-03-10', amount: 4100, categoryId: income[0]!.id, description: 'Café Ñandú', reference: 'Pedido-Ágil' });
  const batch = expectOk(await api('POST', '/api/entries/batch', { entries: lines }), 201);
  // A few more, one at a time (other creation times), on the same days.
  for (let i = 0; i < 4; i++)
    expectOk(
      await api('POST', '/api/entries', { type: 'income', date: '2026-03-03', amount: 1007, categoryId: income[0]!.id, description: `sale line late ${i}` }),
      201,
    );
  // Receipts: two on one entry, one on another.
  const [e1, e2] = batch.items as { id: string }[];
  for (const [id, fill] of [
    [e1!.id, 1],
    [e1!.id, 2],
    [e2!.id, 3],
  ] as const) {
    expectOk(await t.api('POST', `/api/entries/${id}/attachments`, { token, body: fileForm(png(fill), `receipt-${fill}.png`) }), 201);
  }
  expectOk(await api('POST', '/api/trips', { vehicleId: vehicle.id, date: '2026-03-05', miles: 12.3, purpose: 'Delivery' }), 201);
  expectOk(await api('POST', '/api/trips', { vehicleId: vehicle.id, date: '2026-03-05', miles: 7.1, purpose: 'Delivery' }), 201);
  // Another owner's rows on the same days, with the same words.
  const otherCats = expectOk(await t.api('GET', '/api/categories', { token: otherToken })).items as { id: string; kind: string }[];
  const otherIncome = otherCats.find((c) => c.kind === 'income')!;
  expectOk(
    await api(
      'POST',
      '/api/entries/batch',
      {
        entries: Array.from({ length: 12 }, (_, i) => ({
          type: 'income',
          date: `2026-03-0${1 + (i % 9)}`,
          amount: 1007,
          categoryId: otherIncome.id,
          description: `sale line ${i}`,
        })),
      },
      otherToken,
    ),
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

const name = (t: typeof categories | typeof subcategories, language: Language) => sql<string>`coalesce(${t.names} ->> ${language}::text, ${t.name})`;

/** The list as the plain queries compute it: the page with its names, its receipts, the filter's count and sum. */
async function referenceList(q: EntryQuery, language: Language) {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%` : undefined;
  const mine = (table: typeof subcategories | typeof workers | typeof providers | typeof products | typeof contacts | typeof vehicles) =>
    eq(table.ownerId, ownerId);
  const where = and(
    eq(entries.ownerId, ownerId),
    q.type ? eq(entries.type, q.type) : undefined,
    q.from ? gte(entries.date, q.from) : undefined,
    q.to ? lte(entries.date, q.to) : undefined,
    q.categoryId ? eq(entries.categoryId, q.categoryId) : undefined,
    q.workerId ? eq(entries.workerId, q.workerId) : undefined,
    q.paymentMethod ? eq(entries.paymentMethod, q.paymentMethod) : undefined,
    term
      ? or(
          ilike(entries.description, term),
          ilike(entries.reference, term),
          ilike(name(categories, language), term),
          ilike(name(subcategories, language), term),
          ilike(workers.name, term),
          ilike(providers.name, term),
          ilike(products.name, term),
          ilike(contacts.name, term),
        )
      : undefined,
  );
  const joined = <Q extends { innerJoin: unknown }>(query: Q) =>
    (query as unknown as ReturnType<typeof base>)
      .innerJoin(categories, eq(categories.id, entries.categoryId))
      .leftJoin(subcategories, and(eq(subcategories.id, entries.subcategoryId), or(sql`${subcategories.ownerId} is null`, mine(subcategories))))
      .leftJoin(workers, and(eq(workers.id, entries.workerId), mine(workers)))
      .leftJoin(providers, and(eq(providers.id, entries.providerId), mine(providers)))
      .leftJoin(products, and(eq(products.id, entries.productId), mine(products)))
      .leftJoin(contacts, and(eq(contacts.id, entries.contactId), mine(contacts)))
      .leftJoin(vehicles, and(eq(vehicles.id, entries.vehicleId), mine(vehicles)));
  const base = () =>
    t.db
      .select({
        entry: entries,
        categoryName: name(categories, language),
        subcategoryName: name(subcategories, language),
        workerName: workers.name,
        providerName: providers.name,
        productName: products.name,
        contactName: contacts.name,
        vehicleName: vehicles.name,
      })
      .from(entries)
      .$dynamic();
  const dir = q.order === 'desc' ? desc : asc;
  const key: SQL | typeof entries.date = {
    date: entries.date,
    amount: entries.amount,
    category: sql`lower(${name(categories, language)})`,
    createdAt: entries.createdAt,
    paymentMethod: entries.paymentMethod,
  }[q.sort] as SQL;
  const rows = await joined(base())
    .where(where)
    .orderBy(dir(key), dir(entries.createdAt), asc(entries.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [totals] = (await joined(
    t.db
      .select({ n: count(), amount: sql<number>`coalesce(${sum(entries.amount)}, 0)` })
      .from(entries)
      .$dynamic() as never,
  ).where(where)) as unknown as { n: number; amount: number }[];
  const ids = rows.map((r) => r.entry.id);
  const receipts = ids.length
    ? await t.db
        .select()
        .from(attachments)
        .where(and(eq(attachments.ownerId, ownerId), inArray(attachments.entryId, ids)))
        .orderBy(asc(attachments.createdAt), asc(attachments.id))
    : [];
  const total = Number(totals!.n);
  return {
    items: rows.map(({ entry: e, ...names }) => ({
      id: e.id,
      type: e.type,
      date: e.date,
      amount: e.amount,
      categoryId: e.categoryId,
      categoryName: names.categoryName,
      subcategoryId: e.subcategoryId,
      subcategoryName: names.subcategoryName,
      paymentMethod: e.paymentMethod,
      reference: e.reference,
      description: e.description,
      workerId: e.workerId,
      workerName: names.workerName,
      providerId: e.providerId,
      providerName: names.providerName,
      productId: e.productId,
      productName: names.productName,
      contactId: e.contactId,
      contactName: names.contactName,
      vehicleId: e.vehicleId,
      vehicleName: names.vehicleName,
      quantity: e.quantity === null ? null : fromScaled(e.quantity, 3),
      unitCost: e.unitCost,
      hours: e.hours,
      inventoryProductId: e.inventoryProductId,
      recurringId: e.recurringId,
      attachments: receipts
        .filter((a) => a.entryId === e.id)
        .map((a) => ({ id: a.id, entryId: a.entryId, fileName: a.fileName, mime: a.mime, size: a.size, createdAt: a.createdAt.toISOString() })),
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    })),
    pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) },
    totals: { amount: Number(totals!.amount), count: total },
  };
}

/** What the schema's serializer (fastify-type-provider-zod) writes for an answer. */
const encoded = (schema: Parameters<typeof safeEncode>[0], value: unknown) => {
  const result = safeEncode(schema, value);
  if (!result.success) throw result.error;
  return JSON.stringify(result.data);
};

describe('the entries list in one statement', () => {
  const shapes: [string, Partial<EntryQuery>][] = [
    ['a month, newest first', { from: '2026-03-01', to: '2026-03-31', size: 10 }],
    ['its second and last pages', { from: '2026-03-01', to: '2026-03-31', size: 10, page: 2 }],
    ['past the last page', { from: '2026-03-01', to: '2026-03-31', size: 50, page: 3 }],
    ['by amount, largest first (ties of amount)', { sort: 'amount', order: 'desc', size: 25 }],
    ['by amount, smallest first, page 2', { sort: 'amount', order: 'asc', size: 10, page: 2 }],
    ['one type by amount', { type: 'income', sort: 'amount', order: 'desc', size: 10 }],
    ['by category name', { sort: 'category', order: 'asc', size: 25 }],
    ['by category name, descending, page 2', { sort: 'category', order: 'desc', size: 10, page: 2 }],
    ['by creation, oldest first', { sort: 'createdAt', order: 'asc', size: 50 }],
    ['by payment method', { sort: 'paymentMethod', order: 'desc', size: 25 }],
    ['a payment method, oldest first', { paymentMethod: 'card', order: 'asc', size: 10 }],
    ['a search in descriptions', { search: 'line 1', size: 25 }],
    ['a search in references', { search: 'inv-2', size: 25 }],
    ['a search matching a worker', { search: 'lucía', size: 10 }],
    ['a search matching a subcategory', { search: 'radio', size: 50 }],
    ['a search with a wildcard character', { search: '50%', size: 10 }],
    ['a search with an underscore', { search: 'a_1', size: 10 }],
    ['a search matching nothing', { search: 'nothing like this', size: 10 }],
    // Read from trigram indexes (issue 31): still any case, letters with accents too, and accents still count.
    ['a search in capitals, accented letters too', { search: 'ÑANDÚ', size: 10 }],
    ['a search in a reference in another case', { search: 'pedido-ágil', size: 10 }],
    ['a search without the accents, which count', { search: 'nandu', size: 10 }],
    // Words and names found apart (ADR 015): lines whose words and names both match are counted once.
    ['a search matching words and a category, of the same lines and of others', { search: 'sale', size: 50 }],
    ['a search with a type and a month, by amount', { search: 'line', type: 'income', from: '2026-03-01', to: '2026-03-31', sort: 'amount', size: 10 }],
    ['a search by category name, page 2', { search: 'a', sort: 'category', order: 'desc', size: 10, page: 2 }],
    ['a search of two letters, words and names in one pass', { search: 'li', size: 25 }],
  ];
  for (const [what, shape] of shapes) {
    it(`answers ${what} as the plain queries do, in the serializer's bytes`, async () => {
      const q: EntryQuery = { page: 1, size: 10, sort: 'date', order: 'desc', ...shape };
      const res = await t.api('GET', '/api/entries', { token, query: q });
      expect(res.status).toBe(200);
      const reference = await referenceList(q, 'en');
      expect(JSON.parse(res.raw.body)).toEqual(reference);
      expect(res.raw.body).toBe(encoded(ZEntryList, reference));
      if (!/^(nothing|nandu)/.test(q.search ?? '') && q.page === 1) expect(reference.items.length).toBeGreaterThan(0);
      if (q.search === 'nandu') expect(reference.items).toEqual([]);
    });
  }

  it("answers a search read from the owner's trigram indexes (btree_gin) as it does otherwise", async () => {
    // A few dozen lines are read from whatever index is at hand: for the heavy owner a connection's generic
    // plan reads the trigram indexes (bench/plans.ts prints it). Here the planner is steered to them, in a
    // transaction undone after (another owner's lines by the thousand, each line's filter made dear), and
    // the plan must read them and give the very
    // answer the list gives: the same matches from trigrams as from the lines themselves.
    const literal = (v: unknown) => (v === null || v === undefined ? 'null' : `'${String(v).replace(/'/g, "''")}'`);
    // Terms with three letters or digits in a row (shorter ones are read in one pass, without trigrams).
    for (const search of ['line 1', 'ÑANDÚ', 'pedido-ágil', 'nandu', 'unt 50%', 'ped_do', 'sale', 'radio', 'inv-2']) {
      const q: EntryQuery = { page: 1, size: 25, sort: 'date', order: 'desc', search };
      const expected = (await t.api('GET', '/api/entries', { token, query: q })).raw.body;
      const { statement, values } = listStatementFor(q, 'en');
      const rollback = new Error('undone');
      const seen = await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`
            insert into entries (owner_id, type, date, amount, category_id, description)
            select owner_id, type, date, amount, category_id, 'more of the same ' || i
            from entries cross join generate_series(1, 100) i where owner_id <> ${ownerId}`);
          await tx.execute(sql`analyze entries`);
          await tx.execute(sql`set local cpu_operator_cost = 1`);
          await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
          await tx.execute(sql.raw(`prepare search_by_index as ${statement.text}`));
          const run = `execute search_by_index(${statement.values(ownerId, values).map(literal).join(', ')})`;
          const plan = (await queryRows<Record<string, string>>(tx, sql.raw(`explain ${run}`))).map((r) => Object.values(r)[0]).join('\n');
          const [row] = await queryRows<{ answer: string }>(tx, sql.raw(run));
          await tx.execute(sql.raw('deallocate search_by_index'));
          throw Object.assign(rollback, { plan, answer: row!.answer });
        })
        .catch((err: unknown) => {
          if (err !== rollback) throw err;
          return rollback as Error & { plan: string; answer: string };
        });
      expect(seen.plan).toMatch(/Index Cond: \(\(owner_id = \$1\) AND \(description ~~\* \$2\)\)/);
      expect(seen.plan).toMatch(/Index Cond: \(\(owner_id = \$1\) AND \(reference ~~\* \$3\)\)/);
      expect(seen.answer).toBe(expected);
    }
  });

  it('filters by category and worker, names in the reader’s language, and reads nothing of another owner', async () => {
    const cats = expectOk(await t.api('GET', '/api/categories', { token, headers: { 'x-language': 'es' } })).items as { id: string; kind: string }[];
    const worker = (expectOk(await t.api('GET', '/api/workers', { token })).items as { id: string }[])[0]!;
    for (const q of [
      { page: 1, size: 25, sort: 'date', order: 'desc', categoryId: cats.find((c) => c.kind === 'income')!.id },
      { page: 1, size: 25, sort: 'category', order: 'asc', workerId: worker.id },
      { page: 1, size: 50, sort: 'category', order: 'asc', search: 'ventas' },
    ] as EntryQuery[]) {
      const res = await t.api('GET', '/api/entries', { token, headers: { 'x-language': 'es' }, query: q });
      expect(JSON.parse(res.raw.body)).toEqual(await referenceList(q, 'es'));
    }
    const theirs = expectOk(await t.api('GET', '/api/entries', { token: otherToken, query: { size: 50 } }));
    expect(theirs.totals.count).toBe(12);
    const mine = expectOk(await t.api('GET', '/api/entries', { token, query: { size: 50 } }));
    expect(mine.items.map((e: { id: string }) => e.id)).not.toEqual(expect.arrayContaining(theirs.items.map((e: { id: string }) => e.id).slice(0, 1)));
  });
});

describe('the month summary in one statement', () => {
  it('sums the month as the plain queries do, every day of it, in the serializer’s bytes', async () => {
    const res = await t.api('GET', '/api/reports/month-summary', { token, query: { year: 2026, month: 3 } });
    expect(res.status).toBe(200);
    const from = '2026-03-01';
    const to = '2026-03-31';
    const inMonth = and(eq(entries.ownerId, ownerId), gte(entries.date, from), lte(entries.date, to));
    const byDayType = await t.db
      .select({ date: entries.date, type: entries.type, amount: sql<number>`sum(${entries.amount})` })
      .from(entries)
      .where(inMonth)
      .groupBy(entries.date, entries.type);
    const tripDays = await t.db
      .select({ date: trips.date, miles: sql<number>`sum(${trips.miles})`, deduction: sql<number>`sum(${tripDeductionSql})` })
      .from(trips)
      .where(and(eq(trips.ownerId, ownerId), gte(trips.date, from), lte(trips.date, to)))
      .groupBy(trips.date);
    const field = {
      income: 'income',
      purchase: 'purchases',
      expense: 'expenses',
      worker_payment: 'workerPayments',
      supplier_payment: 'supplierPayments',
    } as const;
    const daily = Array.from({ length: 31 }, (_, i) => {
      const date = `2026-03-${String(i + 1).padStart(2, '0')}`;
      const d = { date, income: 0, purchases: 0, expenses: 0, workerPayments: 0, supplierPayments: 0, miles: 0, mileageDeduction: 0, net: 0 };
      for (const r of byDayType.filter((r) => r.date === date)) d[field[r.type]] += r.amount;
      const trip = tripDays.find((r) => r.date === date);
      d.miles = trip ? fromScaled(trip.miles, 1) : 0;
      d.mileageDeduction = trip?.deduction ?? 0;
      d.net = d.income - d.purchases - d.expenses - d.workerPayments - d.supplierPayments - d.mileageDeduction;
      return d;
    });
    const add = (k: keyof (typeof daily)[number]) => daily.reduce((n, d) => n + (d[k] as number), 0);
    const byCategory = await t.db
      .select({
        type: entries.type,
        categoryId: entries.categoryId,
        categoryName: name(categories, 'en'),
        subcategoryId: entries.subcategoryId,
        subcategoryName: name(subcategories, 'en'),
        amount: sql<number>`sum(${entries.amount})`,
        count: sql<number>`count(*)`,
      })
      .from(entries)
      .innerJoin(categories, eq(categories.id, entries.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, entries.subcategoryId))
      .where(inMonth)
      .groupBy(entries.type, entries.categoryId, categories.id, entries.subcategoryId, subcategories.id)
      .orderBy(
        sql`sum(${entries.amount}) desc`,
        name(categories, 'en'),
        sql`${name(subcategories, 'en')} nulls first`,
        entries.type,
        entries.categoryId,
        sql`${entries.subcategoryId} nulls first`,
      );
    const incomeByMethod = await t.db
      .select({ paymentMethod: entries.paymentMethod, amount: sql<number>`sum(${entries.amount})`, count: sql<number>`count(*)` })
      .from(entries)
      .where(and(inMonth, eq(entries.type, 'income')))
      .groupBy(entries.paymentMethod)
      .orderBy(sql`sum(${entries.amount}) desc`, entries.paymentMethod);
    const [status] = await t.db
      .select({ status: taxMonths.status })
      .from(taxMonths)
      .where(and(eq(taxMonths.ownerId, ownerId), eq(taxMonths.year, 2026), eq(taxMonths.month, 3)));
    const income = add('income');
    const outflows = add('purchases') + add('expenses') + add('workerPayments') + add('supplierPayments');
    const milesTenths = tripDays.reduce((n, r) => n + r.miles, 0);
    const reference = {
      year: 2026,
      month: 3,
      status: status?.status ?? 'open',
      income,
      purchases: add('purchases'),
      expenses: add('expenses'),
      workerPayments: add('workerPayments'),
      supplierPayments: add('supplierPayments'),
      outflows,
      miles: fromScaled(milesTenths, 1),
      mileageDeduction: add('mileageDeduction'),
      net: income - outflows - add('mileageDeduction'),
      entries: byDayType.length ? Number((await t.db.select({ n: count() }).from(entries).where(inMonth))[0]!.n) : 0,
      trips: 2,
      byCategory,
      incomeByMethod,
      daily,
    };
    expect(reference.entries).toBe(54);
    expect(reference.mileageDeduction).toBeGreaterThan(0);
    expect(JSON.parse(res.raw.body)).toEqual(reference);
    expect(res.raw.body).toBe(encoded(ZMonthSummary, reference));
    // Another owner's month: their own figures only.
    const theirs = expectOk(await t.api('GET', '/api/reports/month-summary', { token: otherToken, query: { year: 2026, month: 3 } }));
    expect([theirs.entries, theirs.income, theirs.trips]).toEqual([12, 12 * 1007, 0]);
  });
});

describe("the P&L's sums in one statement", () => {
  it('writes the P&L (year and month, two languages, with its mileage line) in the bytes of the schema’s serializer', async () => {
    for (const language of ['en', 'es'] as const) {
      for (const query of [{ year: 2026 }, { year: 2026, month: 3 }] as Record<string, number>[]) {
        const res = await t.api('GET', '/api/reports/pnl', { token, headers: { 'x-language': language }, query });
        expect(res.status).toBe(200);
        const body = JSON.parse(res.raw.body) as { lines: { kind: string }[]; months?: unknown };
        expect(body.lines.map((l) => l.kind)).toContain('mileage');
        expect(body.lines.map((l) => l.kind)).toContain('subcategory');
        expect(res.raw.body).toBe(encoded(ZPnl, body));
      }
    }
  });

  it('sums by month, category and subcategory as the plain grouped query does, in the same order', async () => {
    for (const language of ['en', 'es'] as const) {
      const month = sql<number>`extract(month from ${entries.date})::int`;
      const reference = await t.db
        .select({
          month,
          categoryId: categories.id,
          name: name(categories, language),
          kind: categories.kind,
          taxLine: categories.taxLine,
          taxLineChanges: categories.taxLineChanges,
          sortOrder: categories.sortOrder,
          subcategoryId: entries.subcategoryId,
          subcategoryName: name(subcategories, language),
          amount: sql<number>`sum(${entries.amount})`,
        })
        .from(entries)
        .innerJoin(categories, eq(categories.id, entries.categoryId))
        .leftJoin(
          subcategories,
          and(eq(subcategories.id, entries.subcategoryId), or(sql`${subcategories.ownerId} is null`, eq(subcategories.ownerId, ownerId))),
        )
        .where(and(eq(entries.ownerId, ownerId), gte(entries.date, '2026-01-01'), lte(entries.date, '2026-12-31')))
        .groupBy(month, categories.id, entries.subcategoryId, subcategories.id)
        .orderBy(asc(categories.sortOrder), asc(name(categories, language)), asc(name(subcategories, language)));
      const rows = await new ReportsRepository(t.db, ownerId, language).categoryMonthTotals('2026-01-01', '2026-12-31');
      expect(reference.length).toBeGreaterThan(4);
      // The same rows; in the chart's order (rows tied on it, months of one line, come in any order: the service adds them up).
      const key = (r: { categoryId: string; subcategoryId: string | null; month: number }) => `${r.categoryId}|${r.subcategoryId}|${r.month}`;
      const byKey = (a: (typeof rows)[number], b: (typeof rows)[number]) => key(a).localeCompare(key(b));
      expect([...rows].sort(byKey)).toEqual([...reference].sort(byKey));
      expect(rows.map((r) => r.sortOrder)).toEqual(reference.map((r) => r.sortOrder));
    }
  });
});
