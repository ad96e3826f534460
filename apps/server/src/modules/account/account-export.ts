import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { readerLanguage } from '../../lib/language.js';
import { safeName, ZipWriter } from '../../lib/zip.js';
import type { JobContext } from '../jobs/index.js';
import { ledgerCsv, mileageCsv, ReportsRepository } from '../reports/index.js';

/** Tables whose rows belong to one owner (an `owner_id` column), found in the catalog so none is forgotten. */
async function ownedTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'owner_id' and not a.attisdropped order by c.relname`,
  );
  // Jobs are this export's own bookkeeping, not the owner's data.
  return rows.map((r) => r.name).filter((n) => n !== 'jobs');
}

async function jsonRows(db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return (await queryRows<{ j: unknown }>(db, query)).map((r) => (typeof r.j === 'string' ? JSON.parse(r.j) : r.j));
}

/**
 * Everything an owner has, as one ZIP: the account (without its password hash), each owned table as
 * JSON, the ledger and the mileage log as CSV, the avatar and every receipt.
 */
export function accountExportJob(db: Db, dataDir: string) {
  return async ({ auth, file, progress }: JobContext) => {
    const ownerId = auth.user.id;
    const tables = await ownedTables(db);
    const repo = new ReportsRepository(db, ownerId, readerLanguage(auth));
    const receipts = await repo.receipts('0001-01-01', '9999-12-31');
    const total = tables.length + 2 + receipts.length;
    const zip = new ZipWriter(file);
    try {
      let done = 0;
      await progress(done, total, 'account');
      const [account] = await jsonRows(db, sql`select (row_to_json(u)::jsonb - 'password_hash')::text as j from users u where u.id = ${ownerId}`);
      zip.add('account.json', JSON.stringify(account, null, 2));
      const avatars = await queryRows<{ mime: string; data: Uint8Array }>(db, sql`select mime, data from user_avatars where user_id = ${ownerId}`);
      for (const a of avatars) zip.add(`avatar.${a.mime.split('/')[1] ?? 'img'}`, Buffer.from(a.data));
      await progress(++done, total, 'tables');
      for (const table of tables) {
        const rows = await jsonRows(db, sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t where t.owner_id = ${ownerId}`);
        zip.add(`data/${table}.json`, JSON.stringify(rows, null, 2));
        await progress(++done, total, 'tables');
      }
      zip.add('entries.csv', ledgerCsv(await repo.ledger('0001-01-01', '9999-12-31'), new Date().getUTCFullYear()));
      zip.add('mileage-log.csv', mileageCsv(await repo.mileageLog('0001-01-01', '9999-12-31')));
      await progress(++done, total, 'receipts');
      for (const r of receipts) {
        const source = path.join(dataDir, 'attachments', r.storageKey);
        if (existsSync(source)) zip.addFile(`receipts/${r.date}_${r.entryId.slice(0, 8)}_${safeName(r.fileName)}`, source);
        if (++done % 25 === 0) await progress(done, total, 'receipts');
      }
      await progress(total, total, 'receipts');
    } finally {
      await zip.close();
    }
    return { fileName: `cuadre-my-data-${new Date().toISOString().slice(0, 10)}.zip` };
  };
}
