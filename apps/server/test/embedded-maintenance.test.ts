import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { maintainEmbedded } from '../src/db/maintenance.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk } from './helpers/expect.js';
import { usingPostgres } from './helpers/database.js';

/**
 * PGlite has no autovacuum; the server does its work (db/maintenance.ts): the tables past PostgreSQL's
 * thresholds are vacuumed and analyzed, the others left alone, and a deep page then reads the entries'
 * index alone. The server runs it on PGlite only (on PostgreSQL autovacuum does it, and the suite's shared
 * database has other tests writing beside it), so this runs in the PGlite pass.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  if (usingPostgres) return;
  t = await createTestApp();
  token = (await t.bookkeeper()).token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(usingPostgres)('the embedded database looked after as autovacuum would', () => {
  it('vacuums and analyzes the entries after 1,500 new lines, then leaves them alone until they change again', async () => {
    const cats = expectOk(await t.api('GET', '/api/categories', { token })).items as { id: string; kind: string }[];
    const income = cats.find((c) => c.kind === 'income')!;
    for (let b = 0; b < 3; b++) {
      const lines = Array.from({ length: 500 }, (_, i) => ({
        type: 'income',
        date: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}`,
        amount: 100 + i,
        categoryId: income.id,
      }));
      expectOk(await t.api('POST', '/api/entries/batch', { token, body: { entries: lines } }), 201);
    }
    // Tables other tests' apps wrote may be due as well; the entries must be among them.
    const first = await maintainEmbedded(t.db);
    expect(first).toContain('vacuum (analyze) entries');
    const [stats] = await queryRows<{ vacuumed: boolean; analyzed: boolean }>(
      t.db,
      sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'entries'`,
    );
    expect(stats).toEqual({ vacuumed: true, analyzed: true });
    const again = await maintainEmbedded(t.db);
    expect(again.filter((c) => c.endsWith(' entries'))).toEqual([]);
    // With the visibility map set, the year's income by amount finds its deep page in the index alone.
    const plan = (
      await queryRows<Record<string, string>>(
        t.db,
        sql`explain (analyze, costs off) select id from entries where owner_id = (select owner_id from entries limit 1) and type = 'income' order by amount desc, created_at desc, id limit 50 offset 950`,
      )
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toMatch(/Index Only Scan/);
    expect(plan).toMatch(/Heap Fetches: 0/);
  });
});
