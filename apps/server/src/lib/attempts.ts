import type { Redis } from 'ioredis';

/**
 * Counts events per key within a fixed window (mails asked for one address, reset attempts). In
 * memory for one process; in Redis when configured, so every process shares the count.
 */
export interface AttemptCounter {
  count(key: string): Promise<number>;
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Password guesses on one account, throttled with growing delays (ADR 005). The first `free`
 * guesses of a bucket go through; after that each guess waits `baseDelayMs`, doubling per guess up
 * to `maxDelayMs`. A guess is reserved before the password is checked, atomically, so however many
 * arrive at once, no more are checked than the policy allows. One account has several buckets: one
 * for addresses it has never signed in from, and one per address it has, so an attacker elsewhere
 * cannot keep the owner out. Resetting the account clears every bucket.
 */
export interface GuessThrottle {
  reserve(account: string, bucket: string): Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;
  /** A right password: that bucket starts afresh; the others keep their count. */
  release(account: string, bucket: string): Promise<void>;
  /** A password reset: every bucket of the account starts afresh. */
  reset(account: string): Promise<void>;
}

export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a bucket is remembered after its last guess. */
  memoryMs: number;
}

/** The delay a bucket gets after its `n`-th reserved guess. */
export function delayAfter(n: number, p: ThrottlePolicy): number {
  if (n < p.free) return 0;
  return Math.min(p.baseDelayMs * 2 ** Math.min(n - p.free, 30), p.maxDelayMs);
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

interface Bucket {
  n: number;
  nextAt: number;
}

export class MemoryGuessThrottle implements GuessThrottle {
  private readonly accounts = new Map<string, { buckets: Map<string, Bucket>; forgetAt: number }>();
  constructor(private readonly policy: ThrottlePolicy) {}

  // Synchronous from read to write: one process's event loop makes the reservation atomic.
  async reserve(account: string, bucket: string) {
    const now = Date.now();
    let entry = this.accounts.get(account);
    if (!entry || entry.forgetAt <= now) {
      entry = { buckets: new Map(), forgetAt: 0 };
      this.accounts.set(account, entry);
    }
    const b = entry.buckets.get(bucket) ?? { n: 0, nextAt: 0 };
    if (now < b.nextAt) return { ok: false as const, retryAfterMs: b.nextAt - now };
    b.n += 1;
    const delay = delayAfter(b.n, this.policy);
    b.nextAt = now + delay;
    entry.buckets.set(bucket, b);
    entry.forgetAt = Math.max(entry.forgetAt, now + Math.max(this.policy.memoryMs, delay));
    if (this.accounts.size > 50_000) this.sweep(now);
    return { ok: true as const };
  }
  async release(account: string, bucket: string) {
    this.accounts.get(account)?.buckets.delete(bucket);
  }
  async reset(account: string) {
    this.accounts.delete(account);
  }
  private sweep(now: number) {
    for (const [k, v] of this.accounts) if (v.forgetAt <= now) this.accounts.delete(k);
  }
}

/**
 * One hash per account, a pair of fields per bucket; the script runs atomically in Redis, with
 * Redis's clock, so every process sees the same buckets and the same time.
 */
const RESERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nField, nextField = 'n:' .. ARGV[1], 'next:' .. ARGV[1]
local free, base, maxd, memory = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local n = tonumber(redis.call('HGET', KEYS[1], nField) or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], nextField) or '0')
if now < nextAt then return nextAt - now end
n = n + 1
local delay = 0
if n >= free then delay = math.min(base * 2 ^ math.min(n - free, 30), maxd) end
redis.call('HSET', KEYS[1], nField, n, nextField, now + delay)
local keep = math.max(memory, delay)
if redis.call('PTTL', KEYS[1]) < keep then redis.call('PEXPIRE', KEYS[1], keep) end
return 0
`;

export class RedisGuessThrottle implements GuessThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly policy: ThrottlePolicy,
    private readonly prefix: string,
  ) {
    redis.defineCommand('cuadreReserveGuess', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
  }
  async reserve(account: string, bucket: string) {
    const p = this.policy;
    const wait = Number(
      await (this.redis as unknown as { cuadreReserveGuess(...a: (string | number)[]): Promise<number> }).cuadreReserveGuess(
        this.prefix + account,
        bucket,
        p.free,
        p.baseDelayMs,
        p.maxDelayMs,
        p.memoryMs,
      ),
    );
    return wait > 0 ? { ok: false as const, retryAfterMs: wait } : { ok: true as const };
  }
  async release(account: string, bucket: string) {
    await this.redis.hdel(this.prefix + account, `n:${bucket}`, `next:${bucket}`);
  }
  async reset(account: string) {
    await this.redis.del(this.prefix + account);
  }
}
