// Mailbox (issue 28): the mail list for an owner with 10,000 mails among 1,000 owners (each of the
// others with 10), on PGlite and, when DATABASE_URL is set, PostgreSQL: p50 and p99 of a folder's
// page, a label's and a filter's, and the folder counts, one request after another. Prints figures;
// asserts nothing.
//   npm run bench:mailbox -w @cuadre/bench   (ROUNDS=300, ONLY=pglite|postgres)
import { sql } from 'drizzle-orm';
import { onEachDatabase, startServer, stop, timeReads } from './lib.js';
import { fillForHeavy, heavy, populate } from './populate.js';

const ROUNDS = Number(process.env.ROUNDS ?? 300);
export const HEAVY_MAILS = 10_000;

/**
 * 10,000 mails for the heavy owner (most in the inbox, some in sent, spam and trash; one in three with
 * the label "clients", one in seven starred), 10 for each of the others, written straight into the database.
 */
const populateMails = (env: { DATA_DIR: string; DATABASE_URL?: string }) =>
  fillForHeavy(env, async (db, heavyId) => {
    const label = (
      await db.execute<{ id: string }>(
        sql`insert into mail_labels (owner_id, title, slug, color) values (${heavyId}::uuid, 'Clients', 'clients', 'work') returning id`,
      )
    ).rows[0]!.id;
    await db.execute(sql`
    insert into mail_labels (owner_id, title, slug, color)
    select u.id, 'Clients', 'clients', 'work' from users u where u.email like 'owner%@bench.cuadre.test'`);
    await db.execute(sql`
    insert into mails (owner_id, kind, folder, from_name, from_address, "to", subject, content, date, unread, starred, labels)
    select ${heavyId}::uuid,
           case when i % 10 = 1 then 'sent' else 'received' end,
           case when i % 10 = 1 then 'sent' when i % 10 = 2 then 'spam' when i % 10 = 3 then 'trash' else 'inbox' end,
           'Sender ' || (i % 50), 'sender' || (i % 50) || '@bench.cuadre.test', '["heavy@bench.cuadre.test"]'::jsonb,
           'Subject ' || i, '<p>Mail number ' || i || '</p>', now() - (i || ' minutes')::interval, i % 4 = 0, i % 7 = 0,
           case when i % 3 = 0 then jsonb_build_array(${label}::text) else '[]'::jsonb end
    from generate_series(1, ${HEAVY_MAILS}) i`);
    await db.execute(sql`
    insert into mails (owner_id, kind, folder, from_name, from_address, subject, date, unread)
    select u.id, 'received', 'inbox', 'Someone', 'someone@bench.cuadre.test', 'Hello ' || g, now() - (g || ' hours')::interval, g % 2 = 0
    from users u cross join generate_series(1, 10) g where u.email like 'owner%@bench.cuadre.test'`);
  });

async function measure(label: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  await populate(env);
  await populateMails(env);
  const { proc, url } = await startServer({ DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) });
  try {
    console.log(`${label}: the heavy owner (${HEAVY_MAILS.toLocaleString('en')} mails among 1,000 owners), ${ROUNDS} requests per call`);
    const calls: [string, string][] = [
      ['inbox, first page', 'mails?folder=inbox'],
      ['inbox, a middle page (350)', 'mails?folder=inbox&page=350'],
      ['inbox, the last page (700)', 'mails?folder=inbox&page=700'],
      ['label "clients", first page', 'mails?label=clients'],
      ['label "clients", page 200', 'mails?label=clients&page=200'],
      ['filter starred, first page', 'mails?filter=starred'],
      ['folders (the counts)', 'folders'],
    ];
    const paths = calls.map(([name, call]): [string, string] => [name, `apps/mailbox/${call}`]);
    await timeReads(url, heavy, ROUNDS, paths, (body) => (body as { pagination?: { totalResults?: number } }).pagination?.totalResults ?? '-');
  } finally {
    await stop(proc);
  }
}

await onEachDatabase('mailbox', measure);
