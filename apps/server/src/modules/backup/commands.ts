import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, openPglite, StartupError, type Database } from '../../db/client.js';
import { DataLock } from '../../lib/data-lock.js';
import { countUsers } from './backup.repository.js';
import { writeBackupFile, type BackupSummary } from './backup.service.js';
import { hasStoredFiles, loadArchive, RestoreError, verifyArchive, type RestoreSummary } from './restore.service.js';

/**
 * `npm run backup` and `npm run restore`, as functions the command line and the tests share. Both
 * answer a refusal with a `CommandError` of one sentence; the command prints it and exits 1.
 */
export class CommandError extends Error {}

export interface Target {
  dataDir: string;
  /** Unset: the embedded database in `dataDir/pglite`. */
  databaseUrl?: string;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function describe(target: Target): string {
  if (!target.databaseUrl) return `the data folder ${target.dataDir}`;
  try {
    const u = new URL(target.databaseUrl);
    return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the database at DATABASE_URL';
  }
}

async function open(target: Target, holder: string, migrate = true): Promise<Database> {
  try {
    if (target.databaseUrl) return await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, waitSeconds: 5, requestTimeouts: false });
    return await openPglite({ dir: pgliteDir(target.dataDir), holder, migrate });
  } catch (err) {
    if (err instanceof StartupError) throw new CommandError(err.message);
    throw err;
  }
}

/** Writes an archive of the instance to `file`. On PGlite, only while no server holds the folder. */
export async function backupCommand(target: Target, file: string): Promise<BackupSummary> {
  if (!target.databaseUrl) {
    const holder = DataLock.holder(pgliteDir(target.dataDir));
    if (holder) {
      throw new CommandError(
        `A Cuadre server (process ${holder.pid}) is running on ${target.dataDir}, and two processes never open one embedded database: download the backup from it instead (Administration → Download backup, or GET /api/admin/backup).`,
      );
    }
    if (!existsSync(path.join(pgliteDir(target.dataDir), 'PG_VERSION')))
      throw new CommandError(`There is no Cuadre database in ${target.dataDir}: nothing to back up.`);
  }
  const database = await open(target, 'A backup');
  try {
    return await writeBackupFile(database, target.dataDir, path.resolve(file));
  } finally {
    await database.close();
  }
}

/**
 * Loads an archive into an empty target. Refuses, writing nothing: a damaged, truncated or
 * inconsistent archive, one from a newer schema (all found before the target is touched), and a
 * target that already holds accounts or receipts.
 */
export async function restoreCommand(target: Target, file: string): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new CommandError(`There is no file ${file}.`);
  let manifest;
  try {
    manifest = await verifyArchive(file);
  } catch (err) {
    if (err instanceof RestoreError) throw new CommandError(`${err.message} Nothing was restored.`);
    throw err;
  }
  const where = describe(target);
  if (await hasStoredFiles(target.dataDir))
    throw new CommandError(`${target.dataDir} already holds stored receipts: restore only into an empty target. Nothing was restored.`);
  const users = await existingUsers(target);
  if (users > 0) {
    throw new CommandError(
      `${where} already holds data (${users} account${users === 1 ? '' : 's'}): restore only into an empty database. Nothing was restored.`,
    );
  }
  const created = !target.databaseUrl && !existsSync(path.join(pgliteDir(target.dataDir), 'PG_VERSION'));
  const database = await open(target, 'A restore');
  try {
    return await loadArchive(database, target.dataDir, file, manifest);
  } catch (err) {
    await database.close();
    // A folder this restore created goes again, so a failed restore leaves the target as it found it.
    if (created) await rm(pgliteDir(target.dataDir), { recursive: true, force: true });
    if (err instanceof RestoreError) throw new CommandError(`${err.message} Nothing was restored.`);
    throw err;
  } finally {
    await database.close().catch(() => undefined);
  }
}

/** Accounts in the target, read without migrating it (a refused restore writes nothing). */
async function existingUsers(target: Target): Promise<number> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      throw new CommandError(`${describe(target)} cannot be reached (${(err as Error).message.split('\n')[0]}). Nothing was restored.`);
    }
    try {
      const { rows } = await client.query<{ present: boolean }>(`select to_regclass('public.users') is not null as present`);
      if (!rows[0]!.present) return 0;
      const count = await client.query<{ n: string }>('select count(*) as n from users');
      return Number(count.rows[0]!.n);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  if (!existsSync(path.join(pgliteDir(target.dataDir), 'PG_VERSION'))) return 0;
  const database = await open(target, 'A restore', false);
  try {
    const present = (await database.pglite!.query<{ present: boolean }>(`select to_regclass('public.users') is not null as present`)).rows[0]!.present;
    return present ? await countUsers(database.db) : 0;
  } finally {
    await database.close();
  }
}
