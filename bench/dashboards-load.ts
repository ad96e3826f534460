// The finance and project dashboards (issue 29) for the heavy owner (10,000 entries among 1,000 owners,
// five budgets, 1,000 tasks over the last three weeks with six tags), on PGlite and, when DATABASE_URL is
// set, PostgreSQL: p50 and p99 of GET /api/dashboards/finance, GET /api/dashboards/project and GET /api/budgets, one request after another, with the read cache off (so every answer is computed)
// and on. Prints figures; asserts nothing.
//   npm run bench:dashboards -w @cuadre/bench   (ROUNDS=200, ONLY=pglite|postgres)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildStale } from '../scripts/build.mjs';
import { freshPostgres, p50p99, startServer, stop } from './lib.js';
import { fillForHeavy, HEAVY_ENTRIES, heavy, populate } from './populate.js';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
/** Five outflow categories of the default chart (advertising, vehicle, insurance, office, utilities). */
const BUDGETED = ['09', '10', '12', '15', '23'].map((n) => `00000000-0000-4000-8000-0000000000${n}`);

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }, cache: boolean) {
  const { proc, url } = await startServer({
    DATA_DIR: env.DATA_DIR,
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    ...(cache ? {} : { READ_CACHE_MS: '0' }),
  });
  try {
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(heavy) });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const call = async (method: string, p: string, body?: unknown) => {
      const r = await fetch(`${url}${p}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    for (const [i, categoryId] of BUDGETED.entries()) await call('PUT', '/api/budgets', { categoryId, amount: 100_000 * (i + 1) });
    console.log(
      `${label}, read cache ${cache ? 'on' : 'off'}: the heavy owner (${HEAVY_ENTRIES.toLocaleString('en')} entries among 1,000 owners), ${ROUNDS} requests per call`,
    );
    for (const [name, p] of [
      ['GET /api/dashboards/finance', '/api/dashboards/finance'],
      ['GET /api/dashboards/project', '/api/dashboards/project'],
      ['GET /api/budgets', '/api/budgets'],
    ] as const) {
      await call('GET', p);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await call('GET', p);
        times.push(performance.now() - t);
      }
      console.log(`  ${name}`.padEnd(36) + `${p50p99(times)}`);
    }
  } finally {
    await stop(proc);
  }
}

/**
 * The heavy owner's 1,000 tasks, written straight into the database: made over the last three weeks,
 * one in two completed a day later (one in five of those high priority), one in three with one of six
 * tags, one in ten due over the next days.
 */
const populateTasks = (env: { DATA_DIR: string; DATABASE_URL?: string }) =>
  fillForHeavy(env, async (db, owner) => {
    await db.execute(sql`insert into task_tags (owner_id, title) select ${owner}::uuid, 'Tag ' || g from generate_series(1, 6) g`);
    const tags = (await db.execute<{ id: string }>(sql`select id from task_tags where owner_id = ${owner}::uuid order by title`)).rows.map((r) => r.id);
    await db.execute(sql`
    insert into tasks (owner_id, type, title, completed, completed_at, priority, tags, due_date, sort_order, created_at)
    select ${owner}::uuid, 'task', 'Task ' || i, i % 2 = 0,
           case when i % 2 = 0 then now() - ((i % 21) * interval '1 day') + interval '1 day' end,
           case when i % 10 = 0 then 2 else 1 end,
           case when i % 3 = 0 then jsonb_build_array((${JSON.stringify(tags)}::jsonb) ->> (i % 6)) else '[]'::jsonb end,
           case when i % 10 = 1 then now() + ((i % 3) * interval '1 day') end,
           i, now() - ((i % 21) * interval '1 day')
    from generate_series(1, 1000) i`);
  });

await buildStale(['server'], { log: () => {} });
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-dashboards-'));
  dirs.push(d);
  return d;
};
try {
  if (process.env.ONLY !== 'postgres') {
    const env = { DATA_DIR: tmp() };
    await populate(env);
    await populateTasks(env);
    await measure('PGlite', env, false);
    await measure('PGlite', env, true);
  }
  if (process.env.DATABASE_URL && process.env.ONLY !== 'pglite') {
    const db = await freshPostgres();
    try {
      const env = { DATA_DIR: tmp(), DATABASE_URL: db.url };
      await populate(env);
      await populateTasks(env);
      await measure('PostgreSQL', env, false);
      await measure('PostgreSQL', env, true);
    } finally {
      await db.drop();
    }
  } else if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
