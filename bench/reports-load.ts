// The reports under load (issue 9): the year's profit and loss and annual total of an owner with 10,000
// entries among 1,000 owners, p50 and p99 over HTTP (autocannon), against the SQL aggregates underneath
// timed on their own; the import of 10,000 statement rows (preview and commit); the year-end package of a
// year with 500 receipts. On PGlite and, when DATABASE_URL is set, PostgreSQL. Prints figures; asserts nothing.
//   npm run bench:reports -w @cuadre/bench   (DURATION=8 CONNECTIONS=10)
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { VehicleMethodsRepository } from '../apps/server/src/modules/books/index.js';
import { ReportsRepository } from '../apps/server/src/modules/reports/reports.repository.js';
import { load, ms, onEachDatabase, quantile, startServer, stop } from './lib.js';
import { heavy, populate } from './populate.js';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const run = (url: string, headers: Record<string, string> = {}) => load(url, { connections: CONNECTIONS, duration: DURATION, headers });

/** The aggregates a year's profit and loss and annual total run, straight on the database, one after another. */
async function rawAggregates(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  try {
    const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, heavy.email));
    const repo = new ReportsRepository(database.db, owner!.id);
    const pnl: number[] = [];
    const annual: number[] = [];
    for (let i = 0; i < 40; i++) {
      let t = performance.now();
      await repo.categoryMonthTotals('2026-01-01', '2026-12-31');
      await repo.mileageByMonth('2026-01-01', '2026-12-31');
      await repo.vehicleExpenses(2026, '2026-01-01', '2026-12-31');
      pnl.push(performance.now() - t);
      t = performance.now();
      await repo.categoryMonthTotals('2026-01-01', '2026-12-31');
      await repo.mileageByMonth('2026-01-01', '2026-12-31');
      await repo.vehicleExpenses(2026, '2026-01-01', '2026-12-31');
      await new VehicleMethodsRepository(database.db, owner!.id).year(2026);
      await repo.workerPayments('2026-01-01', '2026-12-31');
      annual.push(performance.now() - t);
    }
    return { pnl: quantile(pnl.slice(5), 0.5), annual: quantile(annual.slice(5), 0.5) };
  } finally {
    await database.close();
  }
}

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  await populate(env);
  const raw = await rawAggregates(env);
  const { proc, url } = await startServer({ DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) });
  try {
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { accessToken: token } = (await (await post('/api/auth/sign-in', '', heavy)).json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${token}` };
    console.log(`${label}: the heavy owner's 2026 (10,000 entries), ${CONNECTIONS} connections, ${DURATION} s each`);
    for (const [name, path, under] of [
      ['P&L of the year', '/api/reports/pnl?year=2026', raw.pnl],
      ['annual total', '/api/reports/annual?year=2026', raw.annual],
    ] as const) {
      const r = await run(url + path, headers);
      console.log(
        `  ${name.padEnd(16)} ${String(Math.round(r.requests.average)).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms   SQL alone ${ms(under)}  (p50 ${(r.latency.p50 / under).toFixed(1)}×)${r.non2xx ? `  ${r.non2xx} non-2xx` : ''}`,
      );
    }

    // 10,000 statement rows: preview, then commit.
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 10_000; i++)
      lines.push(
        `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},Sale ${i},${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`,
      );
    let t = performance.now();
    const preview = (await (await post('/api/entries/import', token, { format: 'csv', content: lines.join('\n') })).json()) as {
      rows: { date: string; amount: number; categoryId: string; description: string }[];
    };
    const previewMs = performance.now() - t;
    t = performance.now();
    const commit = await post('/api/entries/import/commit', token, {
      rows: preview.rows.map((r) => ({ date: r.date, type: 'income', amount: r.amount, categoryId: r.categoryId, description: r.description })),
    });
    if (commit.status !== 201) throw new Error(`commit: ${commit.status}`);
    console.log(`  import of 10,000 rows     preview ${ms(previewMs)}, commit ${ms(performance.now() - t)}`);

    // A year with 500 receipts: the accountant's package.
    const ids = (
      (await (await fetch(`${url}/api/entries?from=2026-01-01&to=2026-12-31&size=50&sort=amount`, { headers })).json()) as { items: { id: string }[] }
    ).items;
    const pdf = Buffer.from('%PDF-1.4\n' + 'x'.repeat(40_000) + '\n%%EOF\n');
    for (let i = 0; i < 500; i++) {
      const form = new FormData();
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), `receipt-${i}.pdf`);
      const r = await fetch(`${url}/api/entries/${ids[i % ids.length]!.id}/attachments`, { method: 'POST', headers, body: form });
      if (r.status !== 201) throw new Error(`receipt: ${r.status}`);
    }
    t = performance.now();
    const job = (await (await post('/api/jobs/year-end', token, { year: 2026 })).json()) as { id: string };
    for (;;) {
      const j = (await (await fetch(`${url}/api/jobs/${job.id}`, { headers })).json()) as { status: string; size: number | null };
      if (j.status === 'failed') throw new Error('the package failed');
      if (j.status === 'done') {
        console.log(`  year-end package, 500 receipts  ${ms(performance.now() - t)}, ${((j.size ?? 0) / 1_048_576).toFixed(1)} MB`);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await stop(proc);
  }
}

await onEachDatabase('reports', measure);
