import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let token: string;
let other: string;
const ids = {} as Record<string, string> & { vehiculo: string; reparaciones: string; van: string; truck: string; ventas: string; otherVan: string };

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });
const post = async (url: string, body: unknown, as = token) => expectOk(await api('POST', url, body, as), 201);

/**
 * The fixture, checked by hand (docs/product.md, "Vehicle methods"; 2025, 70¢ a mile). Income: Ventas 5,000.00.
 *
 * Van, standard mileage (the default): trips 100.0 mi (70.00) + 35.7 mi (24.99) = 135.7 mi, 94.99 deducted.
 *   Its expenses: diesel (Fuel) 42.10 and repairs 120.00 are operating costs the rate covers: not deducted,
 *   162.10; tolls 5.50, parking 8.00 and the car loan's interest 33.00 stay deducted (46.50).
 * Truck, actual expenses: odometer 10,000.0 → 12,000.0 = 2,000.0 mi; trips 900.0 + 350.0 = 1,250.0 business
 *   mi (their 875.00 of mileage not taken); share 1,250 ÷ 2,000 = 62.5 %. Each entry's business part,
 *   rounded half up on its own: fuel 100.01 × 0.625 = 62.50625 → 62.51 (off 37.50); fuel 0.20 × 0.625 =
 *   0.125 → 0.13 (off 0.07); insurance 300.00 → 187.50 (off 112.50); lease 250.00 → 156.25 (off 93.75);
 *   parking 12.00 in full. Deducted 418.39, not deductible 243.82 (of 662.21).
 * An unnamed fuel of 10.00: deducted in full, as any expense.
 *
 * Line 9: Vehicle expenses 42.10 + 5.50 + 8.00 + 10.00 + 100.01 + 0.20 + 12.00 = 177.81 − 42.10 − 37.57
 *   = 98.14 (Fuel 72.64, Tolls 5.50, Parking 20.00) + standard mileage 94.99 = 193.13.
 * Insurance 187.50; Interest 33.00; Vehicle leases 156.25; Repairs 120.00 − 120.00 = nothing (no line).
 * Operating expenses 98.14 + 94.99 + 187.50 + 33.00 + 156.25 = 569.88; net 5,000.00 − 569.88 = 4,430.12.
 * Not deductible: Van 162.10 (March 42.10, April 120.00), Truck 243.82 (March 37.50, May 112.57, June 93.75).
 */
const FIXTURE = {
  income: 500000,
  opex: 56988,
  line9: 9814 + 9499,
  net: 443012,
  notDeductible: { van: 16210, truck: 24382 },
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.bookkeeper({ company: 'Food Truck Co' })).token;
  other = (await t.bookkeeper()).token;
  const es = { 'x-language': 'es' };
  const cats = expectOk(await t.api('GET', '/api/categories', { token, headers: es })).items as { id: string; name: string }[];
  const subs = expectOk(await t.api('GET', '/api/subcategories', { token, headers: es })).items as { id: string; name: string }[];
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;
  const sub = (name: string) => subs.find((s) => s.name === name)!.id;
  const vehiculo = cat('Gastos de vehículo');
  Object.assign(ids, { vehiculo, reparaciones: cat('Reparaciones y mantenimiento'), ventas: cat('Ventas') });
  const van = await post('/api/vehicles', { name: 'Van' });
  const truck = await post('/api/vehicles', { name: 'Truck' });
  const otherVan = await post('/api/vehicles', { name: 'Not mine' }, other);
  Object.assign(ids, { van: van.id, truck: truck.id, otherVan: otherVan.id });
  const x = (date: string, amount: number, categoryId: string, more: Record<string, unknown> = {}) => ({
    type: 'expense',
    date,
    amount,
    categoryId,
    paymentMethod: 'card',
    ...more,
  });
  await post('/api/entries/batch', {
    entries: [
      { type: 'income', date: '2025-03-01', amount: 500000, categoryId: cat('Ventas'), paymentMethod: 'cash' },
      x('2025-03-12', 4210, vehiculo, { subcategoryId: sub('Combustible'), vehicleId: van.id }),
      x('2025-03-12', 550, vehiculo, { subcategoryId: sub('Peajes'), vehicleId: van.id }),
      x('2025-04-03', 800, vehiculo, { subcategoryId: sub('Estacionamiento'), vehicleId: van.id }),
      x('2025-04-05', 12000, cat('Reparaciones y mantenimiento'), { vehicleId: van.id }),
      x('2025-04-30', 3300, cat('Intereses'), { vehicleId: van.id }),
      x('2025-03-20', 1000, vehiculo, { subcategoryId: sub('Combustible') }),
      x('2025-03-16', 10001, vehiculo, { subcategoryId: sub('Combustible'), vehicleId: truck.id }),
      x('2025-05-03', 20, vehiculo, { subcategoryId: sub('Combustible'), vehicleId: truck.id }),
      x('2025-05-02', 30000, cat('Seguros'), { vehicleId: truck.id }),
      x('2025-05-02', 1200, vehiculo, { subcategoryId: sub('Estacionamiento'), vehicleId: truck.id }),
      x('2025-06-01', 25000, cat('Arrendamiento de vehículos y equipo'), { vehicleId: truck.id }),
    ],
  });
  for (const [vehicleId, date, miles] of [
    [van.id, '2025-03-10', 100],
    [van.id, '2025-04-02', 35.7],
    [truck.id, '2025-03-15', 900],
    [truck.id, '2025-05-01', 350],
  ] as const)
    await post('/api/trips', { vehicleId, date, miles, purpose: 'Markets' });
  expectOk(await api('PUT', `/api/vehicles/${truck.id}/methods/2025`, { method: 'actual', odometerStart: 10000, odometerEnd: 12000 }));
});
afterAll(async () => {
  await t?.close();
});

const lineOf = (lines: { kind: string; categoryId: string; subcategoryId: string | null; amount: number }[], categoryId: string, kind = 'category') =>
  lines.find((l) => l.categoryId === categoryId && l.kind === kind)?.amount;

describe('a vehicle’s method for the year', () => {
  it('is standard mileage until chosen, and actual expenses with the year’s readings give the business share', async () => {
    expect(expectOk(await api('GET', `/api/vehicles/${ids.van}/methods/2025`))).toMatchObject({
      vehicleName: 'Van',
      method: 'standard',
      totalMiles: null,
      businessMiles: 135.7,
      trips: 2,
      mileageDeduction: 9499,
      businessShare: null,
      expenses: 20860,
      closed: false,
    });
    expect(expectOk(await api('GET', `/api/vehicles/${ids.truck}/methods/2025`))).toMatchObject({
      method: 'actual',
      odometerStart: 10000,
      odometerEnd: 12000,
      totalMiles: 2000,
      businessMiles: 1250,
      businessShare: 0.625,
      expenses: 66221,
    });
    const list = expectOk(await api('GET', `/api/vehicles/${ids.truck}/methods`));
    expect(list.items.map((i: { year: number }) => i.year)).toEqual([2025]);
  });

  it('refuses actual expenses without the year’s miles, half a pair of readings, and fewer miles than the trips logged', async () => {
    const put = (body: unknown) => api('PUT', `/api/vehicles/${ids.van}/methods/2025`, body);
    expect(expectError(await put({ method: 'actual' }), 400, 'VALIDATION').details?.[0]?.path).toBe('totalMiles');
    expect(expectError(await put({ method: 'actual', odometerStart: 100 }), 400, 'VALIDATION').details?.[0]?.path).toBe('odometerEnd');
    expect(expectError(await put({ method: 'actual', odometerStart: 500, odometerEnd: 400 }), 400, 'VALIDATION').details?.[0]?.path).toBe('odometerEnd');
    expect(expectError(await put({ method: 'actual', totalMiles: 100 }), 400, 'VALIDATION').details?.[0]?.path).toBe('totalMiles');
    expectError(await put({ method: 'sometimes' }), 400, 'VALIDATION');
    // Nothing was written: the Van keeps the standard rate.
    expect(expectOk(await api('GET', `/api/vehicles/${ids.van}/methods/2025`)).method).toBe('standard');
  });

  it('is the owner’s: another owner’s vehicle is not found, and cannot be named on an expense', async () => {
    expectError(await api('GET', `/api/vehicles/${ids.otherVan}/methods/2025`), 404, 'NOT_FOUND');
    expectError(await api('PUT', `/api/vehicles/${ids.otherVan}/methods/2025`, { method: 'standard' }), 404, 'NOT_FOUND');
    const bad = await api('POST', '/api/entries', { type: 'expense', date: '2025-07-01', amount: 100, categoryId: ids.vehiculo, vehicleId: ids.otherVan });
    expect(expectError(bad, 400, 'VALIDATION').details?.[0]?.path).toBe('vehicleId');
    const income = await api('POST', '/api/entries', { type: 'income', date: '2025-07-01', amount: 100, categoryId: ids.ventas, vehicleId: ids.van });
    expect(expectError(income, 400, 'VALIDATION').details?.[0]?.path).toBe('vehicleId');
    // A vehicle named on an expense is in use: deactivated, not deleted.
    expectError(await api('DELETE', `/api/vehicles/${ids.van}`), 409, 'CONFLICT');
  });
});

describe('the year’s reports with each method', () => {
  it('the profit and loss: line 9 without the double deduction, the rest shown apart, to the cent', async () => {
    const pnl = expectOk(await api('GET', '/api/reports/pnl?year=2025'));
    expect(lineOf(pnl.lines, ids.vehiculo)).toBe(9814);
    expect(lineOf(pnl.lines, ids.vehiculo, 'mileage')).toBe(9499);
    expect(lineOf(pnl.lines, ids.reparaciones)).toBeUndefined();
    const subs = pnl.lines.filter((l: { kind: string; categoryId: string }) => l.kind === 'subcategory' && l.categoryId === ids.vehiculo);
    expect(subs.map((l: { amount: number }) => l.amount).sort((a: number, b: number) => a - b)).toEqual([550, 2000, 7264]);
    expect(pnl).toMatchObject({ income: FIXTURE.income, operatingExpenses: FIXTURE.opex, mileageDeduction: 9499, net: FIXTURE.net });
    expect(pnl.notDeductible).toEqual([
      {
        vehicleId: ids.truck,
        vehicleName: 'Truck',
        method: 'actual',
        businessShare: 0.625,
        name: 'Not deductible: personal use of Truck (actual expenses, 62.5% business)',
        amount: FIXTURE.notDeductible.truck,
        months: [0, 0, 3750, 0, 11257, 9375, 0, 0, 0, 0, 0, 0],
      },
      {
        vehicleId: ids.van,
        vehicleName: 'Van',
        method: 'standard',
        businessShare: null,
        name: 'Not deductible: standard mileage chosen for Van',
        amount: FIXTURE.notDeductible.van,
        months: [0, 0, 4210, 12000, 0, 0, 0, 0, 0, 0, 0, 0],
      },
    ]);
    // Every line's months add up to it; the month's P&L agrees with the year's column.
    for (const l of pnl.lines) expect(l.months.reduce((a: number, b: number) => a + b, 0)).toBe(l.amount);
    const may = expectOk(await api('GET', '/api/reports/pnl?year=2025&month=5'));
    expect(may.net).toBe(pnl.monthly.net[4]);
    expect(may.notDeductible.map((l: { amount: number }) => l.amount)).toEqual([11257]);
  });

  it('the annual total: the same figures, each vehicle with its method, mileage only for the standard one', async () => {
    const a = expectOk(await api('GET', '/api/reports/annual?year=2025'));
    expect(a).toMatchObject({ income: FIXTURE.income, operatingExpenses: FIXTURE.opex, mileageDeduction: 9499, net: FIXTURE.net });
    const line9 = a.categories.filter((c: { taxLine: string }) => c.taxLine.includes('line 9'));
    expect(line9.reduce((n: number, c: { amount: number }) => n + c.amount, 0)).toBe(FIXTURE.line9);
    expect(a.vehicles).toEqual([
      {
        vehicleId: ids.truck,
        name: 'Truck',
        method: 'actual',
        trips: 2,
        miles: 1250,
        totalMiles: 2000,
        businessShare: 0.625,
        deduction: 0,
        expenses: 66221,
        expensesDeducted: 41839,
      },
      {
        vehicleId: ids.van,
        name: 'Van',
        method: 'standard',
        trips: 2,
        miles: 135.7,
        totalMiles: null,
        businessShare: null,
        deduction: 9499,
        expenses: 20860,
        expensesDeducted: 4650,
      },
    ]);
    expect(a.notDeductible.map((l: { amount: number }) => l.amount)).toEqual([FIXTURE.notDeductible.truck, FIXTURE.notDeductible.van]);
  });

  it('the oracle: the reports agree with the year recomputed from the ledger and trips as the API lists them', async () => {
    // An independent reckoning in the test, from the lists (not the reports): every expense naming a
    // vehicle is kept off line 9 by its method as docs/product.md says; the rest is summed as entered.
    const entries = expectOk(await api('GET', '/api/entries?from=2025-01-01&to=2025-12-31&size=50')).items;
    const trips = expectOk(await api('GET', '/api/trips?from=2025-01-01&to=2025-12-31&size=50')).items;
    const methods = new Map<string, { method: string; totalMiles: number | null; businessMiles: number }>();
    for (const id of [ids.van, ids.truck]) methods.set(id, expectOk(await api('GET', `/api/vehicles/${id}/methods/2025`)));
    const parkingTolls = new Set(
      (expectOk(await api('GET', '/api/subcategories')).items as { id: string; categoryId: string; name: string }[])
        .filter((s) => s.categoryId === ids.vehiculo && (s.name === 'Tolls' || s.name === 'Parking'))
        .map((s) => s.id),
    );
    const interest = (expectOk(await api('GET', '/api/categories')).items as { id: string; name: string }[]).find((c) => c.name === 'Interest')!.id;
    let income = 0;
    let deducted = 0;
    let kept = 0;
    for (const e of entries) {
      if (e.type === 'income') {
        income += e.amount;
        continue;
      }
      const m = e.vehicleId ? methods.get(e.vehicleId)! : undefined;
      let off = 0;
      if (m && !parkingTolls.has(e.subcategoryId)) {
        if (m.method === 'standard') off = e.categoryId === interest ? 0 : e.amount;
        else {
          const [biz, all] = [BigInt(Math.round(m.businessMiles * 10)), BigInt(Math.round(m.totalMiles! * 10))];
          off = e.amount - Number((BigInt(e.amount) * biz * 2n + all) / (2n * all));
        }
      }
      deducted += e.amount - off;
      kept += off;
    }
    const mileage = trips
      .filter((tr: { vehicleId: string }) => methods.get(tr.vehicleId)!.method === 'standard')
      .reduce((n: number, tr: { deduction: number }) => n + tr.deduction, 0);
    const pnl = expectOk(await api('GET', '/api/reports/pnl?year=2025'));
    const annual = expectOk(await api('GET', '/api/reports/annual?year=2025'));
    expect({ income, opex: deducted + mileage, net: income - deducted - mileage, kept }).toEqual({
      income: pnl.income,
      opex: pnl.operatingExpenses,
      net: pnl.net,
      kept: pnl.notDeductible.reduce((n: number, l: { amount: number }) => n + l.amount, 0),
    });
    expect(annual.net).toBe(pnl.net);
    expect(annual.mileageDeduction).toBe(mileage);
  });

  it('the files show the not-deductible lines apart: CSV, XLSX and PDF', async () => {
    const csv = (await api('GET', '/api/reports/pnl.csv?year=2025')).body;
    expect(csv).toContain('Not deductible (kept in the books)');
    expect(csv).toContain('Not deductible: standard mileage chosen for Van,0,0,42.1,120,0,0,0,0,0,0,0,0,162.1\r\n');
    const annualCsv = (await api('GET', '/api/reports/annual.csv?year=2025')).body;
    expect(annualCsv).toContain('"Not deductible: personal use of Truck (actual expenses, 62.5% business)",243.82\r\n');
    expect(annualCsv).toContain('Truck,Actual expenses,2,1250,62.5,0,418.39\r\n');
    const xlsx = await api('GET', '/api/reports/annual.xlsx?year=2025');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw.rawPayload as unknown as ArrayBuffer); // exceljs types ask for an ArrayBuffer; it reads a Buffer in Node
    const cells: unknown[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((c) => cells.push(c.value))));
    expect(cells).toContain('Not deductible: standard mileage chosen for Van');
    expect(cells).toContain(162.1);
    const pdf = await api('GET', '/api/reports/annual.pdf?year=2025');
    const text = (await new PDFParse({ data: new Uint8Array(pdf.raw.rawPayload) }).getText()).text;
    expect(text).toContain('Not deductible: standard mileage chosen for Van');
    expect(text).toContain('162.10');
  });

  it('in Spanish, the not-deductible lines in Spanish', async () => {
    const pnl = expectOk(await t.api('GET', '/api/reports/pnl?year=2025', { token, headers: { 'x-language': 'es' } }));
    expect(pnl.notDeductible.map((l: { name: string }) => l.name)).toEqual([
      'No deducible: uso personal de Truck (gastos reales, 62,5 % de negocio)',
      'No deducible: millaje estándar elegido para Van',
    ]);
  });
});

describe('switching method', () => {
  it('changes the year’s figures at once, and is refused once the year is closed (409), until a month is reopened', async () => {
    // The Truck on the standard rate: its 875.00 of mileage taken, its operating costs (all but parking) not.
    expectOk(await api('PUT', `/api/vehicles/${ids.truck}/methods/2025`, { method: 'standard', odometerStart: 10000, odometerEnd: 12000 }));
    const std = expectOk(await api('GET', '/api/reports/pnl?year=2025'));
    expect(std.mileageDeduction).toBe(9499 + 87500);
    // Line 9's entries now: Van tolls 5.50, parking 8.00 + 12.00, unnamed fuel 10.00 = 35.50.
    expect(lineOf(std.lines, ids.vehiculo)).toBe(3550);
    expect(std.notDeductible.find((l: { vehicleId: string }) => l.vehicleId === ids.truck).amount).toBe(10001 + 20 + 30000 + 25000);
    expectOk(await api('PUT', `/api/vehicles/${ids.truck}/methods/2025`, { method: 'actual', totalMiles: 2000 }));
    expect(expectOk(await api('GET', '/api/reports/pnl?year=2025')).net).toBe(FIXTURE.net);

    for (let m = 1; m <= 12; m++) expectOk(await api('POST', `/api/tax-years/2025/months/${m}/close`));
    expect(expectOk(await api('GET', `/api/vehicles/${ids.truck}/methods/2025`)).closed).toBe(true);
    const refused = expectError(await api('PUT', `/api/vehicles/${ids.truck}/methods/2025`, { method: 'standard' }), 409, 'PERIOD_CLOSED');
    expect(refused.message).toContain('2025 is closed');
    expect(expectOk(await api('GET', '/api/reports/pnl?year=2025')).net).toBe(FIXTURE.net);
    // Another year is not closed by it.
    expectOk(await api('PUT', `/api/vehicles/${ids.truck}/methods/2026`, { method: 'standard' }));
    expectOk(await api('POST', '/api/tax-years/2025/months/12/reopen'));
    expectOk(await api('PUT', `/api/vehicles/${ids.truck}/methods/2025`, { method: 'actual', totalMiles: 2000 }));
  });
});
