// Backups (issue 13): backup and restore time and archive size for OWNERS owners with ENTRIES entries each
// (1,000 × 10,000 by default), on PGlite and, when DATABASE_URL is set, PostgreSQL; and how long writes wait
// while a running server takes a backup. Prints figures; asserts nothing.
//   npm run bench:backup -w @cuadre/bench   (OWNERS=1000 ENTRIES=10000 ONLY=pglite|postgres)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildStale } from '../scripts/build.mjs';
import { openDatabase } from '../apps/server/src/db/client.js';
import { hashPassword, usePasswordProfile } from '../apps/server/src/lib/passwords.js';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.js';
import { backupCommand, restoreCommand, type Target } from '../apps/server/src/modules/backup/commands.js';
import { freshPostgres, quantile, startServer, stop } from './lib.js';

const OWNERS = Number(process.env.OWNERS ?? 1000);
const ENTRIES = Number(process.env.ENTRIES ?? 10_000);
const owner = { email: 'owner1@bench.cuadre.test', password: 'Bench-Backup-Owner-2026' };
const admin = { email: 'admin@bench.cuadre.test', password: 'Bench-Backup-Admin-2026' };
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function populate(target: Target) {
  const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, requestTimeouts: false });
  const { db } = database;
  usePasswordProfile('owasp');
  await bootstrap(db, admin);
  const hash = await hashPassword(owner.password);
  await db.execute(sql`insert into users (email, name, password_hash, plan, email_confirmed_at)
    select 'owner' || i || '@bench.cuadre.test', 'Owner ' || i, ${hash}, 'pro', now() from generate_series(1, ${OWNERS}) i`);
  const income = (await db.execute<{ id: string }>(sql`select id from categories where kind = 'income' order by sort_order limit 1`)).rows[0]!.id;
  const expense = (await db.execute<{ id: string }>(sql`select id from categories where kind = 'expense' order by sort_order limit 1`)).rows[0]!.id;
  // A hundred owners per statement, so the embedded database never holds one huge transaction.
  for (let from = 1; from <= OWNERS; from += 100) {
    await db.execute(sql`insert into entries (owner_id, type, date, amount, category_id, payment_method, description)
      select u.id, case when g % 3 = 0 then 'expense' else 'income' end, date '2026-01-01' + (g % 330), 1 + (g * 7919) % 500000,
             case when g % 3 = 0 then ${expense}::uuid else ${income}::uuid end, case when g % 2 = 0 then 'cash' else 'card' end, 'line ' || g
      from users u cross join generate_series(1, ${ENTRIES}) g
      where u.email ~ '^owner[0-9]+@bench' and substring(u.email from 6 for position('@' in u.email) - 6)::int between ${from} and ${from + 99}`);
  }
  await db.execute(sql`analyze`);
  await database.close();
}

/** Single-entry writes, one after another, while `during` runs (or for `ms` without it): each write's time. */
async function writes(url: string, token: string, categoryId: string, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const r = await fetch(`${url}/api/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'income', date: '2026-11-20', amount: 1234, categoryId, paymentMethod: 'cash' }),
    });
    await r.arrayBuffer();
    if (r.status !== 201) throw new Error(`write: ${r.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

async function writesDuringBackup(target: Target) {
  const env: Record<string, string> = { DATA_DIR: target.dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  const { proc, url } = await startServer(env);
  try {
    const signIn = async (who: typeof owner) =>
      (
        (await (
          await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) })
        ).json()) as { accessToken: string }
      ).accessToken;
    const ownerToken = await signIn(owner);
    const adminToken = await signIn(admin);
    const cats = (await (await fetch(`${url}/api/categories`, { headers: { authorization: `Bearer ${ownerToken}` } })).json()) as {
      items: { id: string; kind: string }[];
    };
    const income = cats.items.find((c) => c.kind === 'income')!.id;
    const calm = await writes(url, ownerToken, income, new Promise((r) => setTimeout(r, 3000)));
    const t = performance.now();
    const backup = fetch(`${url}/api/admin/backup`, { headers: { authorization: `Bearer ${adminToken}` } }).then(async (r) => {
      if (r.status !== 200) throw new Error(`backup: ${r.status} ${await r.text()}`);
      return r.arrayBuffer();
    });
    const busy = await writes(url, ownerToken, income, backup);
    const bytes = (await backup).byteLength;
    console.log(`  download from the running server  ${s(performance.now() - t)}, ${mb(bytes)}`);
    console.log(
      `  writes without a backup           p50 ${quantile(calm, 0.5).toFixed(0)} ms, p99 ${quantile(calm, 0.99).toFixed(0)} ms (${calm.length} writes)`,
    );
    console.log(
      `  writes during the backup          p50 ${quantile(busy, 0.5).toFixed(0)} ms, p99 ${quantile(busy, 0.99).toFixed(0)} ms, longest ${Math.max(...busy).toFixed(0)} ms (${busy.length} writes)`,
    );
  } finally {
    await stop(proc);
  }
}

async function measure(label: string, source: Target, restoreTarget: Target) {
  let t = performance.now();
  await populate(source);
  console.log(`${label}: ${OWNERS} owners × ${ENTRIES} entries written in ${s(performance.now() - t)}`);
  const file = path.join(tmp(), 'bench.tar.gz');
  t = performance.now();
  const summary = await backupCommand(source, file);
  console.log(
    `  npm run backup                    ${s(performance.now() - t)}, ${mb(statSync(file).size)} (${summary.rows} rows; snapshot held ${s(summary.snapshotMs)})`,
  );
  t = performance.now();
  await restoreCommand(restoreTarget, file);
  console.log(`  npm run restore                   ${s(performance.now() - t)}`);
  await writesDuringBackup(source);
}

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cuadre-bench-backup-'));
  dirs.push(d);
  return d;
};
await buildStale(['server'], { log: () => {} });
try {
  if (process.env.ONLY !== 'postgres') await measure('PGlite', { dataDir: tmp() }, { dataDir: tmp() });
  if (process.env.DATABASE_URL && process.env.ONLY !== 'pglite') {
    const [a, b] = [await freshPostgres(), await freshPostgres()];
    try {
      await measure('PostgreSQL', { dataDir: tmp(), databaseUrl: a.url }, { dataDir: tmp(), databaseUrl: b.url });
    } finally {
      await a.drop();
      await b.drop();
    }
  } else if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL not set: PostgreSQL not measured)');
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
