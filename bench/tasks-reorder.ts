// Tasks (issue 29): the reorder of a 500-task list, one PATCH api/apps/tasks/order naming every task in
// a new order, through the running server (built dist), RUNS times; prints p50 / p99 and checks the
// order came back as asked. On embedded PGlite in a fresh data folder, and on PostgreSQL too when
// DATABASE_URL names a server. Asserts nothing else.
//   npm run bench:tasks -w @cuadre/bench   (RUNS=30 TASKS=500)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildStale } from '../scripts/build.mjs';
import { freshPostgres, ms, quantile, startServer, stop } from './lib.js';

const RUNS = Number(process.env.RUNS ?? 30);
const TASKS = Number(process.env.TASKS ?? 500);
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Tasks-Admin-2026' };

async function measure(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-tasks-'));
  const { proc, url } = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env });
  try {
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    for (let i = 0; i < TASKS; i++) {
      const res = await fetch(`${url}/api/apps/tasks/task`, { method: 'POST', headers, body: JSON.stringify({ type: i % 25 === 0 ? 'section' : 'task' }) });
      if (!res.ok) throw new Error(`create: ${res.status}`);
    }
    const all = (await (await fetch(`${url}/api/apps/tasks/all`, { headers })).json()) as { id: string }[];
    if (all.length !== TASKS) throw new Error(`expected ${TASKS} tasks, found ${all.length}`);
    let ids = all.map((t) => t.id);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A different order each run: the list reversed, then rotated by the run's number.
      ids = [...ids].reverse();
      ids = [...ids.slice(run % TASKS), ...ids.slice(0, run % TASKS)];
      const t = performance.now();
      const res = await fetch(`${url}/api/apps/tasks/order`, { method: 'PATCH', headers, body: JSON.stringify({ tasks: ids.map((id) => ({ id })) }) });
      const back = (await res.json()) as { id: string; order: number }[];
      times.push(performance.now() - t);
      if (res.status !== 200 || back.some((x, i) => x.id !== ids[i] || x.order !== i)) throw new Error(`reorder: ${res.status}, the order came back different`);
    }
    // For scale: reading the same list back (what the reorder also answers).
    const reads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      await (await fetch(`${url}/api/apps/tasks/all`, { headers })).json();
      reads.push(performance.now() - t);
    }
    console.log(`Tasks, the reorder of ${TASKS} tasks in one request, ${RUNS} runs (${label}, one client on localhost):`);
    console.log(`  GET api/apps/tasks/all      p50 ${ms(quantile(reads, 0.5))}   p99 ${ms(quantile(reads, 0.99))}   (the list it answers, read alone)`);
    console.log(`  PATCH api/apps/tasks/order  p50 ${ms(quantile(times, 0.5))}   p99 ${ms(quantile(times, 0.99))}   max ${ms(Math.max(...times))}`);
  } finally {
    await stop(proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildStale();
await measure('PGlite', {});
if (process.env.DATABASE_URL) {
  const pg = await freshPostgres();
  try {
    await measure('PostgreSQL', { DATABASE_URL: pg.url });
  } finally {
    await pg.drop();
  }
}
