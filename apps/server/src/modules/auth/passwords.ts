import { withTransaction, type Db } from '../../db/client.js';
import { validation } from '../../lib/errors.js';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.js';
import { hashMailToken } from '../../lib/tokens.js';
import { UsersRepository } from '../users/index.js';
import { invalidLink, type AuthLinks } from './auth-links.js';
import { AuthRepository } from './auth.repository.js';
import type { PasswordGuesses } from './guesses.js';
import { mfaRequired, type Mfa } from './mfa.js';
import type { Authenticated, ClientMeta } from './sessions.js';

/** Refuses a password from the list of the most common ones (or one made of the address), naming `field`. */
export function refuseCommon(password: string, email: string, field: string) {
  if (isCommonPassword(password, email))
    throw validation('Choose a less common password', [{ path: field, message: 'This password is too common; choose another' }]);
}

/** A password reset by a mailed link, changed by its owner, or confirmed before something that cannot be undone. */
export class Passwords {
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    private readonly guesses: PasswordGuesses,
    private readonly links: AuthLinks,
    private readonly mfa: Mfa,
  ) {
    this.users = new UsersRepository(db);
  }

  /** Sets the new password, ends every session and pending link of the user, and confirms the address the link reached. */
  async reset(token: string, password: string): Promise<true> {
    const tokenHash = hashMailToken(token);
    // The password is judged before the link is spent, so a refused one leaves the link usable.
    const pendingUserId = await new AuthRepository(this.db).liveTokenUser('reset_password', tokenHash);
    const user = pendingUserId ? await this.users.byId(pendingUserId) : undefined;
    if (!user) throw invalidLink();
    await this.links.limit('reset-attempt', user.email);
    refuseCommon(password, user.email, 'password');
    const passwordHash = await hashPassword(password);
    await withTransaction(this.db, async (tx) => {
      const repo = new AuthRepository(tx);
      const users = new UsersRepository(tx);
      const userId = await repo.consumeToken('reset_password', tokenHash);
      if (!userId || userId !== user.id) throw invalidLink();
      await users.update(userId, { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? new Date() });
      await repo.expireTokens(userId);
      await users.revokeAllSessions(userId);
    });
    await this.guesses.reset(user.email);
    return true;
  }

  /**
   * Keeps the current session and ends every other one and every pending link. A wrong current
   * password counts as a guess on the account, like a failed sign-in. With two-step sign-in on,
   * `code` is asked for too (403 MFA_REQUIRED without it, before anything is checked).
   */
  async change(auth: Authenticated, currentPassword: string, newPassword: string, meta: ClientMeta, code?: string): Promise<true> {
    if (auth.user.mfaEnabledAt && !code) throw mfaRequired();
    const bucket = await this.guesses.reserve(auth.user.email, meta.ip);
    if (!(await verifyPassword(auth.user.passwordHash, currentPassword))) {
      throw validation('The current password is wrong', [{ path: 'currentPassword', message: 'The current password is wrong' }]);
    }
    await this.guesses.release(auth.user.email, bucket);
    refuseCommon(newPassword, auth.user.email, 'newPassword');
    await this.mfa.requireCode(auth.user, code, meta);
    const passwordHash = await hashPassword(newPassword);
    await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      await users.update(auth.user.id, { passwordHash });
      await users.revokeAllSessions(auth.user.id, auth.session.id);
      await new AuthRepository(tx).expireTokens(auth.user.id);
    });
    return true;
  }

  /**
   * Checks the signed-in user's password before something that cannot be undone (deleting the
   * account, turning two-step sign-in off); a wrong one counts as a guess on the account, like a
   * failed sign-in. With two-step sign-in on, `code` too (403 MFA_REQUIRED without it).
   */
  async confirm(auth: Authenticated, password: string, meta: ClientMeta, field = 'password', code?: string): Promise<void> {
    if (auth.user.mfaEnabledAt && !code) throw mfaRequired();
    const bucket = await this.guesses.reserve(auth.user.email, meta.ip);
    if (!(await verifyPassword(auth.user.passwordHash, password))) {
      throw validation('The password is wrong', [{ path: field, message: 'The password is wrong' }]);
    }
    await this.guesses.release(auth.user.email, bucket);
    await this.mfa.requireCode(auth.user, code, meta);
  }
}
