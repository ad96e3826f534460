// The plans of the hottest reads of the books (issue 31), as the database runs them for the heavy owner:
// EXPLAIN ANALYZE of each prepared statement after a few runs, so the plan shown is the one a
// connection keeps (PostgreSQL's generic plan where it chose one). Printed by books-load.ts.
import { sql } from 'drizzle-orm';
import type { EntryQuery } from '@cuadre/contracts';
import { openDatabase, queryRows, type Db } from '../apps/server/src/db/client.js';
import { listStatementFor } from '../apps/server/src/modules/books/entries.repository.js';
import { monthSummaryStatement } from '../apps/server/src/modules/books/periods.repository.js';
import { categoryMonthStatement } from '../apps/server/src/modules/reports/reports.repository.js';
import { heavy } from './populate.js';

const literal = (v: unknown) => (v === null || v === undefined ? 'null' : `'${String(v).replace(/'/g, "''")}'`);

/**
 * A prepared statement's plan after six runs (what a connection keeps: PostgreSQL's generic plan where
 * it chose one), on one connection (a transaction).
 */
async function explain(db: Db, text: string, values: unknown[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare bench_plan as ${text}`));
    const run = `execute bench_plan(${values.map(literal).join(', ')})`;
    for (let i = 0; i < 6; i++) await tx.execute(sql.raw(run));
    const rows = await queryRows<Record<string, string>>(tx, sql.raw(`explain (analyze, costs off) ${run}`));
    await tx.execute(sql.raw('deallocate bench_plan'));
    return rows.map((r) => Object.values(r)[0]!);
  });
}

const list = (q: Partial<EntryQuery>): EntryQuery => ({ page: 1, size: 50, sort: 'date', order: 'desc', ...q });

export async function printPlans(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  try {
    const { db } = database;
    const owner = (await queryRows<{ id: string }>(db, sql`select id from users where email = ${heavy.email}`))[0]!.id;
    const plans: [string, string, unknown[]][] = [];
    for (const [name, q] of [
      ['a month, newest first', list({ from: '2026-03-01', to: '2026-03-31' })],
      ['the year by amount, page 20', list({ type: 'income', sort: 'amount', order: 'desc', page: 20 })],
      ['search', list({ search: 'line 12', size: 25 })],
    ] as const) {
      const { statement, values } = listStatementFor(q, 'en');
      plans.push([name, statement.text, statement.values(owner, values)]);
    }
    plans.push([
      'month summary',
      monthSummaryStatement.text,
      monthSummaryStatement.values(owner, { lang: 'en', from: '2026-03-01', to: '2026-03-31', year: 2026, month: 3 }),
    ]);
    plans.push([
      "the year's P&L (by category and month)",
      categoryMonthStatement.text,
      categoryMonthStatement.values(owner, { lang: 'en', from: '2026-01-01', to: '2026-12-31' }),
    ]);
    console.log(`  plans (EXPLAIN ANALYZE, the heavy owner, ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`);
    for (const [name, text, values] of plans) {
      const lines = await explain(db, text, values);
      console.log(`    ${name}:`);
      for (const line of lines) console.log(`      ${line}`);
    }
  } finally {
    await database.close();
  }
}
