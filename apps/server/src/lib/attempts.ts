import type { Redis } from 'ioredis';

/**
 * Counts events per key within a fixed window (failed sign-ins on one account, mails asked for one
 * address). In memory for one process; in Redis when configured, so every process shares the count.
 */
export interface AttemptCounter {
  count(key: string): Promise<number>;
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryAttemptCounter implements AttemptCounter {
  private readonly hits = new Map<string, { n: number; until: number }>();
  constructor(private readonly windowMs: number) {}

  private live(key: string) {
    const h = this.hits.get(key);
    if (h && h.until <= Date.now()) {
      this.hits.delete(key);
      return undefined;
    }
    return h;
  }
  async count(key: string) {
    return this.live(key)?.n ?? 0;
  }
  async hit(key: string) {
    const h = this.live(key) ?? { n: 0, until: Date.now() + this.windowMs };
    h.n += 1;
    this.hits.set(key, h);
    if (this.hits.size > 50_000) this.sweep();
    return h.n;
  }
  async reset(key: string) {
    this.hits.delete(key);
  }
  private sweep() {
    const now = Date.now();
    for (const [k, v] of this.hits) if (v.until <= now) this.hits.delete(k);
  }
}

export class RedisAttemptCounter implements AttemptCounter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix: string,
  ) {}
  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }
  async hit(key: string) {
    const k = this.prefix + key;
    const [[, n]] = (await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec()) as [[unknown, number]];
    return n;
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
