import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Files kept under the data folder (receipts), each under a generated name: a client's file name
 * never becomes a path. Behind this interface an object store can take its place.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    // Keys are made here (owner id / uuid); anything else is refused rather than resolved.
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key);
  }

  async put(ownerId: string, data: Buffer): Promise<string> {
    const key = `${ownerId}/${randomUUID()}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(file, data, { mode: 0o600 });
    } catch (err) {
      // A disk that filled up half way (ENOSPC) leaves the part written: nothing partial stays behind.
      await rm(file, { force: true });
      throw err;
    }
    return key;
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  /** A small file whole (an avatar), for when its bytes are looked at before sending. */
  bytes(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  read(key: string) {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Recognises a receipt by its first bytes; neither the file's name nor its declared type is trusted. */
export function sniffReceipt(buf: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' | undefined {
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length > 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  if (buf.length > 5 && buf.toString('ascii', 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}
