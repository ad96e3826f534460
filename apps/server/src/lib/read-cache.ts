import type { Redis } from 'ioredis';
import type { ContentEncoding } from './compression.js';

/**
 * Answers of the books' list and report reads, kept per owner until that owner's data changes.
 *
 * A list or a report of a month costs three queries with joins; the same owner reads the same page
 * again and again (the hub, a list after a save elsewhere, a report opened twice), and its answer
 * changes only when their books do. So each answer is kept under the owner's *version*, and any
 * change made by the owner moves their version on, which makes every answer kept for them unusable.
 *
 * Correctness rests on four rules:
 *  - Every request of a signed-in user that may write (any method but GET, HEAD and OPTIONS) moves
 *    that user's version on before its answer is sent, whatever its status; an administrator's moves
 *    everyone's version on (the shared chart, the rates and the tax rules are theirs). A job moves
 *    its owner's version on when it ends. So once a client has the answer to a write, no later read
 *    is served from before it.
 *  - The version is read before the database is: a read racing a write is kept under the version it
 *    started with, which the write has already left behind.
 *  - With `REDIS_URL` set, versions live in Redis and every read asks for them (one round trip), so
 *    a write through one process is seen by the next read through any other. When Redis does not
 *    answer, nothing is served from or kept in the cache, and what was kept before is dropped when
 *    the connection comes back (Redis keeps nothing on disk: its versions may start again from 0).
 *    A write whose version could not be moved on (Redis away for that process only) is bounded by
 *    the expiry below.
 *  - Answers also expire (a minute), as a bound on what could change without a request of this
 *    server: a restore or a seed run from the command line against a running server.
 */
export interface CachedAnswer {
  /** The answer's bytes, encoded once: a hit writes them as they are. */
  payload: Buffer;
  contentType: string;
}

interface Entry extends CachedAnswer {
  version: string;
  until: number;
  /** The payload compressed, made on the first hit that asks for each encoding and kept with it. */
  compressed?: Partial<Record<ContentEncoding, Buffer>>;
}

export interface ReadCacheOptions {
  redis?: Redis;
  prefix?: string;
  ttlMs?: number;
  /** The answers kept at most, all owners together, in bytes (default 32 MiB). */
  maxBytes?: number;
}

/** An answer larger than this is not kept: a year's ledger page is far smaller. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** A read being answered now: the same read arriving meanwhile waits for its answer (see `share`). */
interface InFlight {
  answer: Promise<CachedAnswer | undefined>;
  settle: (answer: CachedAnswer | undefined) => void;
  timer: NodeJS.Timeout;
}

/** A reader waits this long at most for another's answer, then answers by itself. */
const SHARE_WAIT_MS = 10_000;

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, InFlight>();
  private bytes = 0;
  private readonly local = new Map<string, number>();
  private localAll = 0;
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly redis?: Redis;
  private readonly prefix: string;

  constructor(opts: ReadCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    this.redis = opts.redis;
    this.prefix = `${opts.prefix ?? ''}reads:`;
    // A connection that came back may have missed versions moved on meanwhile (or a Redis that
    // restarted empty, its versions counting from 0 again): what was kept before is not served.
    this.redis?.on('ready', () => this.dropAll());
    this.redis?.on('close', () => this.dropAll());
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  /** The owner's version now (theirs and everyone's together), or undefined when it cannot be known. */
  async version(ownerId: string): Promise<string | undefined> {
    if (!this.enabled) return undefined;
    if (!this.redis) return `${this.localAll}.${this.local.get(ownerId) ?? 0}`;
    if (this.redis.status !== 'ready') return undefined;
    try {
      const [all, own] = await this.redis.mget(`${this.prefix}all`, `${this.prefix}owner:${ownerId}`);
      return `${all ?? 0}.${own ?? 0}`;
    } catch {
      return undefined;
    }
  }

  /** The owner's data changed (or may have): nothing kept for them before now is served again. */
  async changed(ownerId: string) {
    this.local.set(ownerId, (this.local.get(ownerId) ?? 0) + 1);
    this.forgetOwner(ownerId);
    if (this.redis) await this.redis.incr(`${this.prefix}owner:${ownerId}`).catch(() => this.dropAll());
  }

  /** Shared data changed (the chart, the rates, the tax rules, a restore): nothing kept is served again. */
  async changedForAll() {
    this.localAll++;
    this.dropAll();
    if (this.redis) await this.redis.incr(`${this.prefix}all`).catch(() => undefined);
  }

  get(key: string, version: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.until <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    // Read again: it goes to the back of the line of what is dropped first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps the answer; what is returned is the kept one (or the answer itself when it is too large to keep). */
  set(key: string, version: string, answer: CachedAnswer): CachedAnswer {
    const size = answer.payload.length;
    if (size > MAX_ANSWER_BYTES) return answer;
    this.delete(key);
    while (this.bytes + size > this.maxBytes && this.entries.size) this.delete(this.entries.keys().next().value!);
    const entry: Entry = { ...answer, version, until: Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    this.bytes += size;
    return entry;
  }

  /**
   * Reads of one key under one version answered once: the first caller (`undefined` back) answers
   * and then calls `settle`; a caller arriving meanwhile gets the first one's answer (or `undefined`
   * when it could not be kept, and then answers by itself). Without this, the first moments after a
   * change send every concurrent reader of a page to the database with the same query, and a page
   * read by a hundred clients at once costs a hundred queries instead of one.
   */
  share(key: string, version: string): Promise<CachedAnswer | undefined> | undefined {
    // Per key *and* version: after a change, the first read of the new version answers for its own
    // waiters, while the one still answering for the old version lets its waiters go in its turn.
    const id = `${version}|${key}`;
    const running = this.inFlight.get(id);
    if (running) return running.answer;
    let settle!: (answer: CachedAnswer | undefined) => void;
    const answer = new Promise<CachedAnswer | undefined>((resolve) => (settle = resolve));
    // Should the first reader never be heard of again, its waiters are not held for ever.
    const timer = setTimeout(() => this.settle(key, version, undefined), SHARE_WAIT_MS).unref();
    this.inFlight.set(id, { answer, settle, timer });
    return undefined;
  }

  /** The first reader's answer is out (or will not be kept): the readers waiting on it go on. */
  settle(key: string, version: string, answer: CachedAnswer | undefined) {
    const id = `${version}|${key}`;
    const running = this.inFlight.get(id);
    if (!running) return;
    this.inFlight.delete(id);
    clearTimeout(running.timer);
    running.settle(answer);
  }

  /**
   * The kept answer compressed for a client that accepts `encoding`: compressed once, on the first
   * hit that asks, and kept with the answer, so a hit costs no compression at all.
   */
  compressed(key: string, answer: CachedAnswer, encoding: ContentEncoding, compress: (payload: Buffer) => Buffer): Buffer {
    const entry = answer as Entry;
    const kept = entry.compressed?.[encoding];
    if (kept) return kept;
    const bytes = compress(entry.payload);
    // Kept only while the answer is (it may have been dropped since it was read).
    if (this.entries.get(key) === entry) {
      (entry.compressed ??= {})[encoding] = bytes;
      this.bytes += bytes.length;
    }
    return bytes;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.payload.length + (entry.compressed?.br?.length ?? 0) + (entry.compressed?.gzip?.length ?? 0);
  }

  /** Keys start with the owner's id, so an owner's answers go without waiting to be found stale. */
  private forgetOwner(ownerId: string) {
    for (const key of this.entries.keys()) if (key.startsWith(`${ownerId}|`)) this.delete(key);
  }

  private dropAll() {
    this.entries.clear();
    this.bytes = 0;
  }

  clear() {
    this.dropAll();
  }
}
