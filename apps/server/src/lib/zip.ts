import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * A ZIP written to a file, entry by entry (yazl streams it; nothing is held in memory but the
 * current entry). Names are made unique: a second "receipt.pdf" becomes "receipt (2).pdf".
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly names = new Set<string>();
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.done = pipeline(this.zip.outputStream, createWriteStream(file, { mode: 0o600 }));
  }

  private unique(name: string) {
    let candidate = name;
    for (let n = 2; this.names.has(candidate); n++) candidate = name.replace(/(\.[^./]+)?$/, (ext) => ` (${n})${ext}`);
    this.names.add(candidate);
    return candidate;
  }

  add(name: string, body: string | Buffer) {
    this.zip.addBuffer(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, this.unique(name));
  }

  addFile(name: string, path: string) {
    this.zip.addFile(path, this.unique(name));
  }

  async close() {
    this.zip.end();
    await this.done;
  }
}

const RESERVED = new Set('<>:"/\\|?*');
/** Control characters and those a file system reserves. */
const unsafe = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || RESERVED.has(c);

/** A file name safe in any archive and on any system: no folders, no control or reserved characters (a run of them becomes one "_"). */
export function safeName(name: string): string {
  let out = '';
  let inRun = false;
  for (const c of name) {
    if (!unsafe(c)) out += c;
    else if (!inRun) out += '_';
    inRun = unsafe(c);
  }
  return out.replace(/^\.+/, '_').slice(0, 120) || 'file';
}
