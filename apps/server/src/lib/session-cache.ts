import type { Redis } from 'ioredis';

/**
 * A short-lived, in-process cache of resolved sessions (access token → the session and its user), so
 * a guarded call does not pay a database round trip for a token it saw a moment ago.
 *
 * Correctness rests on three rules:
 *  - Every write to a user or a session announces it (`userChanged`, called by UsersRepository after
 *    its transaction commits), and the announcement drops that user's entries at once: a sign-out,
 *    a password change, a disable, a role or plan change or a profile edit is seen by the next call.
 *  - A lookup that started before an announcement is not stored afterwards (a generation per user),
 *    so a read racing a commit cannot put the old row back.
 *  - Across processes the announcement travels on a Redis channel; while that channel is not
 *    subscribed (Redis away, or reconnecting), announcements from other processes could be missed,
 *    so the cache serves nothing and every call reads the database. It is emptied when the channel
 *    comes back.
 */
export interface CachedSession<T> {
  value: T;
  userId: string;
}

interface Entry<T> extends CachedSession<T> {
  until: number;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** Every cache of this process: a change announced anywhere in the process reaches each of them. */
const caches = new Set<SessionCache<unknown>>();

/** A user's row or one of their sessions changed: forget what was cached about them, here and in other processes. */
export function userChanged(userId: string) {
  for (const cache of caches) cache.announce(userId);
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly generations = new Map<string, number>();
  private generation = 0;
  /** False while a Redis channel is configured but not subscribed. */
  private live = true;
  private subscriber?: Redis;
  private publisher?: Redis;
  private readonly channel: string;
  /** Told of each change, from this process or another (the live channel closes ended sessions' sockets). */
  private readonly watchers = new Set<(userId: string | undefined) => void>();

  constructor(opts: { redis?: Redis; prefix?: string; ttlMs?: number } = {}) {
    this.ttlMs = opts.ttlMs ?? TTL_MS;
    this.channel = `${opts.prefix ?? ''}session-changes`;
    if (opts.redis) this.connect(opts.redis);
    caches.add(this);
  }

  private readonly ttlMs: number;

  private connect(redis: Redis) {
    this.live = false;
    this.publisher = redis;
    // A subscribed connection can do nothing else, so the channel has its own.
    const sub = redis.duplicate({ enableOfflineQueue: true });
    this.subscriber = sub;
    sub.on('message', (_channel: string, userId: string) => this.forget(userId));
    sub.on('ready', () => {
      sub
        .subscribe(this.channel)
        .then(() => {
          this.entries.clear();
          this.live = true;
          // Announcements sent while the channel was down were missed: anyone may have changed.
          this.tell(undefined);
        })
        .catch(() => (this.live = false));
    });
    const down = () => {
      this.live = false;
      this.entries.clear();
    };
    sub.on('close', down);
    sub.on('end', down);
    sub.on('error', down);
  }

  /** The cached value for a session, if fresh and the cache may serve. */
  get(key: string): T | undefined {
    if (!this.live || this.ttlMs === 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** A mark to take before reading the database; `set` stores the read only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  set(key: string, userId: string, value: T, mark: number) {
    if (!this.live || this.ttlMs === 0) return;
    if ((this.generations.get(userId) ?? -1) > mark) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, userId, until: Date.now() + this.ttlMs });
  }

  /** Updates a cached value in place (a session's last-seen time), without extending its life. */
  update(key: string, fn: (value: T) => T) {
    const entry = this.entries.get(key);
    if (entry) entry.value = fn(entry.value);
  }

  /** A change made in this process: forget it here, and tell the other processes. */
  announce(userId: string) {
    this.forget(userId);
    this.publisher?.publish(this.channel, userId).catch(() => {
      // Redis away: the subscriber is down too, so no process serves from its cache until it is back.
    });
  }

  private forget(userId: string) {
    this.generations.set(userId, ++this.generation);
    if (this.generations.size > MAX_ENTRIES) this.generations.delete(this.generations.keys().next().value!);
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
    this.tell(userId);
  }

  /**
   * Calls `watcher` with the user's id after each change of a user or their sessions announced here
   * or by another process (after the entries are dropped, so a read then sees the database), and with
   * `undefined` when changes may have been missed (the channel came back). Returns how to stop.
   */
  watch(watcher: (userId: string | undefined) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private tell(userId: string | undefined) {
    for (const watcher of this.watchers) watcher(userId);
  }

  /** Whether the cache serves now (false while its invalidation channel is down). */
  get serving() {
    return this.live;
  }

  async close() {
    caches.delete(this);
    this.entries.clear();
    this.watchers.clear();
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }
}
