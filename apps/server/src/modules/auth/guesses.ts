import type { GuessThrottle } from '../../lib/attempts.js';
import { rateLimited } from '../../lib/errors.js';
import type { UsersRepository } from '../users/index.js';

/** The guess bucket of addresses an account has never signed in from (ADR 005). */
const UNKNOWN_ADDRESSES = '*';

/** Two-step sign-in's codes are guessed in buckets of their own, apart from the password's. */
const keyOf = (email: string, kind?: 'mfa') => (kind ? `${kind}:${email}` : email);

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Password guesses (and two-step sign-in's code guesses, `kind` 'mfa') on one account (a sign-in, a password change, a confirmation before deleting the
 * account), throttled with growing delays, even against the right password; addresses the account
 * has signed in from before have a bucket of their own, so a stranger's guesses do not lock the
 * owner out (ADR 005).
 */
export class PasswordGuesses {
  constructor(
    private readonly users: UsersRepository,
    private readonly throttle: GuessThrottle,
  ) {}

  /**
   * Reserves a guess on the account before any password is checked, so a burst of concurrent
   * guesses cannot get more checked than the throttle allows; the bucket it returns is released
   * when the password was right.
   */
  async reserve(email: string, ip: string | null | undefined, kind?: 'mfa') {
    const bucket = ip && (await this.users.hasSignedInFrom(email, ip)) ? ip : UNKNOWN_ADDRESSES;
    const reserved = await this.throttle.reserve(keyOf(email, kind), bucket);
    if (!reserved.ok) {
      const wait = minutes(reserved.retryAfterMs);
      throw rateLimited(
        `Too many failed attempts on this account; try again in ${wait} minute${wait === 1 ? '' : 's'}`,
        Math.ceil(reserved.retryAfterMs / 1000),
      );
    }
    return bucket;
  }

  async release(email: string, bucket: string, kind?: 'mfa') {
    await this.throttle.release(keyOf(email, kind), bucket);
  }

  /** Forgets every guess on the account (its password was just reset). */
  async reset(email: string) {
    await this.throttle.reset(email);
    await this.throttle.reset(keyOf(email, 'mfa'));
  }
}
