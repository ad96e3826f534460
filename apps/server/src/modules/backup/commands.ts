import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
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
  // What this restore creates goes again on any failure, so a failed restore leaves the target as it
  // found it: the data folder and its missing parents (a move onto a new machine names a path that
  // does not exist yet), or else the database folder and the staging folder inside an existing one.
  const top = topMissing(target.dataDir);
  const created = top
    ? [top]
    : [...(target.databaseUrl ? [] : [pgliteDir(target.dataDir)]), path.join(target.dataDir, 'tmp')].filter((dir) => !existsSync(dir));
  const undo = () => Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true })));
  try {
    await mkdir(target.dataDir, { recursive: true });
  } catch (err) {
    await undo();
    throw new CommandError(`The data folder ${target.dataDir} cannot be created (${(err as Error).message}). Nothing was restored.`);
  }
  let database: Database;
  try {
    database = await open(target, 'A restore');
  } catch (err) {
    await undo();
    throw err instanceof CommandError ? new CommandError(`${err.message} Nothing was restored.`) : err;
  }
  try {
    return await loadArchive(database, target.dataDir, file, manifest);
  } catch (err) {
    await database.close();
    await undo();
    if (err instanceof RestoreError) throw new CommandError(`${err.message} Nothing was restored.`);
    // The database's own reason, not the failed statement: that carries the rows (password hashes among them).
    const reason = ((err as Error).cause instanceof Error ? ((err as Error).cause as Error) : (err as Error)).message.split('\n')[0];
    throw new CommandError(`${path.basename(file)} cannot be loaded into ${where} (${reason}). Nothing was restored.`);
  } finally {
    await database.close().catch(() => undefined);
  }
}

/** The outermost folder of `dir`'s path that does not exist yet (`dir` itself when only it is missing), if any is missing. */
function topMissing(dir: string): string | undefined {
  let top: string | undefined;
  for (let d = path.resolve(dir); !existsSync(d); d = path.dirname(d)) {
    top = d;
    if (path.dirname(d) === d) break;
  }
  return top;
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
