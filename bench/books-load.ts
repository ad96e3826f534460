// The books under load (issue 8): 1,000 owners, one of them with 10,000 entries; list and report calls
// under 100 concurrent connections (autocannon), a batch of 1,000 entries, and the demo seed's time,
// on PGlite and (when DATABASE_URL is set) PostgreSQL. Runs the compiled server as `npm start` does.
// Prints figures; asserts nothing.   npm run bench:books -w @cuadre/bench   (DURATION=8 CONNECTIONS=100)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { buildStale } from '../scripts/build.mjs';
import { openDatabase } from '../apps/server/src/db/client.js';
import { hashPassword, usePasswordProfile } from '../apps/server/src/lib/passwords.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.js';
import { freshPostgres, startServer, stop } from './lib.js';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const OWNERS = 1000;
const HEAVY_ENTRIES = 10_000;
const heavy = { email: 'heavy@bench.cuadre.test', password: 'Bench-Heavy-Owner-2026' };

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const load = (url: string, headers: Record<string, string>): Promise<Result> =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err: Error | null, res: Result) => (err ? reject(err) : resolve(res))),
  );

/** 1,000 owners on a paid plan; the first has 10,000 entries over 2026, each of the others 10. */
async function populate(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  const { db } = database;
  // The plans (and an administrator), as a first start makes them.
  await bootstrap(db, {});
  usePasswordProfile('owasp');
  const hash = await hashPassword(heavy.password);
  await db.execute(sql`
    insert into users (email, name, password_hash, plan, email_confirmed_at)
    select case when i = 1 then ${heavy.email} else 'owner' || i || '@bench.cuadre.test' end, 'Owner ' || i, ${hash}, 'pro', now()
    from generate_series(1, ${OWNERS}) i`);
  const ids = (
    await db.execute<{ id: string; n: number }>(
      sql`select id, row_number() over (order by created_at, email) as n from users where email like '%@bench.cuadre.test'`,
    )
  ).rows;
  const heavyId = (await db.execute<{ id: string }>(sql`select id from users where email = ${heavy.email}`)).rows[0]!.id;
  const income = (await db.execute<{ id: string }>(sql`select id from categories where kind = 'income' order by sort_order limit 1`)).rows[0]!.id;
  const expense = (await db.execute<{ id: string }>(sql`select id from categories where kind = 'expense' order by sort_order limit 1`)).rows[0]!.id;
  // The heavy owner: 10,000 lines over the year, two in three income.
  await db.execute(sql`
    insert into entries (owner_id, type, date, amount, category_id, payment_method, description)
    select ${heavyId}::uuid, case when i % 3 = 0 then 'expense' else 'income' end, date '2026-01-01' + (i % 365),
           1 + (i * 7919) % 500000, case when i % 3 = 0 then ${expense}::uuid else ${income}::uuid end,
           case when i % 2 = 0 then 'cash' else 'card' end, 'line ' || i
    from generate_series(1, ${HEAVY_ENTRIES}) i`);
  // Everyone else: ten each, so the table holds other owners' rows the filters must skip.
  await db.execute(sql`
    insert into entries (owner_id, type, date, amount, category_id, payment_method)
    select u.id, 'income', date '2026-01-01' + ((g * 37) % 365), 100 + g, ${income}::uuid, 'cash'
    from users u cross join generate_series(1, 10) g where u.email like 'owner%@bench.cuadre.test'`);
  await db.execute(sql`analyze`);
  await database.close();
  return { owners: ids.length };
}

const CALLS = [
  ['a month, newest first', '/api/entries?from=2026-03-01&to=2026-03-31&size=50'],
  ['the year by amount, page 20', '/api/entries?type=income&sort=amount&order=desc&page=20&size=50'],
  ['search', '/api/entries?search=line%2012&size=25'],
  ['month summary', '/api/reports/month-summary?year=2026&month=3'],
  ['tax years', '/api/tax-years'],
] as const;

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const t0 = performance.now();
  const { owners } = await populate(env);
  console.log(
    `${label}: ${owners} owners, ${HEAVY_ENTRIES} entries for one and 10 for each other, written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { proc, url } = await startServer({ DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) });
  try {
    const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(heavy) });
    const { accessToken } = (await res.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    for (const [name, path] of CALLS) {
      const r = await load(url + path, headers);
      console.log(
        `  ${name.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(5)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms${r.non2xx || r.errors ? `   ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
      );
    }
    const cats = (await (await fetch(`${url}/api/categories`, { headers })).json()) as { items: { id: string; kind: string }[] };
    const income = cats.items.find((c) => c.kind === 'income')!.id;
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const body = JSON.stringify({
        entries: Array.from({ length: 1000 }, (_, i) => ({ type: 'income', date: '2026-11-02', amount: 100 + i, categoryId: income })),
      });
      const t = performance.now();
      const r = await fetch(`${url}/api/entries/batch`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
      if (r.status !== 201) throw new Error(`batch: ${r.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`  a batch of 1,000 entries      median ${times[1]!.toFixed(0)} ms (runs: ${times.map((x) => x.toFixed(0)).join(', ')} ms)`);
  } finally {
    await stop(proc);
  }
}

async function seedTime(label: string, env: Record<string, string | undefined>) {
  const t = performance.now();
  await seedDemo({
    email: 'demo@bench.cuadre.test',
    password: 'Bench-Demo-Owner-2026',
    env: { ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent', REDIS_URL: '' },
    log: () => {},
  });
  console.log(`  demo seed (${label})            ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

await buildStale(['server'], { log: () => {} });
console.log(`${CONNECTIONS} connections, ${DURATION} s per call\n`);
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-books-'));
  dirs.push(d);
  return d;
};
try {
  await measure('PGlite', { DATA_DIR: tmp() });
  if (process.env.DATABASE_URL) {
    const db = await freshPostgres();
    try {
      await measure('PostgreSQL', { DATA_DIR: tmp(), DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  } else console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
  console.log('');
  await seedTime('PGlite', { DATA_DIR: tmp(), DATABASE_URL: undefined });
  if (process.env.DATABASE_URL) {
    const db = await freshPostgres();
    try {
      await seedTime('PostgreSQL', { DATA_DIR: tmp(), DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
