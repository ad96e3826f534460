import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import { DEFAULT_CATEGORIES, DEFAULT_SUBCATEGORIES, defaultCategoryId, defaultSubcategoryId } from '../src/db/default-chart.js';
import { categories, subcategories } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let admin: string;
/** One owner per language, each with the same small month of books. */
const owners = {} as Record<'en' | 'es' | 'tr', string>;

type Named = { id: string; name: string; translated: boolean };
const names = async (url: string, token: string, headers?: Record<string, string>) =>
  (expectOk(await t.api('GET', url, { token, headers })).items as Named[]).map((c) => c.name);

const SALES = defaultCategoryId('Ventas');
const OFFICE = defaultCategoryId('Gastos de oficina');
const STATIONERY = defaultSubcategoryId('Papelería');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  for (const language of ['en', 'es', 'tr'] as const) {
    const { token } = await t.bookkeeper({ company: 'Panadería Sol' });
    expectOk(await t.api('PATCH', '/api/settings', { token, body: { preferences: { language } } }));
    owners[language] = token;
    const van = expectOk(await t.api('POST', '/api/vehicles', { token, body: { name: 'Van' } }), 201);
    expectOk(
      await t.api('POST', '/api/entries/batch', {
        token,
        body: {
          entries: [
            { type: 'income', date: '2025-03-03', amount: 60550, categoryId: SALES, paymentMethod: 'cash' },
            { type: 'expense', date: '2025-03-04', amount: 1234, categoryId: OFFICE, subcategoryId: STATIONERY, paymentMethod: 'card' },
          ],
        },
      }),
      201,
    );
    expectOk(await t.api('POST', '/api/trips', { token, body: { vehicleId: van.id, date: '2025-03-05', miles: 10, purpose: 'Deliveries' } }), 201);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the default chart in the reader’s language', () => {
  it('is stored as src/db/default-chart.ts names it: the migration and the code agree', async () => {
    const cats = await t.db.select({ id: categories.id, name: categories.name, names: categories.names }).from(categories).where(isNotNull(categories.names));
    expect(cats).toHaveLength(DEFAULT_CATEGORIES.length);
    for (const c of DEFAULT_CATEGORIES) expect(cats.find((row) => row.id === c.id)).toEqual({ id: c.id, name: c.names.es, names: c.names });
    const subs = await t.db
      .select({ id: subcategories.id, name: subcategories.name, names: subcategories.names })
      .from(subcategories)
      .where(isNotNull(subcategories.names));
    expect(subs).toHaveLength(DEFAULT_SUBCATEGORIES.length);
    for (const s of DEFAULT_SUBCATEGORIES) expect(subs.find((row) => row.id === s.id)).toEqual({ id: s.id, name: s.names.es, names: s.names });
  });

  it('names categories and subcategories in the account’s language', async () => {
    for (const language of ['en', 'es', 'tr'] as const) {
      const cats = expectOk(await t.api('GET', '/api/categories', { token: owners[language] })).items as Named[];
      expect(cats.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.names[language]));
      expect(cats.every((c) => c.translated)).toBe(true);
      const subs = expectOk(await t.api('GET', '/api/subcategories', { token: owners[language], query: { categoryId: OFFICE } })).items;
      const office = DEFAULT_CATEGORIES.find((c) => c.id === OFFICE)!.names[language];
      expect(subs.map((s: { name: string; categoryName: string }) => [s.categoryName, s.name])).toEqual(
        DEFAULT_SUBCATEGORIES.filter((s) => s.categoryId === OFFICE)
          .map((s) => s.names[language])
          .sort()
          .map((name) => [office, name]),
      );
    }
    expect((await names('/api/categories?kind=income', owners.en)).slice(0, 1)).toEqual(['Sales']);
    expect((await names('/api/categories?kind=income', owners.es)).slice(0, 1)).toEqual(['Ventas']);
    expect((await names('/api/categories?kind=income', owners.tr)).slice(0, 1)).toEqual(['Satışlar']);
  });

  it('follows the language the client shows (X-Language) over the account’s, and ignores one it does not speak', async () => {
    expect((await names('/api/categories?kind=income', owners.en, { 'x-language': 'tr' }))[0]).toBe('Satışlar');
    expect((await names('/api/categories?kind=income', owners.tr, { 'x-language': 'en' }))[0]).toBe('Sales');
    expect((await names('/api/categories?kind=income', owners.es, { 'x-language': 'fr' }))[0]).toBe('Ventas');
    // The same address read in two languages is two answers, not one kept for both.
    const entry = async (language: string) =>
      expectOk(await t.api('GET', '/api/entries', { token: owners.en, query: { type: 'income' }, headers: { 'x-language': language } })).items[0].categoryName;
    expect([await entry('en'), await entry('es'), await entry('tr'), await entry('en')]).toEqual(['Sales', 'Ventas', 'Satışlar', 'Sales']);
  });

  it('sorts and searches by the name shown', async () => {
    const english = await names('/api/categories?sort=name', owners.en);
    expect(english).toEqual([...english].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(english[0]).toBe('Advertising');
    expect((await names('/api/categories?sort=name', owners.es))[0]).toBe('Arrendamiento de vehículos y equipo');
    expect(await names('/api/categories?search=premises', owners.en)).toEqual(['Business premises rent']);
    expect(await names('/api/categories?search=sarf', owners.tr)).toEqual(['Malzeme ve sarf malzemeleri']);
    expect(await names('/api/subcategories?search=fuel', owners.en)).toEqual(['Fuel']);
    const entries = expectOk(await t.api('GET', '/api/entries', { token: owners.tr, query: { search: 'kırtasiye' } })).items;
    expect(entries.map((e: { subcategoryName: string }) => e.subcategoryName)).toEqual(['Kırtasiye']);
  });

  it('gives the profit and loss’s lines, the mileage line among them, in the account’s language', async () => {
    const lines = async (language: 'en' | 'es' | 'tr') =>
      (expectOk(await t.api('GET', '/api/reports/pnl', { token: owners[language], query: { year: 2025, month: 3 } })).lines as { name: string }[]).map(
        (l) => l.name,
      );
    // In the chart's order: Vehicle expenses (line 9) before Office expenses (line 18).
    expect(await lines('en')).toEqual(['Sales', 'Vehicle expenses (standard mileage)', 'Office expenses', 'Stationery']);
    expect(await lines('es')).toEqual(['Ventas', 'Gastos de vehículo (millaje estándar)', 'Gastos de oficina', 'Papelería']);
    expect(await lines('tr')).toEqual(['Satışlar', 'Araç giderleri (standart mil oranı)', 'Ofis giderleri', 'Kırtasiye']);
    const annual = expectOk(await t.api('GET', '/api/reports/annual', { token: owners.tr, query: { year: 2025 } }));
    expect(annual.categories.map((c: { name: string }) => c.name)).toEqual(['Satışlar', 'Araç giderleri (standart mil oranı)', 'Ofis giderleri']);
    const summary = expectOk(await t.api('GET', '/api/reports/month-summary', { token: owners.tr, query: { year: 2025, month: 3 } }));
    expect(summary.byCategory.map((r: { categoryName: string }) => r.categoryName).sort()).toEqual(['Ofis giderleri', 'Satışlar']);
  });

  it('exports and prints in it: a Turkish owner’s CSV files carry Turkish names, a Spanish owner’s PDF reads money as US Spanish does', async () => {
    const csv = (await t.api('GET', '/api/entries/export.csv', { token: owners.tr, query: { from: '2025-03-01', to: '2025-03-31' } })).raw.rawPayload.toString(
      'utf8',
    );
    expect(csv).toContain(',Satışlar,,cash,');
    expect(csv).toContain(',Ofis giderleri,Kırtasiye,card,');
    expect(csv).not.toMatch(/Ventas|Papelería/);
    const ledger = (await t.api('GET', '/api/reports/ledger.csv', { token: owners.tr, query: { year: 2025 } })).raw.rawPayload.toString('utf8');
    expect(ledger).toContain('Ofis giderleri / Kırtasiye');
    const pnl = (await t.api('GET', '/api/reports/pnl.csv', { token: owners.tr, query: { year: 2025, month: 3 } })).raw.rawPayload.toString('utf8');
    expect(pnl).toContain('Araç giderleri (standart mil oranı)');

    const pdf = await t.api('GET', '/api/reports/pnl.pdf', { token: owners.es, query: { year: 2025, month: 3 } });
    const parser = new PDFParse({ data: new Uint8Array(pdf.raw.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Ventas');
    expect(text).toContain('$605.50');
    expect(text).not.toContain('US$');
  });

  it('keeps a name an administrator writes as written, in every language', async () => {
    const created = expectOk(await t.api('POST', '/api/admin/categories', { token: admin, body: { name: 'Propinas', kind: 'income' } }), 201);
    expect(created).toMatchObject({ name: 'Propinas', translated: false });
    for (const token of Object.values(owners)) expect(await names('/api/categories?kind=income', token)).toContain('Propinas');
    const shared = expectOk(await t.api('POST', '/api/admin/subcategories', { token: admin, body: { categoryId: SALES, name: 'Catering' } }), 201);
    expect(shared.translated).toBe(false);
    for (const token of Object.values(owners)) expect(await names(`/api/subcategories?categoryId=${SALES}`, token)).toEqual(['Catering']);
  });

  it('saving a default category with its shown name keeps its translations; a new name replaces them', async () => {
    const interest = defaultCategoryId('Intereses');
    const url = `/api/admin/categories/${interest}`;
    // The administrator's form sends back the name it showed (English here) with a changed tax line.
    const kept = expectOk(await t.api('PATCH', url, { token: admin, body: { name: 'Interest', taxLine: 'Schedule C line 16b — Interest (other)' } }));
    expect(kept).toMatchObject({ name: 'Interest', translated: true });
    expect(await names('/api/categories?search=interes', owners.es)).toEqual(['Intereses']);
    expect(await names('/api/categories?search=faiz', owners.tr)).toEqual(['Faiz']);

    const renamed = expectOk(await t.api('PATCH', url, { token: admin, body: { name: 'Loan interest' } }));
    expect(renamed).toMatchObject({ name: 'Loan interest', translated: false });
    for (const token of Object.values(owners)) expect(await names('/api/categories?search=loan', token)).toEqual(['Loan interest']);
  });

  it('takes a default subcategory’s name in any language as taken', async () => {
    const vehicle = defaultCategoryId('Gastos de vehículo');
    for (const name of ['Fuel', 'yakıt', 'Combustible'])
      expectError(await t.api('POST', '/api/subcategories', { token: owners.en, body: { categoryId: vehicle, name } }), 409, 'CONFLICT');
    const own = expectOk(await t.api('POST', '/api/subcategories', { token: owners.tr, body: { categoryId: vehicle, name: 'Yıkama' } }), 201);
    expect(own).toMatchObject({ name: 'Yıkama', translated: false, categoryName: 'Araç giderleri' });
  });
});
