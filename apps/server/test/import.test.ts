import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { entries } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let token: string;
let ownerId: string;
const cat: Record<string, string> = {};
const sub: Record<string, string> = {};

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, as = token) => t.api(method, url, { token: as, body });

/** A Spanish bank's export: semicolons, day first, a decimal comma, a reference column. */
const CSV = [
  'Fecha;Concepto;Importe;Referencia',
  '02/03/2026;VENTA TPV 4411;1.250,00;T-001',
  '03/03/2026;SHELL ESTACION 22;-45,10;T-002',
  '03/03/2026;CAFE LA PLAZA;-3,50;',
  '03/03/2026;CAFE LA PLAZA;-3,50;',
  '31/02/2026;FECHA MALA;-1,00;T-005',
  '04/03/2026;SIN IMPORTE;;T-006',
].join('\r\n');

/** The same statement as OFX (SGML, as banks send it). */
const OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260402120000<TRNAMT>1250.00<FITID>F-1<NAME>VENTA TPV 4411</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260403<TRNAMT>-45.10<FITID>F-2<NAME>SHELL ESTACION 22</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

beforeAll(async () => {
  t = await createTestApp();
  const b = await t.bookkeeper();
  token = b.token;
  ownerId = b.owner.id;
  // The chart by the Spanish names docs/product.md gives it: as a Spanish reader sees it.
  const headers = { 'x-language': 'es' };
  for (const c of expectOk(await t.api('GET', '/api/categories', { token, headers })).items) cat[c.name] = c.id;
  for (const s of expectOk(await t.api('GET', '/api/subcategories?size=500', { token, headers })).items) sub[s.name] = s.id;
});
afterAll(async () => {
  await t?.close();
});

const mine = () => t.count(entries, eq(entries.ownerId, ownerId));

describe('bank statement import', () => {
  it('previews a CSV through its mapping: types, rules, errors, and writes nothing', async () => {
    expectOk(
      await api('POST', '/api/entries/import/rules', { contains: 'shell', categoryId: cat['Gastos de vehículo'], subcategoryId: sub['Combustible'] }),
      201,
    );
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: CSV, bank: 'Banco Sur' }));
    expect(p.columns).toEqual(['Fecha', 'Concepto', 'Importe', 'Referencia']);
    // Guessed from the names and the values: day first, decimal comma.
    expect(p.mapping).toMatchObject({
      date: 'Fecha',
      description: 'Concepto',
      amount: 'Importe',
      reference: 'Referencia',
      dateFormat: 'DD/MM/YYYY',
      decimal: ',',
    });
    const [sale, fuel, cafe1, cafe2, badDate, noAmount] = p.rows;
    expect(sale).toMatchObject({
      line: 2,
      date: '2026-03-02',
      amount: 125000,
      direction: 'in',
      type: 'income',
      categoryId: cat['Ventas'],
      bankRef: 'T-001',
      errors: [],
    });
    expect(fuel).toMatchObject({
      amount: 4510,
      type: 'expense',
      categoryId: cat['Gastos de vehículo'],
      subcategoryId: sub['Combustible'],
      rule: 'shell',
      errors: [],
    });
    // Two identical rows inside one file are both kept; without a rule an expense asks for its category.
    expect(cafe1).toMatchObject({ amount: 350, duplicate: false, categoryId: null });
    expect(cafe2).toMatchObject({ amount: 350, duplicate: false });
    expect(cafe1.errors.map((e: { field: string }) => e.field)).toEqual(['categoryId']);
    expect(badDate.errors.map((e: { field: string }) => e.field)).toEqual(['date', 'categoryId']);
    expect(noAmount.errors.map((e: { field: string }) => e.field)).toEqual(['amount']);
    expect(p.counts).toEqual({ rows: 6, ready: 2, errors: 4, duplicates: 0 });
    expect(await mine()).toBe(0);
  });

  it('offers a bank outflow only what an expense may take: a rule on a cost-of-goods category does not apply, and such a commit writes nothing', async () => {
    const rule = expectOk(await api('POST', '/api/entries/import/rules', { contains: 'cafe', categoryId: cat['Compras de mercancía'] }), 201);
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: CSV, bank: 'Banco Sur' }));
    const cafe = p.rows.find((r: { description: string }) => r.description === 'CAFE LA PLAZA');
    // The preview does not promise a row the ledger would refuse: the rule is passed over, the row asks for its category.
    expect(cafe).toMatchObject({ type: 'expense', categoryId: null, rule: null });
    expect(cafe.errors.map((e: { field: string }) => e.field)).toEqual(['categoryId']);
    const commit = await api('POST', '/api/entries/import/commit', {
      rows: [{ date: '2026-03-03', amount: 350, type: 'expense', categoryId: cat['Compras de mercancía'], description: 'CAFE LA PLAZA' }],
    });
    expectError(commit, 400, 'VALIDATION');
    expect(await mine()).toBe(0);
    expectOk(await api('DELETE', `/api/entries/import/rules/${rule.id}`));
  });

  it('commits the chosen rows in one transaction, saves the bank’s mapping, and then marks them as duplicates', async () => {
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: CSV, bank: 'Banco Sur' }));
    const chosen = p.rows
      .filter((r: { errors: { field: string }[] }) => r.errors.length === 0 || r.errors.every((e: { field: string }) => e.field === 'categoryId'))
      .map(
        (r: {
          date: string;
          type: string;
          amount: number;
          categoryId: string | null;
          subcategoryId: string | null;
          description: string;
          bankRef: string | null;
        }) => ({
          date: r.date,
          type: r.type,
          amount: r.amount,
          categoryId: r.categoryId ?? cat['Comidas'],
          subcategoryId: r.subcategoryId,
          description: r.description,
          bankRef: r.bankRef,
        }),
      );
    expect(chosen).toHaveLength(4);
    // One bad row (an income under an expense category) and nothing is written.
    const bad = structuredClone(chosen);
    bad[0].categoryId = cat['Publicidad'];
    expectError(await api('POST', '/api/entries/import/commit', { rows: bad }), 400, 'VALIDATION', { paths: ['rows.0.categoryId'] });
    expect(await mine()).toBe(0);

    expect(
      expectOk(await api('POST', '/api/entries/import/commit', { rows: chosen, bank: 'Banco Sur', mapping: p.mapping, paymentMethod: 'card' }), 201),
    ).toEqual({ created: 4 });
    expect(await mine()).toBe(4);
    expect(expectOk(await api('GET', '/api/entries/import/profiles')).items).toEqual([{ bank: 'Banco Sur', mapping: p.mapping }]);
    const list = expectOk(await api('GET', '/api/entries?from=2026-03-01&to=2026-03-31&size=50&sort=amount&order=desc')).items;
    expect(list[0]).toMatchObject({ type: 'income', amount: 125000, paymentMethod: 'card', description: 'VENTA TPV 4411' });

    // The same file again: every row already in the books is a duplicate (by the bank's id, else date, amount and description).
    const again = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: CSV, bank: 'banco sur' }));
    expect(again.rows.map((r: { duplicate: boolean }) => r.duplicate)).toEqual([true, true, true, true, false, false]);
    expect(again.counts.duplicates).toBe(4);
  });

  it('saves the bank’s mapping in the commit’s own transaction: a failure anywhere in it leaves neither rows nor a mapping', async () => {
    const { mapping } = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: CSV, bank: 'Banco Roto' }));
    const row = { date: '2026-05-04', type: 'income', amount: 1000, categoryId: cat['Ventas'], description: 'VENTA TPV 9001', bankRef: 'R-1' };
    const banks = async () => expectOk(await api('GET', '/api/entries/import/profiles')).items.map((p: { bank: string }) => p.bank);
    const before = await mine();
    // A failure injected by the database itself, on one table, for this bank's rows only.
    const refuse = async (table: string, when: string) => {
      await t.db.execute(
        sql.raw(`create or replace function cuadre_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
      );
      await t.db.execute(
        sql.raw(`create trigger cuadre_test_refuse before insert or update on ${table} for each row when (${when}) execute function cuadre_test_refuse()`),
      );
      return () => t.db.execute(sql.raw(`drop trigger cuadre_test_refuse on ${table}`));
    };

    // Saving the mapping fails: the rows of the same commit are not written either.
    let undo = await refuse('import_profiles', `new.bank = 'Banco Roto'`);
    expectError(await api('POST', '/api/entries/import/commit', { rows: [row], bank: 'Banco Roto', mapping }), 500, 'INTERNAL');
    await undo();
    expect(await mine()).toBe(before);
    expect(await banks()).not.toContain('Banco Roto');

    // Writing a row fails after the mapping was saved: the mapping goes with it.
    undo = await refuse('entries', `new.bank_ref = 'R-1'`);
    expectError(await api('POST', '/api/entries/import/commit', { rows: [row], bank: 'Banco Roto', mapping }), 500, 'INTERNAL');
    await undo();
    expect(await mine()).toBe(before);
    expect(await banks()).not.toContain('Banco Roto');

    // A rule of the books refuses the rows (a closed month): no mapping either.
    expectOk(await api('POST', '/api/tax-years/2026/months/5/close'));
    expectError(await api('POST', '/api/entries/import/commit', { rows: [row], bank: 'Banco Roto', mapping }), 409, 'PERIOD_CLOSED');
    expect(await banks()).not.toContain('Banco Roto');
    expectOk(await api('POST', '/api/tax-years/2026/months/5/reopen'));

    // And once nothing fails, both land.
    expect(expectOk(await api('POST', '/api/entries/import/commit', { rows: [row], bank: 'Banco Roto', mapping }), 201)).toEqual({ created: 1 });
    expect(await mine()).toBe(before + 1);
    expect(await banks()).toContain('Banco Roto');
  });

  it('reads OFX: the same entries as the CSV of the same statement', async () => {
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'ofx', content: OFX }));
    expect(p.rows.map((r: Record<string, unknown>) => [r.date, r.amount, r.type, r.description, r.bankRef, r.categoryId])).toEqual([
      ['2026-04-02', 125000, 'income', 'VENTA TPV 4411', 'F-1', cat['Ventas']],
      ['2026-04-03', 4510, 'expense', 'SHELL ESTACION 22', 'F-2', cat['Gastos de vehículo']],
    ]);
    const csv = ['Date,Description,Amount,Id', '04/02/2026,VENTA TPV 4411,1250.00,F-1', '04/03/2026,SHELL ESTACION 22,-45.10,F-2'].join('\n');
    const q = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: csv }));
    expect(q.mapping).toMatchObject({ dateFormat: 'MM/DD/YYYY', decimal: '.' });
    const pick = (rows: Record<string, unknown>[]) => rows.map((r) => [r.date, r.amount, r.type, r.description, r.bankRef, r.categoryId, r.subcategoryId]);
    expect(pick(q.rows)).toEqual(pick(p.rows));
    expectError(await api('POST', '/api/entries/import', { format: 'ofx', content: 'not an ofx file' }), 400, 'VALIDATION');
  });

  it('refuses rows in a closed month in the preview, and a commit into it', async () => {
    expectOk(await api('POST', '/api/tax-years/2026/months/4/close'));
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'ofx', content: OFX }));
    expect(p.rows.every((r: { closed: boolean; errors: { field: string }[] }) => r.closed && r.errors.some((e) => e.field === 'date'))).toBe(true);
    const before = await mine();
    expectError(
      await api('POST', '/api/entries/import/commit', { rows: [{ date: '2026-04-02', type: 'income', amount: 100, categoryId: cat['Ventas'] }] }),
      409,
      'PERIOD_CLOSED',
    );
    expect(await mine()).toBe(before);
    expectOk(await api('POST', '/api/tax-years/2026/months/4/reopen'));
  });

  it('takes 10,000 rows in one preview and one commit', async () => {
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},Sale ${i},${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      );
    const p = expectOk(await api('POST', '/api/entries/import', { format: 'csv', content: lines.join('\n') }));
    expect(p.counts).toMatchObject({ rows: 10_000, ready: 10_000, errors: 0 });
    const before = await mine();
    const rows = p.rows.map((r: { date: string; amount: number; categoryId: string; description: string }) => ({
      date: r.date,
      type: 'income',
      amount: r.amount,
      categoryId: r.categoryId,
      description: r.description,
    }));
    expect(expectOk(await api('POST', '/api/entries/import/commit', { rows }), 201)).toEqual({ created: 10_000 });
    expect(await mine()).toBe(before + 10_000);
    const total = rows.reduce((n: number, r: { amount: number }) => n + r.amount, 0);
    const years = expectOk(await api('GET', '/api/tax-years'));
    expect(years.find((y: { year: number }) => y.year === 2025).income).toBe(total);
  }, 120_000);

  it('runs the preview and the commit as jobs that a reload finds by id, with their results as JSON', async () => {
    const content = ['Date,Description,Amount', '2024-05-02,Job sale one,10.00', '2024-05-03,Job sale two,2.50', '2024-13-01,Bad month,1.00'].join('\n');
    const started = expectOk(await api('POST', '/api/jobs/import-preview', { format: 'csv', content, bank: 'Job Bank' }), 202);
    expect(started).toMatchObject({ kind: 'import_preview', status: 'running' });
    const job = await finished(started.id);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, fileName: 'statement-preview.json' });
    const res = await api('GET', `/api/jobs/${job.id}/download`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const result = res.body;
    expect(result).toMatchObject({ format: 'csv', bank: 'Job Bank', preview: { counts: { rows: 3, ready: 2, errors: 1 } } });
    // The same rows as the plain call.
    expect(result.preview).toEqual(expectOk(await api('POST', '/api/entries/import', { format: 'csv', content, bank: 'Job Bank' })));
    // Nobody else sees it.
    const other = (await t.bookkeeper()).token;
    expectError(await api('GET', `/api/jobs/${job.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('GET', `/api/jobs/${job.id}/download`, undefined, other), 404, 'NOT_FOUND');

    const before = await mine();
    const rows = result.preview.rows
      .filter((r: { errors: unknown[] }) => !r.errors.length)
      .map((r: { date: string; amount: number; categoryId: string; description: string }) => ({
        date: r.date,
        type: 'income',
        amount: r.amount,
        categoryId: r.categoryId,
        description: r.description,
      }));
    const commit = await finished(expectOk(await api('POST', '/api/jobs/import-commit', { rows }), 202).id);
    expect(commit).toMatchObject({ kind: 'import_commit', status: 'done', done: 2, total: 2 });
    expect((await api('GET', `/api/jobs/${commit.id}/download`)).body).toEqual({ created: 2, month: '2024-05' });
    expect(await mine()).toBe(before + 2);

    // A statement the server cannot read fails its job with the reason, and writes nothing.
    const bad = await finished(expectOk(await api('POST', '/api/jobs/import-preview', { format: 'ofx', content: 'not an ofx file' }), 202).id);
    expect(bad.status).toBe('failed');
    expect(bad.error).toBeTruthy();
    // A body that breaks the contract is refused before any job starts.
    expectError(await api('POST', '/api/jobs/import-commit', { rows: [] }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/jobs/import-preview', { format: 'xls', content }), 400, 'VALIDATION');
    // A commit that breaks a rule of the books fails as a whole.
    const refused = await finished(
      expectOk(
        await api('POST', '/api/jobs/import-commit', {
          rows: [...rows, { date: '2024-05-04', type: 'income', amount: 100, categoryId: cat['Gastos de vehículo'] }],
        }),
        202,
      ).id,
    );
    expect(refused.status).toBe('failed');
    expect(await mine()).toBe(before + 2);
  });

  it('keeps rules and mappings per owner', async () => {
    const other = (await t.bookkeeper()).token;
    expect(expectOk(await api('GET', '/api/entries/import/rules', undefined, other)).items).toEqual([]);
    expect(expectOk(await api('GET', '/api/entries/import/profiles', undefined, other)).items).toEqual([]);
    const rule = expectOk(await api('GET', '/api/entries/import/rules')).items[0];
    expectError(await api('DELETE', `/api/entries/import/rules/${rule.id}`, undefined, other), 404, 'NOT_FOUND');
    expectOk(await api('DELETE', `/api/entries/import/rules/${rule.id}`));
  });
});

/** Polls a job until it is no longer running, as the screen does (for a minute: a busy machine is slow, a stuck job is not). */
async function finished(id: string) {
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const job = expectOk(await api('GET', `/api/jobs/${id}`));
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the job did not finish');
}
