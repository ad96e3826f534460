import { FREE_PLAN } from '@cuadre/contracts';
import type { UserRow } from './users.repository.js';

const DAY_MS = 86_400_000;

/**
 * Whether the account's trial of the paid plan runs at `now`. The trial is the free plan's: once a
 * plan is activated it no longer matters, and once its end has passed the free plan's rule applies.
 */
export function onTrial(user: Pick<UserRow, 'plan' | 'trialEndsAt'>, now = new Date()): boolean {
  return user.plan === FREE_PLAN && user.trialEndsAt !== null && user.trialEndsAt.getTime() > now.getTime();
}

/** Whether the user may keep books now: an administrator, an owner on a paid plan, or one whose trial runs. */
export function keepsBooks(user: Pick<UserRow, 'role' | 'plan' | 'trialEndsAt'>, now = new Date()): boolean {
  return user.role === 'admin' || user.plan !== FREE_PLAN || onTrial(user, now);
}

/** The end of a trial of `days` days that starts at `from`; null when trials are off. */
export function trialEnd(days: number, from = new Date()): Date | null {
  return days > 0 ? new Date(from.getTime() + days * DAY_MS) : null;
}
