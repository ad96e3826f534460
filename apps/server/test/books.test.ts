import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, entries, trips, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let token: string;
let ownerId: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.bookkeeper();
  token = a.token;
  ownerId = a.owner.id;
  other = (await t.bookkeeper()).token;
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });

/** The seeded chart, by name as docs/product.md names it in Spanish (a Spanish reader's view). */
async function chart() {
  const headers = { 'x-language': 'es' };
  const cats = expectOk(await t.api('GET', '/api/categories', { token, headers })).items as { id: string; name: string; kind: string; taxLine: string }[];
  const subs = expectOk(await t.api('GET', '/api/subcategories', { token, headers, query: { size: 500 } })).items as {
    id: string;
    name: string;
    categoryId: string;
  }[];
  const cat = (name: string) => cats.find((c) => c.name === name)!;
  const sub = (name: string) => subs.find((s) => s.name === name)!;
  return { cats, subs, cat, sub };
}

describe('the default chart and rates', () => {
  it('is seeded once with the categories of PRODUCT.md, their kinds, tax lines and subcategories', async () => {
    const { cats, cat, sub } = await chart();
    expect(cats).toHaveLength(24);
    expect(cats.filter((c) => c.kind === 'income').map((c) => c.name)).toEqual(['Ventas', 'Servicios', 'Otros ingresos']);
    expect(cats.filter((c) => c.kind === 'payroll').map((c) => c.name)).toEqual(['Salarios y jornales', 'Trabajo por contrato', 'Beneficios a empleados']);
    expect(cat('Gastos de oficina').taxLine).toMatch(/line 18/);
    expect(cat('Compras de mercancía')).toMatchObject({ kind: 'cost_of_goods' });
    expect(sub('Combustible').categoryId).toBe(cat('Gastos de vehículo').id);
    expect(sub('Internet').categoryId).toBe(cat('Utilidades').id);
    const rates = expectOk(await t.api('GET', '/api/admin/mileage-rates', { token: await t.adminToken() })).items;
    expect(rates.map((r: { effectiveFrom: string; centsPerMile: number }) => [r.effectiveFrom, r.centsPerMile])).toEqual([
      ['2026-01-01', 72.5],
      ['2025-01-01', 70],
      ['2024-01-01', 67],
      ['2023-01-01', 65.5],
      ['2022-07-01', 62.5],
      ['2022-01-01', 58.5],
    ]);
  });
});

describe('plan and access', () => {
  it('answers a free-plan owner (the trial over) 403 PLAN_REQUIRED on the books, and 401 without a token', async () => {
    const free = (await t.freeOwnerToken()).token;
    for (const [method, url] of [
      ['GET', '/api/entries'],
      ['POST', '/api/entries'],
      ['GET', '/api/workers'],
      ['GET', '/api/categories'],
      ['GET', '/api/tax-years'],
      ['GET', '/api/trips'],
    ] as const) {
      expectError(await t.api(method, url, { token: free, body: method === 'POST' ? {} : undefined }), 403, 'PLAN_REQUIRED');
      expectError(await t.api(method, url, {}), 401, 'UNAUTHORIZED');
    }
    expect(expectOk(await t.api('GET', '/api/settings', { token: free })).business.currency).toBe('USD');
  });
});

describe('registries', () => {
  it('adds, lists, masks the tax id, hides another owner’s records, and deactivates a record in use', async () => {
    const w = expectOk(
      await api('POST', '/api/workers', { name: 'Lucía Pérez', kind: 'contractor', taxId: '123-45-6789', payRate: 1800, payUnit: 'hour' }),
      201,
    );
    expect(w).toMatchObject({ name: 'Lucía Pérez', taxIdMasked: '•••• 6789', active: true, payRate: 1800 });
    expect(JSON.stringify(w)).not.toContain('123-45');
    expectError(await api('GET', `/api/workers/${w.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', `/api/workers/${w.id}`, { name: 'Stolen' }, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/workers/${w.id}`, undefined, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('GET', '/api/workers', undefined, other)).items).toHaveLength(0);
    const list = expectOk(await api('GET', '/api/workers?search=luc'));
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([w.id]);
    expect(list.pagination).toEqual({ page: 1, size: 10, total: 1, lastPage: 1 });

    const { cat } = await chart();
    expectOk(
      await api('POST', '/api/entries', {
        type: 'worker_payment',
        date: '2026-03-02',
        amount: 50000,
        categoryId: cat('Trabajo por contrato').id,
        workerId: w.id,
      }),
      201,
    );
    expectError(await api('DELETE', `/api/workers/${w.id}`), 409, 'CONFLICT');
    expect(expectOk(await api('PATCH', `/api/workers/${w.id}`, { active: false })).active).toBe(false);
    expect(expectOk(await api('GET', '/api/workers?active=true')).items).toHaveLength(0);

    const unused = expectOk(await api('POST', '/api/vehicles', { name: 'Old van', initialOdometer: 12000.5 }), 201);
    expect(unused.initialOdometer).toBe(12000.5);
    expect(expectOk(await api('DELETE', `/api/vehicles/${unused.id}`))).toBe(true);
    expectError(await api('GET', `/api/vehicles/${unused.id}`), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/workers', { name: '', kind: 'boss' }), 400, 'VALIDATION', { paths: ['kind', 'name'] });
  });
});

describe('entries', () => {
  it('checks every rule of PRODUCT.md and writes nothing when one fails', async () => {
    const { cat, sub } = await chart();
    const before = await t.count(entries);
    const bad = async (body: Record<string, unknown>, path: string) => {
      const res = await api('POST', '/api/entries', body);
      const err = expectError(res, 400, 'VALIDATION');
      expect(
        err.details!.map((d) => d.path),
        JSON.stringify(err),
      ).toContain(path);
    };
    await bad({ type: 'income', date: '2026-03-01', amount: 100, categoryId: cat('Publicidad').id }, 'categoryId');
    await bad({ type: 'expense', date: '2026-02-30', amount: 100, categoryId: cat('Publicidad').id }, 'date');
    await bad({ type: 'expense', date: '2026-03-01', amount: 0, categoryId: cat('Publicidad').id }, 'amount');
    await bad({ type: 'expense', date: '2026-03-01', amount: 100_000_000_001, categoryId: cat('Publicidad').id }, 'amount');
    await bad({ type: 'expense', date: '2026-03-01', amount: 12.5, categoryId: cat('Publicidad').id }, 'amount');
    await bad({ type: 'worker_payment', date: '2026-03-01', amount: 100, categoryId: cat('Salarios y jornales').id }, 'workerId');
    await bad({ type: 'supplier_payment', date: '2026-03-01', amount: 100, categoryId: cat('Publicidad').id }, 'providerId');
    await bad({ type: 'supplier_payment', date: '2026-03-01', amount: 100, categoryId: cat('Ventas').id, providerId: crypto.randomUUID() }, 'providerId');
    await bad({ type: 'expense', date: '2026-03-01', amount: 100, categoryId: cat('Publicidad').id, subcategoryId: sub('Combustible').id }, 'subcategoryId');
    await bad({ type: 'purchase', date: '2026-03-01', quantity: 1.2345, unitCost: 100, categoryId: cat('Compras de mercancía').id }, 'quantity');
    // Another owner's provider is "no such provider", never theirs to use.
    const theirs = expectOk(await api('POST', '/api/providers', { name: 'Not yours' }, other), 201);
    await bad({ type: 'supplier_payment', date: '2026-03-01', amount: 100, categoryId: cat('Publicidad').id, providerId: theirs.id }, 'providerId');
    expect(await t.count(entries)).toBe(before);
  });

  it('computes a purchase’s amount from quantity × unit cost, rounded half up, in integers', async () => {
    const { cat } = await chart();
    const p = expectOk(await api('POST', '/api/providers', { name: 'Harinas del Sur', defaultCategoryId: cat('Compras de mercancía').id }), 201);
    const flour = expectOk(
      await api('POST', '/api/products', {
        name: 'Flour 25 kg',
        unit: 'bag',
        defaultUnitCost: 1299,
        providerId: p.id,
        categoryId: cat('Compras de mercancía').id,
      }),
      201,
    );
    const a = expectOk(await api('POST', '/api/entries', { type: 'purchase', date: '2026-04-03', productId: flour.id, quantity: 2.5 }), 201);
    expect(a).toMatchObject({
      amount: 3248,
      quantity: 2.5,
      unitCost: 1299,
      categoryId: cat('Compras de mercancía').id,
      providerId: p.id,
      productName: 'Flour 25 kg',
    });
    const b = expectOk(await api('POST', '/api/entries', { type: 'purchase', date: '2026-04-03', productId: flour.id, quantity: '0.125', unitCost: 333 }), 201);
    expect(b.amount).toBe(42); // 41.625 → 42
    const c = expectOk(
      await api('POST', '/api/entries', { type: 'purchase', date: '2026-04-03', productId: flour.id, quantity: 3, unitCost: 1, amount: 999 }),
      201,
    );
    expect(c.amount).toBe(3);
    const d = expectOk(await api('PATCH', `/api/entries/${a.id}`, { quantity: 0.1 }));
    expect(d.amount).toBe(130); // 129.9 → 130
    // A supplier payment takes the provider's default category.
    const pay = expectOk(
      await api('POST', '/api/entries', {
        type: 'supplier_payment',
        date: '2026-04-04',
        amount: 5000,
        providerId: p.id,
        paymentMethod: 'check',
        reference: '1042',
      }),
      201,
    );
    expect(pay).toMatchObject({ categoryName: 'Merchandise purchases', providerName: 'Harinas del Sur', paymentMethod: 'check', reference: '1042' });
  });

  it('writes a batch whole or not at all, and its sums stay exact to the cent', async () => {
    const { cat } = await chart();
    const ventas = cat('Ventas').id;
    const before = await t.count(entries);
    const lines = Array.from({ length: 5 }, (_, i) => ({ type: 'income', date: '2026-05-01', amount: 1000 + i, categoryId: ventas }));
    const bad = await api('POST', '/api/entries/batch', {
      entries: [...lines, { type: 'income', date: '2026-05-01', amount: 5, categoryId: cat('Publicidad').id }],
    });
    const err = expectError(bad, 400, 'VALIDATION');
    expect(err.details!.map((d) => d.path)).toEqual(['entries.5.categoryId']);
    expect(await t.count(entries)).toBe(before);
    expectError(await api('POST', '/api/entries/batch', { entries: Array.from({ length: 1001 }, () => lines[0]) }), 400, 'VALIDATION');
    expect(await t.count(entries)).toBe(before);

    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    const amounts = Array.from({ length: 1000 }, () => 1 + (random() % 99_999_999));
    const res = expectOk(
      await api('POST', '/api/entries/batch', {
        entries: amounts.map((amount) => ({ type: 'income', date: '2026-06-15', amount, categoryId: ventas, paymentMethod: 'card' })),
      }),
      201,
    );
    const expected = amounts.reduce((a, b) => a + b, 0);
    expect(res.count).toBe(1000);
    expect(res.amount).toBe(expected);
    const list = expectOk(await api('GET', '/api/entries?type=income&from=2026-06-01&to=2026-06-30&size=50&sort=amount&order=desc'));
    expect(list.totals).toEqual({ amount: expected, count: 1000 });
    expect(list.pagination).toEqual({ page: 1, size: 50, total: 1000, lastPage: 20 });
    expect(list.items[0].amount).toBe(Math.max(...amounts));
    const summary = expectOk(await api('GET', '/api/reports/month-summary?year=2026&month=6'));
    expect(summary.income).toBe(expected);
    expect(summary.daily[14]).toMatchObject({ date: '2026-06-15', income: expected });
    // Another owner sees none of it.
    expect(expectOk(await api('GET', '/api/entries?from=2026-06-01&to=2026-06-30', undefined, other)).totals).toEqual({ amount: 0, count: 0 });
    expectError(await api('GET', `/api/entries/${res.items[0].id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/entries/${res.items[0].id}`, undefined, other), 404, 'NOT_FOUND');
  });

  it('keeps who changed an entry, when, before and after, for its owner only', async () => {
    const { cat } = await chart();
    const e = expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2026-07-01', amount: 2500, categoryId: cat('Publicidad').id, description: 'Flyers' }),
      201,
    );
    expectOk(await api('PATCH', `/api/entries/${e.id}`, { amount: 2600 }));
    const history = expectOk(await api('GET', `/api/audit?entity=entry&id=${e.id}`)).items;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'update']);
    expect(history[1].before.amount).toBe(2500);
    expect(history[1].after.amount).toBe(2600);
    expect(history[1].actor.id).toBe(ownerId);
    expectError(await api('GET', `/api/audit?entity=entry&id=${e.id}`, undefined, other), 404, 'NOT_FOUND');
    expectOk(await api('DELETE', `/api/entries/${e.id}`));
    expect(await t.count(auditLog, eq(auditLog.entityId, e.id))).toBe(3);
  });
});

describe('receipts', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const form = (data: Buffer, name: string, type = 'application/pdf') => {
    const f = new FormData();
    f.append('file', new Blob([data], { type }), name);
    return f;
  };

  it('takes a file by its bytes, serves it to its owner only, and removes it', async () => {
    const { cat } = await chart();
    const e = expectOk(await api('POST', '/api/entries', { type: 'expense', date: '2026-08-01', amount: 1200, categoryId: cat('Gastos de oficina').id }), 201);
    // Named .pdf, but its bytes are a PNG: it is kept as what it is.
    const a = expectOk(await t.api('POST', `/api/entries/${e.id}/attachments`, { token, body: form(png, 'ticket.pdf') }), 201);
    expect(a).toMatchObject({ entryId: e.id, mime: 'image/png', size: png.length });
    const refused = await t.api('POST', `/api/entries/${e.id}/attachments`, { token, body: form(Buffer.from('<script>alert(1)</script>'), 'receipt.pdf') });
    expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const got = await t.api('GET', `/api/attachments/${a.id}?download=1`, { token });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment; filename="ticket\.pdf\.png"/);
    expect(got.raw.rawPayload.equals(png)).toBe(true);
    expectError(await t.api('GET', `/api/attachments/${a.id}`, { token: other }), 404, 'NOT_FOUND');
    expectError(await t.api('POST', `/api/entries/${e.id}/attachments`, { token: other, body: form(png, 'x.png') }), 404, 'NOT_FOUND');
    expect(expectOk(await api('GET', `/api/entries/${e.id}`)).attachments).toHaveLength(1);
    expectOk(await api('DELETE', `/api/attachments/${a.id}`));
    expectError(await t.api('GET', `/api/attachments/${a.id}`, { token }), 404, 'NOT_FOUND');
  });
});

describe('trips', () => {
  it('takes the rate in force on each trip’s date and rounds each deduction on its own', async () => {
    const v = expectOk(await api('POST', '/api/vehicles', { name: 'Delivery van', make: 'Ford', model: 'Transit', year: 2021, plate: 'ABC-123' }), 201);
    const before = expectOk(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-06-30', miles: 10.3, purpose: 'Flour pickup' }), 201);
    // 10.3 × 58.5 = 602.55 → 603
    expect(before).toMatchObject({ miles: 10.3, centsPerMile: 58.5, deduction: 603 });
    const after = expectOk(
      await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-07-01', odometerStart: 1000.2, odometerEnd: 1012.5, purpose: 'Catering delivery' }),
      201,
    );
    // 12.3 × 62.5 = 768.75 → 769
    expect(after).toMatchObject({ miles: 12.3, centsPerMile: 62.5, deduction: 769 });
    expectError(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-07-02', odometerStart: 20, odometerEnd: 10, purpose: 'x' }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-07-02', miles: 5 }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-07-02', miles: 0, purpose: 'x' }), 400, 'VALIDATION');
    const list = expectOk(await api('GET', `/api/trips?from=2022-01-01&to=2022-12-31&vehicleId=${v.id}`));
    expect(list.totals).toEqual({ miles: 22.6, deduction: 603 + 769, count: 2 });
    expect(list.vehicles).toEqual([{ vehicleId: v.id, vehicleName: 'Delivery van', miles: 22.6, deduction: 1372, count: 2 }]);
    // A trip without a rate in force (before the first one) deducts nothing, and says so.
    const early = expectOk(await api('POST', '/api/trips', { vehicleId: v.id, date: '2021-12-31', miles: 5, purpose: 'Before the rates' }), 201);
    expect(early).toMatchObject({ centsPerMile: null, deduction: 0 });
    const july = expectOk(await api('GET', '/api/reports/month-summary?year=2022&month=7'));
    expect(july).toMatchObject({ miles: 12.3, mileageDeduction: 769, net: -769 });
    expectError(await api('GET', `/api/trips/${after.id}`, undefined, other), 404, 'NOT_FOUND');
  });
});

describe('closed months', () => {
  it('refuses every write into or out of a closed month with 409 PERIOD_CLOSED, until it is reopened', async () => {
    const { cat } = await chart();
    const ventas = cat('Ventas').id;
    const v = expectOk(await api('POST', '/api/vehicles', { name: 'Car' }), 201);
    const inMarch = expectOk(await api('POST', '/api/entries', { type: 'income', date: '2025-03-10', amount: 10000, categoryId: ventas }), 201);
    const inApril = expectOk(await api('POST', '/api/entries', { type: 'income', date: '2025-04-10', amount: 500, categoryId: ventas }), 201);
    const trip = expectOk(await api('POST', '/api/trips', { vehicleId: v.id, date: '2025-03-11', miles: 4, purpose: 'Bank deposit' }), 201);
    const closed = expectOk(await api('POST', '/api/tax-years/2025/months/3/close'));
    expect(closed).toMatchObject({ year: 2025, month: 3, status: 'closed', income: 10000 });
    const entriesBefore = await t.count(entries);
    const tripsBefore = await t.count(trips);
    const png = new FormData();
    png.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], { type: 'image/jpeg' }), 'r.jpg');
    const attempts = [
      api('POST', '/api/entries', { type: 'income', date: '2025-03-31', amount: 1, categoryId: ventas }),
      api('POST', '/api/entries/batch', {
        entries: [
          { type: 'income', date: '2025-04-01', amount: 1, categoryId: ventas },
          { type: 'income', date: '2025-03-01', amount: 1, categoryId: ventas },
        ],
      }),
      api('PATCH', `/api/entries/${inMarch.id}`, { amount: 1 }),
      api('PATCH', `/api/entries/${inMarch.id}`, { date: '2025-04-01' }),
      api('PATCH', `/api/entries/${inApril.id}`, { date: '2025-03-15' }),
      api('DELETE', `/api/entries/${inMarch.id}`),
      t.api('POST', `/api/entries/${inMarch.id}/attachments`, { token, body: png }),
      api('POST', '/api/trips', { vehicleId: v.id, date: '2025-03-12', miles: 1, purpose: 'x' }),
      api('PATCH', `/api/trips/${trip.id}`, { miles: 5 }),
      api('DELETE', `/api/trips/${trip.id}`),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 409, 'PERIOD_CLOSED');
    expect(await t.count(entries)).toBe(entriesBefore);
    expect(await t.count(trips)).toBe(tripsBefore);
    expect(expectOk(await api('GET', `/api/entries/${inApril.id}`)).date).toBe('2025-04-10');
    const months = expectOk(await api('GET', '/api/tax-years/2025/months'));
    expect(months).toHaveLength(12);
    expect(months[2]).toMatchObject({ month: 3, status: 'closed', income: 10000 });
    expect(months[3]).toMatchObject({ month: 4, status: 'open', income: 500, net: 500 });
    const years = expectOk(await api('GET', '/api/tax-years'));
    expect(years.find((y: { year: number }) => y.year === 2025)).toMatchObject({ income: 10500, status: 'open' });

    expect(expectOk(await api('POST', '/api/tax-years/2025/months/3/reopen')).status).toBe('open');
    expectOk(await api('PATCH', `/api/entries/${inMarch.id}`, { amount: 9000 }));
    expectOk(await api('DELETE', `/api/trips/${trip.id}`));
  });

  it('lets no write in once a racing close has committed', async () => {
    const { cat } = await chart();
    const ventas = cat('Ventas').id;
    const writes = Array.from({ length: 20 }, (_, i) =>
      api('POST', '/api/entries/batch', {
        entries: Array.from({ length: 10 }, () => ({ type: 'income', date: `2024-09-${String(i + 1).padStart(2, '0')}`, amount: 100, categoryId: ventas })),
      }),
    );
    const close = api('POST', '/api/tax-years/2024/months/9/close');
    const results = await Promise.all([...writes, close]);
    expect(results.at(-1)!.status).toBe(200);
    const accepted = results.slice(0, -1).filter((r) => r.status === 201).length;
    for (const r of results.slice(0, -1)) expect([201, 409]).toContain(r.status);
    const list = expectOk(await api('GET', '/api/entries?from=2024-09-01&to=2024-09-30'));
    // Every acknowledged batch is there whole, nothing else.
    expect(list.totals).toEqual({ amount: accepted * 10 * 100, count: accepted * 10 });
    expectError(await api('POST', '/api/entries', { type: 'income', date: '2024-09-30', amount: 1, categoryId: ventas }), 409, 'PERIOD_CLOSED');
  });
});

describe('the months and years tables', () => {
  it('show the mileage deduction, so that income − outflows − mileage deduction is the net of each row', async () => {
    const { cat } = await chart();
    const v = expectOk(await api('POST', '/api/vehicles', { name: 'Taco truck' }), 201);
    expectOk(await api('POST', '/api/entries', { type: 'income', date: '2022-08-05', amount: 207550, categoryId: cat('Ventas').id }), 201);
    expectOk(await api('POST', '/api/entries', { type: 'expense', date: '2022-08-06', amount: 27610, categoryId: cat('Publicidad').id }), 201);
    // 2022-07-01's rate, 62.5 ¢ a mile: 2.5 miles are 1.5625, rounded half up to $1.56; 10 miles $6.25.
    expectOk(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-08-07', miles: 10, purpose: 'Market' }), 201);
    expectOk(await api('POST', '/api/trips', { vehicleId: v.id, date: '2022-08-08', miles: 2.5, purpose: 'Bank' }), 201);
    const august = expectOk(await api('GET', '/api/tax-years/2022/months'))[7];
    expect(august).toMatchObject({ month: 8, income: 207550, outflows: 27610, mileageDeduction: 781, net: 207550 - 27610 - 781 });
    // The year holds this file's other trips of 2022 too: its row adds up all the same.
    const year = expectOk(await api('GET', '/api/tax-years')).find((y: { year: number }) => y.year === 2022);
    expect(year.mileageDeduction).toBeGreaterThanOrEqual(781);
    expect(year.net).toBe(year.income - year.outflows - year.mileageDeduction);
  });
});

describe('closing a month before its last day', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  it('is refused with 409 CONFLICT for a month to come, and writes nothing', async () => {
    const now = new Date();
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    const [year, month] = [ahead.getUTCFullYear(), ahead.getUTCMonth() + 1];
    const refused = expectError(await api('POST', `/api/tax-years/${year}/months/${month}/close`), 409, 'CONFLICT');
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    expect(refused.message).toBe(`${year}-${pad(month)} can be closed from its last day, ${year}-${pad(month)}-${pad(lastDay)}`);
    expect(expectOk(await api('GET', `/api/tax-years/${year}/months`))[month - 1]).toMatchObject({ status: 'open' });
  });

  it('is refused the day before the last day on the owner’s clock, and taken on the last day itself', async () => {
    const { PeriodsService } = await import('../src/modules/books/periods.service.js');
    const periods = new PeriodsService(t.db);
    const [owner] = await t.db.select().from(users).where(eq(users.id, ownerId));
    const auth = { user: { ...owner!, preferences: { ...owner!.preferences, timeZone: 'America/Los_Angeles' } } } as never; // never: the service reads the user alone
    // 2023-06-30 at 05:00 UTC is still the 29th in Los Angeles.
    await expect(periods.setStatus(auth, 2023, 6, 'closed', new Date('2023-06-30T05:00:00Z'))).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(expectOk(await api('GET', '/api/tax-years/2023/months'))[5]).toMatchObject({ status: 'open' });
    expect(await periods.setStatus(auth, 2023, 6, 'closed', new Date('2023-06-30T08:00:00Z'))).toMatchObject({ month: 6, status: 'closed' });
    expect(expectOk(await api('POST', '/api/tax-years/2023/months/6/reopen')).status).toBe('open');
  });
});

describe('own subcategories and the admin chart', () => {
  it('keeps an owner’s subcategories to them, unique per category, and a category in use undeletable', async () => {
    const { cat } = await chart();
    const admin = await t.adminToken();
    const mine = expectOk(await api('POST', '/api/subcategories', { categoryId: cat('Publicidad').id, name: 'Radio' }), 201);
    expect(mine.ownerId).toBe(ownerId);
    expectError(await api('POST', '/api/subcategories', { categoryId: cat('Publicidad').id, name: 'radio' }), 409, 'CONFLICT');
    expectError(await api('POST', '/api/subcategories', { categoryId: cat('Gastos de vehículo').id, name: 'Combustible' }), 409, 'CONFLICT');
    expect(expectOk(await api('GET', '/api/subcategories?own=true', undefined, other)).items).toHaveLength(0);
    expectError(await api('PATCH', `/api/subcategories/${mine.id}`, { name: 'Mine now' }, other), 404, 'NOT_FOUND');
    expectOk(
      await api('POST', '/api/entries', { type: 'expense', date: '2026-09-01', amount: 700, categoryId: cat('Publicidad').id, subcategoryId: mine.id }),
      201,
    );
    expectError(await api('DELETE', `/api/subcategories/${mine.id}`), 409, 'CONFLICT');

    const created = expectOk(
      await t.api('POST', '/api/admin/categories', { token: admin, body: { name: 'Donaciones', kind: 'expense', taxLine: 'Not deductible' } }),
      201,
    );
    expectError(await t.api('POST', '/api/admin/categories', { token, body: { name: 'X', kind: 'expense' } }), 403, 'FORBIDDEN');
    expectError(await t.api('DELETE', `/api/admin/categories/${cat('Publicidad').id}`, { token: admin }), 409, 'CONFLICT');
    expect(expectOk(await t.api('PATCH', `/api/admin/categories/${cat('Publicidad').id}`, { token: admin, body: { active: false } })).active).toBe(false);
    expectError(await api('POST', '/api/entries', { type: 'expense', date: '2026-09-02', amount: 1, categoryId: cat('Publicidad').id }), 400, 'VALIDATION');
    expectOk(await t.api('PATCH', `/api/admin/categories/${cat('Publicidad').id}`, { token: admin, body: { active: true } }));
    expect(expectOk(await t.api('DELETE', `/api/admin/categories/${created.id}`, { token: admin }))).toBe(true);

    const rate = expectOk(await t.api('POST', '/api/admin/mileage-rates', { token: admin, body: { effectiveFrom: '2027-01-01', centsPerMile: 74.5 } }), 201);
    expect(rate.centsPerMile).toBe(74.5);
    expectError(await t.api('POST', '/api/admin/mileage-rates', { token: admin, body: { effectiveFrom: '2027-01-01', centsPerMile: 70 } }), 409, 'CONFLICT');
    expectError(
      await t.api('POST', '/api/admin/mileage-rates', { token: admin, body: { effectiveFrom: '2027-02-01', centsPerMile: 70.25 } }),
      400,
      'VALIDATION',
    );
    expectOk(await t.api('DELETE', `/api/admin/mileage-rates/${rate.id}`, { token: admin }));
  });
});

describe('settings', () => {
  it('keeps the business section and refuses an unknown currency', async () => {
    const s = expectOk(
      await api('PATCH', '/api/settings', { business: { name: 'Panadería Sol', taxId: '12-3456789', address: '1 Main St', currency: 'eur' } }),
    );
    expect(s.business).toEqual({ name: 'Panadería Sol', taxId: '12-3456789', address: '1 Main St', currency: 'EUR' });
    expectError(await api('PATCH', '/api/settings', { business: { currency: 'XYZ' } }), 400, 'VALIDATION');
    expect(expectOk(await api('GET', '/api/settings')).business.currency).toBe('EUR');
  });
});

describe('month summary and worker totals', () => {
  it('sums the month by category and payment method, and each worker by month and year, exactly', async () => {
    const { cat } = await chart();
    const owner = await t.bookkeeper();
    const as = (method: 'GET' | 'POST', url: string, body?: unknown) => t.api(method, url, { token: owner.token, body });
    const ana = expectOk(await as('POST', '/api/workers', { name: 'Ana', kind: 'employee' }), 201);
    const ben = expectOk(await as('POST', '/api/workers', { name: 'Ben', kind: 'contractor' }), 201);
    expectOk(
      await as('POST', '/api/entries/batch', {
        entries: [
          { type: 'income', date: '2026-10-01', amount: 1001, categoryId: cat('Ventas').id, paymentMethod: 'cash' },
          { type: 'income', date: '2026-10-02', amount: 2002, categoryId: cat('Ventas').id, paymentMethod: 'card' },
          { type: 'income', date: '2026-10-02', amount: 303, categoryId: cat('Servicios').id, paymentMethod: 'card' },
          { type: 'expense', date: '2026-10-03', amount: 404, categoryId: cat('Utilidades').id, subcategoryId: (await chart()).sub('Agua').id },
          { type: 'worker_payment', date: '2026-10-04', amount: 10000, categoryId: cat('Salarios y jornales').id, workerId: ana.id },
          { type: 'worker_payment', date: '2026-03-04', amount: 7000, categoryId: cat('Salarios y jornales').id, workerId: ana.id },
          { type: 'worker_payment', date: '2025-10-04', amount: 999, categoryId: cat('Salarios y jornales').id, workerId: ana.id },
        ],
      }),
      201,
    );
    const s = expectOk(await as('GET', '/api/reports/month-summary?year=2026&month=10'));
    expect(s).toMatchObject({ income: 3306, expenses: 404, workerPayments: 10000, outflows: 10404, net: 3306 - 10404, entries: 5 });
    expect(s.incomeByMethod).toEqual([
      { paymentMethod: 'card', amount: 2305, count: 2 },
      { paymentMethod: 'cash', amount: 1001, count: 1 },
    ]);
    expect(s.byCategory.find((r: { categoryName: string }) => r.categoryName === 'Utilities')).toMatchObject({
      subcategoryName: 'Water',
      amount: 404,
      count: 1,
      type: 'expense',
    });
    expect(s.daily).toHaveLength(31);
    expect(s.daily[1]).toMatchObject({ date: '2026-10-02', income: 2305 });
    const w = expectOk(await as('GET', '/api/reports/worker-totals?year=2026&month=10'));
    expect(w.items).toEqual([
      { workerId: ana.id, workerName: 'Ana', kind: 'employee', active: true, month: 10000, monthCount: 1, year: 17000, yearCount: 2 },
      { workerId: ben.id, workerName: 'Ben', kind: 'contractor', active: true, month: 0, monthCount: 0, year: 0, yearCount: 0 },
    ]);
    expect(w.totals).toEqual({ month: 10000, year: 17000 });
    expectError(await as('GET', '/api/reports/month-summary?year=2026&month=13'), 400, 'VALIDATION');
  });
});
