// The population the load benchmarks share: 1,000 owners on a paid plan, one of them ("heavy") with
// 10,000 entries over 2026 and each of the others with 10, written straight into the database.
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client.js';
import { hashPassword, usePasswordProfile } from '../apps/server/src/lib/passwords.js';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.js';

export const OWNERS = 1000;
export const HEAVY_ENTRIES = 10_000;
export const heavy = { email: 'heavy@bench.cuadre.test', password: 'Bench-Heavy-Owner-2026' };

/**
 * More rows on top of `populate`'s (a benchmark's own: mails, products, tasks), written straight into its
 * database: `fill` gets the database and the heavy owner's id; the tables are vacuumed and analyzed after, so the
 * server plans its statements on what was written, as it would on a database that grew to it.
 */
export async function fillForHeavy(env: { DATA_DIR: string; DATABASE_URL?: string }, fill: (db: Db, heavyId: string) => Promise<void>) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
  try {
    const { db } = database;
    const heavyId = (await db.execute<{ id: string }>(sql`select id from users where email = ${heavy.email}`)).rows[0]!.id;
    await fill(db, heavyId);
    await db.execute(sql`vacuum (analyze)`);
  } finally {
    await database.close();
  }
}

/** The heavy owner signed in on a running server: the headers their requests carry. */
export async function signInHeavy(url: string) {
  const res = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(heavy) });
  const { accessToken } = (await res.json()) as { accessToken: string };
  // As a browser asks: the answers go out compressed, as they do to every real client.
  return { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip, deflate, br' };
}

/** 1,000 owners on a paid plan; the first has 10,000 entries over 2026, each of the others 10. */
export async function populate(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, requestTimeouts: false });
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
  // As autovacuum (PostgreSQL) or the server's own maintenance (PGlite, db/maintenance.ts) leaves a
  // database that grew to this: statistics, and the visibility map a deep page's index-only scan reads.
  await db.execute(sql`vacuum (analyze)`);
  await database.close();
  return { owners: ids.length };
}
