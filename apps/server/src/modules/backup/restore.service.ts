import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { withTransaction, type Database } from '../../db/client.js';
import { fileEntry, knownMigrations, readArchive, tableEntry, ZManifest, type Manifest } from './archive.js';
import { countRows, deleteAll, insertJsonRows, resetSequences } from './backup.repository.js';

/** A restore that cannot go on, said in one sentence; nothing has been written when it is thrown. */
export class RestoreError extends Error {}

/** Rows per insert: one JSON parameter each, comfortably under any statement limit. */
const INSERT_ROWS = 1_000;

/**
 * Reads the whole archive once before anything is written: the manifest first and valid, a schema
 * this build knows, every table's row count and checksum and every file's size as the manifest says.
 * A damaged or truncated file fails here (gzip and tar check their own integrity on the way).
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const name = path.basename(file);
  let manifest: Manifest | undefined;
  const seen = new Set<string>();
  try {
    for await (const entry of readArchive(file)) {
      if (!manifest) {
        if (entry.name !== 'manifest.json') throw new RestoreError(`${name} is not a Cuadre backup: it does not start with a manifest.`);
        manifest = parseManifest(name, await text(entry.stream));
        continue;
      }
      const table = manifest.tables.find((t) => tableEntry(t.name) === entry.name);
      const stored = manifest.files.find((f) => fileEntry(f.path) === entry.name);
      if (!table && !stored) throw new RestoreError(`${name} carries ${entry.name}, which its manifest does not list.`);
      if (seen.has(entry.name)) throw new RestoreError(`${name} carries ${entry.name} twice.`);
      seen.add(entry.name);
      const hash = createHash('sha256');
      let bytes = 0;
      let lines = 0;
      for await (const chunk of entry.stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (table) {
          hash.update(chunk);
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        }
      }
      if (table && lines !== table.rows) {
        throw new RestoreError(`${name} does not match its manifest: the table ${table.name} should have ${table.rows} rows and has ${lines}.`);
      }
      if (table && (bytes !== table.bytes || hash.digest('hex') !== table.sha256)) {
        throw new RestoreError(`${name} is damaged: the rows of the table ${table.name} do not match their checksum.`);
      }
      if (stored && bytes !== stored.size) throw new RestoreError(`${name} is damaged: the file ${stored.path} is not the size its manifest says.`);
    }
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    const reason = (err as Error).message.split('\n')[0];
    throw new RestoreError(`${name} cannot be read as a backup (damaged or truncated: ${reason}).`);
  }
  if (!manifest) throw new RestoreError(`${name} is empty: it holds no manifest.`);
  const missing = [...manifest.tables.map((t) => tableEntry(t.name)), ...manifest.files.map((f) => fileEntry(f.path))].find((e) => !seen.has(e));
  if (missing) throw new RestoreError(`${name} is incomplete: its manifest lists ${missing}, which it does not carry.`);
  return manifest;
}

function parseManifest(name: string, body: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new RestoreError(`${name} has a manifest that is not JSON.`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > 1)
    throw new RestoreError(`${name} is in archive format ${format}, newer than this Cuadre reads: update Cuadre, then restore.`);
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success)
    throw new RestoreError(`${name} has a manifest this Cuadre does not understand (${parsed.error.issues[0]?.path.join('.') || 'format'}).`);
  const manifest = parsed.data;
  const known = knownMigrations();
  const latest = known.at(-1)!;
  if (!known.some((m) => m.tag === manifest.migration.tag && m.when === manifest.migration.when)) {
    if (manifest.migration.when > latest.when) {
      throw new RestoreError(
        `${name} was made by a newer Cuadre (schema ${manifest.migration.tag}; this one knows up to ${latest.tag}): update Cuadre, then restore.`,
      );
    }
    throw new RestoreError(`${name} was made with a schema this Cuadre does not know (${manifest.migration.tag}).`);
  }
  return manifest;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
}

/**
 * Loads a verified archive into a migrated, empty database and its data folder, in one transaction:
 * the rows the migrations seeded (the default chart, the plans) give way to the archive's, each
 * table's rows go in parent-first, the counts are checked, and the sequences follow. Receipts are
 * written to a staging folder and moved into place once the transaction has committed.
 */
export async function loadArchive(database: Database, dataDir: string, file: string, manifest: Manifest): Promise<RestoreSummary> {
  const staging = path.join(dataDir, 'tmp', `restore-${randomUUID()}`);
  try {
    await withTransaction(database.db, async (tx) => {
      for (const t of [...manifest.tables].reverse()) await deleteAll(tx, t.name);
      let first = true;
      for await (const entry of readArchive(file)) {
        if (first) {
          first = false;
          entry.stream.resume();
          await new Promise((resolve) => entry.stream.once('end', resolve));
          continue;
        }
        const table = manifest.tables.find((t) => tableEntry(t.name) === entry.name);
        if (table) {
          let batch: string[] = [];
          for await (const line of createInterface({ input: entry.stream, crlfDelay: Infinity })) {
            batch.push(line);
            if (batch.length === INSERT_ROWS) {
              await insertJsonRows(tx, table.name, table.columns, `[${batch.join(',')}]`);
              batch = [];
            }
          }
          if (batch.length) await insertJsonRows(tx, table.name, table.columns, `[${batch.join(',')}]`);
          const loaded = await countRows(tx, table.name);
          if (loaded !== table.rows) throw new RestoreError(`The table ${table.name} holds ${loaded} rows after the restore instead of ${table.rows}.`);
          continue;
        }
        const target = path.join(staging, entry.name.replace(/^files\//, ''));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry.stream, createWriteStream(target, { mode: 0o600 }));
      }
      await resetSequences(tx);
    });
    await moveInto(path.join(staging, 'attachments'), path.join(dataDir, 'attachments'));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { tables: manifest.tables.length, rows: manifest.tables.reduce((n, t) => n + t.rows, 0), files: manifest.files.length };
}

/** Moves the staged receipts folder into place (the target is absent or empty: checked beforehand). */
async function moveInto(from: string, to: string) {
  const staged = await readdir(from).catch(() => undefined);
  if (!staged) return;
  await rmdir(to).catch(() => undefined);
  await rename(from, to);
}

/** Whether the data folder already holds receipts (a target with any is not empty). */
export async function hasStoredFiles(dataDir: string): Promise<boolean> {
  const owners = await readdir(path.join(dataDir, 'attachments')).catch(() => [] as string[]);
  return owners.length > 0;
}
