import { createReadStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.js';

/**
 * The archive: one `.tar.gz` holding `manifest.json` first, then `tables/<name>.jsonl` (one JSON
 * object per row, primary-key order, parents before children), then `files/<root>/<key>` (receipts).
 * Plain formats on purpose: an operator can open it with tar and read it without Cuadre.
 */
export const ARCHIVE_FORMAT = 1;

export const ZManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  app: z.literal('cuadre'),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  migration: z.object({ tag: z.string(), when: z.number() }),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  files: z.array(z.object({ path: z.string().regex(/^attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/), size: z.number().int().min(0) })),
  notCarried: z.array(z.string()),
});
export type Manifest = z.infer<typeof ZManifest>;

export const tableEntry = (name: string) => `tables/${name}.jsonl`;
export const fileEntry = (p: string) => `files/${p}`;

/** The migrations this build knows, oldest first (Drizzle's journal). */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** A packed archive, gzip-compressed, from a manifest and the spooled files it names. */
export function packArchive(manifest: Manifest, spoolDir: string): Readable {
  const pack = tar.pack();
  const out = new PassThrough();
  pack.on('error', (err) => out.destroy(err));
  pack.pipe(createGzip({ level: 6 })).pipe(out);
  void (async () => {
    try {
      const body = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
      pack.entry({ name: 'manifest.json', size: body.length, mode: 0o644 }, body);
      for (const t of manifest.tables) await addFile(pack, tableEntry(t.name), path.join(spoolDir, tableEntry(t.name)), t.bytes);
      for (const f of manifest.files) await addFile(pack, fileEntry(f.path), path.join(spoolDir, fileEntry(f.path)), f.size);
      pack.finalize();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

function addFile(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
    const source = createReadStream(file);
    source.on('error', reject);
    source.pipe(entry);
  });
}

/** The archive's entries in order; each entry's stream must be read (or resumed) before the next comes. */
export async function* readArchive(file: string): AsyncGenerator<{ name: string; size: number; stream: Readable }> {
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (err) => extract.destroy(err));
  gunzip.on('error', (err) => extract.destroy(err));
  source.pipe(gunzip).pipe(extract);
  for await (const entry of extract) {
    // Node's own stream over the entry (tar-stream's are streamx streams); reading it reads the entry.
    yield { name: entry.header.name, size: entry.header.size ?? 0, stream: Readable.from(entry, { objectMode: false }) };
  }
}
