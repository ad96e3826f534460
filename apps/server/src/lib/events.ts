import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Tells a user's open tabs that something of theirs changed (a message arrived, a notification was
 * made). In one process an EventEmitter carries it; with REDIS_URL every process publishes to one
 * Redis channel and each delivers to the tabs connected to it, so a badge updates whichever server
 * the event happened on.
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private subscriber: Redis | undefined;

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
  }

  /** Something of these users changed. */
  publish(userIds: string[], type: 'panels' | 'mail' = 'panels') {
    if (!userIds.length) return;
    const raw = JSON.stringify({ userIds, type });
    if (this.redis) void this.redis.publish(this.channel, raw).catch((err) => (this.log.warn({ err }, 'event publish failed'), this.deliver(raw)));
    else this.deliver(raw);
  }

  /** Calls `listener` for each event of this user until the returned function is called. */
  subscribe(userId: string, listener: (type: string) => void): () => void {
    this.local.on(userId, listener);
    return () => this.local.off(userId, listener);
  }

  async stop() {
    // quit() would wait in the offline queue while Redis is away; then the socket is simply dropped.
    if (this.subscriber?.status === 'ready') await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
    else this.subscriber?.disconnect();
  }

  private deliver(raw: string) {
    try {
      const { userIds, type } = JSON.parse(raw) as { userIds: string[]; type: string };
      for (const id of userIds) this.local.emit(id, type);
    } catch (err) {
      this.log.warn({ err }, 'unreadable event');
    }
  }
}
