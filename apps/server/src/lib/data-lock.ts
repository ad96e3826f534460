import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * One process at a time on an embedded database folder: PGlite has no server of its own, and two
 * processes opening one folder would corrupt it. The holder writes `<folder>.lock` with its pid; a
 * lock whose process is gone (killed, power cut) is stale and taken over.
 */
export class DataLock {
  private constructor(
    readonly file: string,
    private released = false,
  ) {}

  /** Takes the lock for `what` (e.g. "the server"), or throws `LockedError` naming the holder. */
  static acquire(folder: string, what: string): DataLock {
    const file = `${folder}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx', 0o600);
        writeSync(fd, JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() }));
        closeSync(fd);
        return new DataLock(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = readHolder(file);
        if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new LockedError(holder);
        // Stale, unreadable, or ours from an earlier open in this process: take it over.
        rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${file}`);
  }

  /** Who holds the folder now, if a live process does. */
  static holder(folder: string): LockHolder | undefined {
    const holder = readHolder(`${folder}.lock`);
    return holder && holder.pid !== process.pid && isAlive(holder.pid) ? holder : undefined;
  }

  release() {
    if (this.released) return;
    this.released = true;
    rmSync(this.file, { force: true });
  }
}

export interface LockHolder {
  pid: number;
  what: string;
  since: string;
}

export class LockedError extends Error {
  constructor(readonly holder: LockHolder) {
    super(`${holder.what} (process ${holder.pid}) holds this data folder`);
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, what: String(parsed.what ?? 'a process'), since: String(parsed.since ?? '') } : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
