import { existsSync } from 'node:fs';
import path from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { OWNED_TABLES, ownedBy } from '../../db/owned.js';
import { chatMembers, jobs } from '../../db/schema/index.js';
import { readerLanguage } from '../../lib/language.js';
import { safeName, ZipWriter } from '../../lib/zip.js';
import type { JobContext } from '../jobs/index.js';
import { ledgerCsv, mileageCsv, ReportsRepository } from '../reports/index.js';

/**
 * Tables whose rows belong to one owner, by name: the scope's list, which the owner-scoping test
 * checks against every table with an `owner_id`, so none is forgotten. Jobs are this export's own
 * bookkeeping, not the owner's data.
 */
const EXPORTED = OWNED_TABLES.filter((t) => t !== jobs)
  .map((table) => ({ table, name: getTableName(table) }))
  .sort((a, b) => (a.name < b.name ? -1 : 1));

async function jsonRows(db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return (await queryRows<{ j: unknown }>(db, query)).map((r) => (typeof r.j === 'string' ? JSON.parse(r.j) : r.j));
}

/**
 * Everything an owner has, as one ZIP: the account (without its password hash), each owned table as
 * JSON, the messages of their chats, the ledger and the mileage log as CSV, the avatar and every receipt.
 */
export function accountExportJob(db: Db, dataDir: string) {
  return async ({ auth, file, progress }: JobContext) => {
    const ownerId = auth.user.id;
    const own = ownedBy(db, ownerId);
    const tables = EXPORTED;
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
      for (const { table, name } of tables) {
        // The owner's own rows only: the shared chart's subcategories are not theirs to take away.
        const rows = await jsonRows(db, own.sql`select row_to_json(t)::text as j from ${own.rows(table, 'own')} t`);
        zip.add(`data/${name}.json`, JSON.stringify(rows, null, 2));
        await progress(++done, total, 'tables');
      }
      // Their conversations: every message of the chats they take part in, theirs and the other side's.
      const messages = await jsonRows(
        db,
        own.sql`select row_to_json(m)::text as j from chat_messages m where m.chat_id in (select chat_id from ${chatMembers}) order by m.created_at, m.id`,
      );
      zip.add('data/chat_messages.json', JSON.stringify(messages, null, 2));
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
