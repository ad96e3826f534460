import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.js';
import { ARCHIVE_FORMAT, fileEntry, knownMigrations, packArchive, tableEntry, type Manifest } from './archive.js';
import { attachmentKeys, carriedTables, lastMigration, NOT_CARRIED, openRowCursor, utcSession } from './backup.repository.js';

/** Rows fetched from the cursor at a time: large enough to be quick, small enough to stay light. */
const FETCH = 2_000;

export interface Snapshot {
  manifest: Manifest;
  /** Where the snapshot's tables and files were spooled; removed by `discard`. */
  spoolDir: string;
  /** How long the database snapshot was held (writes to a PGlite instance wait this long). */
  snapshotMs: number;
  discard(): Promise<void>;
}

/**
 * A consistent copy of the instance, spooled to disk: one repeatable-read, read-only transaction
 * (on PGlite its single connection) reads every carried table in primary-key order and links the
 * receipts it refers to. The transaction ends before the archive is compressed and sent, so a slow
 * download never holds the database.
 */
export async function takeSnapshot(database: Database, dataDir: string): Promise<Snapshot> {
  const spoolDir = path.join(dataDir, 'tmp', `backup-${randomUUID()}`);
  await mkdir(path.join(spoolDir, 'tables'), { recursive: true });
  const discard = () => rm(spoolDir, { recursive: true, force: true });
  try {
    const started = performance.now();
    const manifest = await database.db.transaction(
      async (tx) => {
        // Timestamps written in UTC whatever the server's zone, so two archives of the same rows are the same bytes.
        await utcSession(tx);
        const when = await lastMigration(tx);
        const migration = knownMigrations().find((m) => m.when === when) ?? { tag: 'unknown', when: when ?? 0 };
        const tables: Manifest['tables'] = [];
        for (const table of await carriedTables(tx)) {
          const cursor = await openRowCursor(tx, 'backup_rows', table);
          const file = path.join(spoolDir, tableEntry(table.name));
          const out = createWriteStream(file, { mode: 0o600 });
          const hash = createHash('sha256');
          let rows = 0;
          let bytes = 0;
          try {
            for (;;) {
              const batch = await cursor.next(FETCH);
              if (!batch.length) break;
              const chunk = Buffer.from(batch.join('\n') + '\n');
              hash.update(chunk);
              rows += batch.length;
              bytes += chunk.length;
              await write(out, chunk);
            }
          } finally {
            await cursor.close();
            await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
          }
          tables.push({ name: table.name, columns: table.columns, rows, bytes, sha256: hash.digest('hex') });
        }
        const files: Manifest['files'] = [];
        for (const key of await attachmentKeys(tx)) {
          const rel = `attachments/${key}`;
          const target = path.join(spoolDir, fileEntry(rel));
          await mkdir(path.dirname(target), { recursive: true });
          const source = path.join(dataDir, rel);
          // A hard link is instant and keeps the bytes even if the receipt is deleted meanwhile.
          await link(source, target).catch(() => copyFile(source, target));
          files.push({ path: rel, size: (await stat(target)).size });
        }
        return {
          format: ARCHIVE_FORMAT,
          app: 'cuadre',
          createdAt: new Date().toISOString(),
          database: database.kind,
          migration,
          tables,
          files,
          notCarried: [...NOT_CARRIED],
        } satisfies Manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { manifest, spoolDir, snapshotMs: Math.round(performance.now() - started), discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

function write(out: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    out.once('error', onError);
    const more = out.write(chunk, () => out.off('error', onError));
    if (more) resolve();
    else out.once('drain', () => resolve());
  });
}

/** The archive of a snapshot as a stream; the spool is removed once the stream ends or fails. */
export function archiveStream(snapshot: Snapshot) {
  const stream = packArchive(snapshot.manifest, snapshot.spoolDir);
  const done = () => void snapshot.discard();
  stream.once('close', done);
  return stream;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  snapshotMs: number;
}

/** Writes a whole archive to `file` (through `file.partial`, so a failed backup never looks finished). */
export async function writeBackupFile(database: Database, dataDir: string, file: string): Promise<BackupSummary> {
  const snapshot = await takeSnapshot(database, dataDir);
  const partial = `${file}.partial`;
  try {
    await pipeline(archiveStream(snapshot), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await snapshot.discard();
  }
  return summarize(snapshot, (await stat(file)).size);
}

export function summarize(snapshot: Snapshot, bytes: number): BackupSummary {
  const m = snapshot.manifest;
  return { tables: m.tables.length, rows: m.tables.reduce((n, t) => n + t.rows, 0), files: m.files.length, bytes, snapshotMs: snapshot.snapshotMs };
}
