import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from './outage.js';

export type DiskState = 'ok' | 'full';

export interface DiskWatchOptions {
  log: FastifyBaseLogger;
  /** The data folder: the embedded database and the file store live there. */
  dataDir: string;
  /** A write into the database that needs new room, undone (db/client.ts probeRoom). */
  probeDatabase: () => Promise<void>;
  /** Tells the administrators; may fail when the disk is too full even for that, and is then tried again once room is back. */
  tellAdministrators: (since: Date) => Promise<void>;
}

/** What the probes write: more than a write of the books needs, little enough to do on every readiness check while full. */
const PROBE_BYTES = 1024 * 1024;

/**
 * A full disk as an episode (issue 41), the way OutageLog treats an outage: the first write refused for
 * want of room starts it (one warning in the log, one notification to the administrators, readiness says
 * `disk: 'full'`); any write that succeeds afterwards, or a readiness check whose probes find room, ends it
 * (one line in the log). Nothing is refused in advance: each write tries, so writing works again the moment
 * there is room, without a restart.
 */
export class DiskWatch {
  private since: Date | undefined;
  /** The episode whose notification has not reached the administrators yet. */
  private untold: Date | undefined;

  constructor(private readonly opts: DiskWatchOptions) {}

  get isFull(): boolean {
    return this.since !== undefined;
  }

  /** A write was refused for want of room. */
  full(err?: unknown) {
    if (this.since) return;
    this.since = new Date();
    this.untold = this.since;
    this.opts.log.warn({ reason: err instanceof Error ? err.message : undefined }, "the server's disk is full: writes are refused until space is freed");
    void this.tell();
  }

  /** A write succeeded, or the probes found room: the episode is over. */
  roomAgain() {
    if (!this.since) return;
    this.opts.log.info({ fullSince: this.since.toISOString() }, "the server's disk has room again");
    this.since = undefined;
    if (this.untold) void this.tell();
  }

  /** For readiness: while an episode lasts, the probes look again whether there is room now. */
  async check(): Promise<DiskState> {
    if (!this.since) return 'ok';
    try {
      await this.probeFiles();
      await this.opts.probeDatabase();
    } catch {
      return 'full';
    }
    this.roomAgain();
    return 'ok';
  }

  private async tell() {
    const since = this.untold;
    if (!since) return;
    try {
      await this.opts.tellAdministrators(since);
      if (this.untold === since) this.untold = undefined;
    } catch (err) {
      // No room even for the notification: it goes out once room is back (roomAgain).
      if (!isDiskFull(err)) this.opts.log.warn({ err }, "the administrators could not be told that the server's disk is full");
    }
  }

  /** Writes PROBE_BYTES under the data folder, to the disk itself, and removes them. */
  private async probeFiles() {
    const file = path.join(this.opts.dataDir, `.disk-probe-${randomBytes(4).toString('hex')}`);
    try {
      const handle = await open(file, 'w');
      try {
        await handle.write(Buffer.alloc(PROBE_BYTES));
        await handle.sync();
      } finally {
        await handle.close();
      }
    } finally {
      await rm(file, { force: true });
    }
  }
}
