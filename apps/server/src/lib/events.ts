import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * What an open tab is told: its panels changed, or one of its chats did (a message, a reading mark).
 * Small on purpose: the tab reads what changed through the calls, which check who may see it.
 */
export type LiveEvent = { type: 'panels' } | { type: 'chat'; chatId: string };

/** How long a process's word that a user has a tab open holds without being renewed (Redis). */
const PRESENCE_TTL_MS = 60_000;
const PRESENCE_RENEW_MS = 20_000;

/**
 * Tells a user's open tabs that something of theirs changed (a message arrived, a notification was
 * made). In one process an EventEmitter carries it; with REDIS_URL every process publishes to one
 * Redis channel and each delivers to the tabs connected to it, so a badge updates whichever server
 * the event happened on.
 *
 * It also knows whether a user has a tab open anywhere (`isOnline`): each process keeps, per user
 * with a tab on it, an entry in a Redis sorted set scored by when it lapses, renewed while the tab
 * stays; a process that dies stops renewing and its entries lapse.
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private subscriber: Redis | undefined;
  /** This process's name in the presence sets. */
  private readonly processId = randomUUID();
  private renewal: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // One listener per open tab: many tabs are normal, not a leak.
    this.local.setMaxListeners(0);
  }

  /**
   * Subscribes in the background: the server starts whether or not Redis answers (an outage must not
   * stop it), the subscription waits in the connection's queue, and ioredis subscribes again after
   * each reconnection.
   */
  start() {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, lazyConnect: false });
    this.subscriber.on('message', (_channel: string, raw: string) => this.deliver(raw));
    this.subscriber.on('error', (err) => this.log.warn({ err }, 'event channel'));
    this.subscriber.subscribe(this.channel).catch((err: unknown) => this.log.warn({ err }, 'event channel subscription failed'));
    this.renewal = setInterval(() => void this.renewPresence(), PRESENCE_RENEW_MS);
    this.renewal.unref();
  }

  /** Something of these users changed: their panels (the default), or one of their chats. */
  publish(userIds: string[], event: LiveEvent = { type: 'panels' }) {
    if (!userIds.length) return;
    const raw = JSON.stringify({ userIds, event });
    if (this.redis) void this.redis.publish(this.channel, raw).catch((err) => (this.log.warn({ err }, 'event publish failed'), this.deliver(raw)));
    else this.deliver(raw);
  }

  /** Calls `listener` for each event of this user until the returned function is called; the user counts as online meanwhile. */
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void {
    this.local.on(userId, listener);
    if (this.local.listenerCount(userId) === 1) void this.markPresent([userId]);
    return () => {
      this.local.off(userId, listener);
      if (this.local.listenerCount(userId) === 0) void this.markAway(userId);
    };
  }

  /** Whether the user has a tab open on any process. Redis away: this process's tabs only. */
  async isOnline(userId: string): Promise<boolean> {
    if (this.local.listenerCount(userId) > 0) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.zcount(this.presenceKey(userId), Date.now(), '+inf')) > 0;
    } catch (err) {
      this.log.warn({ err }, 'presence read failed');
      return false;
    }
  }

  async stop() {
    if (this.renewal) clearInterval(this.renewal);
    if (this.redis && this.redis.status === 'ready') {
      const users = this.local.eventNames().map(String);
      if (users.length)
        await this.redis
          .pipeline(users.map((u) => ['zrem', this.presenceKey(u), this.processId]))
          .exec()
          .catch(() => undefined);
    }
    // quit() would wait in the offline queue while Redis is away; then the socket is simply dropped.
    if (this.subscriber?.status === 'ready') await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
    else this.subscriber?.disconnect();
  }

  private presenceKey(userId: string) {
    return `${this.channel}:online:${userId}`;
  }

  private async markPresent(userIds: string[]) {
    if (!this.redis || !userIds.length) return;
    const until = Date.now() + PRESENCE_TTL_MS;
    const commands = userIds.flatMap((u) => [
      ['zadd', this.presenceKey(u), String(until), this.processId],
      ['pexpire', this.presenceKey(u), String(PRESENCE_TTL_MS)],
    ]);
    await this.redis
      .pipeline(commands)
      .exec()
      .catch((err: unknown) => this.log.warn({ err }, 'presence write failed'));
  }

  private async markAway(userId: string) {
    await this.redis?.zrem(this.presenceKey(userId), this.processId).catch((err: unknown) => this.log.warn({ err }, 'presence write failed'));
  }

  private renewPresence() {
    return this.markPresent(this.local.eventNames().map(String));
  }

  private deliver(raw: string) {
    try {
      const { userIds, event } = JSON.parse(raw) as { userIds: string[]; event: LiveEvent };
      for (const id of userIds) this.local.emit(id, event);
    } catch (err) {
      this.log.warn({ err }, 'unreadable event');
    }
  }
}
