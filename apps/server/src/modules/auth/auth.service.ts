import {
  ErrorCode,
  type Language,
  type SignInAnswer,
  type SignInBody,
  type SignInMfaBody,
  type SignInResponse,
  type SignUpBody,
  type UnlockSessionBody,
} from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import type { AttemptCounter, GuessThrottle } from '../../lib/attempts.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { SessionCache } from '../../lib/session-cache.js';
import { SecretBox } from '../../lib/secret-box.js';
import { hashMailToken, type AccessTokens } from '../../lib/tokens.js';
import type { MailQueue } from '../mail/index.js';
import { trialEnd, UsersRepository, type UserRow } from '../users/index.js';
import { AuthLinks, invalidLink } from './auth-links.js';
import { AuthRepository } from './auth.repository.js';
import { PasswordGuesses } from './guesses.js';
import { Mfa, mfaRequired } from './mfa.js';
import { Passwords, refuseCommon } from './passwords.js';
import { Sessions, type Authenticated, type ClientMeta } from './sessions.js';

export type { Authenticated, ClientMeta } from './sessions.js';

const disabled = () => new AppError(403, ErrorCode.ACCOUNT_DISABLED, 'This account is disabled; contact the administrator');

/**
 * The way into an account: signing up, confirming the address, signing in, asking for the mails
 * again. Its parts are the core's for the other areas: `sessions` (every guard resolves a token
 * there), `passwords` (a confirmation before deleting an account) and `links` (an administrator's
 * reset mail).
 */
export class AuthService {
  readonly sessions: Sessions;
  readonly passwords: Passwords;
  readonly links: AuthLinks;
  /** Two-step sign-in: its set-up, and the code asked for at sign-in and before sensitive changes. */
  readonly mfa: Mfa;
  private readonly guesses: PasswordGuesses;
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    tokens: AccessTokens,
    mail: MailQueue,
    mailRequests: AttemptCounter,
    guesses: GuessThrottle,
    /**
     * `trialDays`: the paid plan's trial a sign-up starts with (0: none); `jwtSecret` and `mfaKey`:
     * the keys of the second step's tokens and of the stored TOTP secrets; `requireAdminMfa`:
     * administrators without two-step sign-in set it up before they get a session.
     */
    private readonly opts: { publicUrl: string; trialDays: number; jwtSecret: string; mfaKey: string; requireAdminMfa: boolean },
    sessionCache: SessionCache<Authenticated> = new SessionCache(),
  ) {
    this.users = new UsersRepository(db);
    this.sessions = new Sessions(db, tokens, sessionCache);
    this.links = new AuthLinks(db, mail, mailRequests, opts.publicUrl);
    this.guesses = new PasswordGuesses(this.users, guesses);
    this.mfa = new Mfa(db, new SecretBox(opts.mfaKey), this.guesses, opts.jwtSecret);
    this.passwords = new Passwords(db, this.guesses, this.links, this.mfa);
  }

  /**
   * Creates the account and asks for the confirmation mail. An address that already has an account
   * gets a mail saying so instead. Both paths do the same work (a hash, one insert that may find
   * the address taken, one mail request), so neither the answer nor its timing tells whether an
   * account exists.
   */
  async signUp(body: SignUpBody): Promise<true> {
    refuseCommon(body.password, body.email, 'password');
    await this.links.limit('sign-up', body.email);
    // Looked up before the hash, as a double submit's twin does: it finds nothing, then loses the insert.
    const existed = await this.users.byEmail(body.email);
    const passwordHash = await hashPassword(body.password);
    await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      const user = await users.insertIfNew({
        name: body.name,
        email: body.email,
        company: body.company || null,
        passwordHash,
        agreementsAt: new Date(),
        preferences: { ...(body.language ? { language: body.language } : {}), ...(body.timeZone ? { timeZone: body.timeZone } : {}) },
        trialEndsAt: trialEnd(this.opts.trialDays),
      });
      // Neither made nor found: a double submit whose twin request made the account and asks for its confirmation.
      if (!user && !existed) return;
      await this.links.enqueue(tx, { kind: 'sign_up', email: body.email, userId: user?.id ?? null, created: !!user });
    });
    this.links.wake();
    return true;
  }

  /**
   * Confirms the address the mailed link reached and signs its owner in, as a sign-in does: the link
   * proves the mailbox, so the person who just signed up lands in the app instead of on a form to
   * fill again. A disabled account is confirmed but not signed in.
   */
  async confirmEmail(token: string, meta: ClientMeta): Promise<SignInResponse> {
    const now = new Date();
    const { user, session } = await withTransaction(this.db, async (tx) => {
      const userId = await new AuthRepository(tx).consumeToken('confirm_email', hashMailToken(token));
      if (!userId) throw invalidLink();
      const users = new UsersRepository(tx);
      const confirmed = await users.update(userId, { emailConfirmedAt: now });
      if (!confirmed || confirmed.status !== 'active') return { user: confirmed, session: undefined };
      return { user: confirmed, session: await this.sessions.open(users, confirmed, now, meta) };
    });
    if (!user || !session) throw disabled();
    return this.sessions.respond(user, session, now);
  }

  async resendConfirmation(email: string): Promise<true> {
    await this.links.limit('confirm', email);
    await this.links.request({ kind: 'confirm', email });
    return true;
  }

  /**
   * Checks the password in the same work whether or not the account exists; guesses on one
   * account are throttled with growing delays, even against the right password. With two-step
   * sign-in on, no session yet: `{ mfaRequired, mfaToken }`, and `signInMfa` takes the code; an
   * administrator without it where it is required gets `{ mfaSetupRequired, mfaToken }`.
   */
  async signIn(body: SignInBody, meta: ClientMeta): Promise<SignInAnswer> {
    const user = await this.checkPassword(body.email, body.password, meta);
    if (user.mfaEnabledAt) return { mfaRequired: true, mfaToken: await this.mfa.token(user, 'sign-in', body.language) };
    if (this.mustSetUpMfa(user)) return { mfaSetupRequired: true, mfaToken: await this.mfa.token(user, 'setup', body.language) };
    return this.openSession(user, body.language, meta, false);
  }

  /** Unlocking a locked session: the password, and with two-step sign-in on the code in the same request. */
  async unlock(body: UnlockSessionBody, meta: ClientMeta): Promise<SignInResponse> {
    const user = await this.checkPassword(body.email, body.password, meta);
    if (user.mfaEnabledAt) {
      if (!body.code) throw mfaRequired();
      await this.mfa.check(user, { code: body.code }, meta);
      return this.openSession(user, body.language, meta, true);
    }
    if (this.mustSetUpMfa(user)) throw new AppError(403, ErrorCode.MFA_REQUIRED, 'Sign in again to set up two-step sign-in');
    return this.openSession(user, body.language, meta, false);
  }

  /** The second step: the token of the first, and a code of the app or a recovery code. */
  async signInMfa(body: SignInMfaBody, meta: ClientMeta): Promise<SignInResponse> {
    const { user, language } = await this.mfa.readToken(body.mfaToken, 'sign-in');
    await this.mfa.check(user, 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode }, meta);
    return this.openSession(user, language, meta, true);
  }

  /** An administrator's required set-up at sign-in: a new secret, as `POST /api/auth/mfa/setup` answers. */
  async setUpMfaAtSignIn(mfaToken: string) {
    const { user } = await this.mfa.readToken(mfaToken, 'setup');
    return this.mfa.setup(user);
  }

  /** The end of the required set-up: it is on, the session opens, and the recovery codes are shown once. */
  async enableMfaAtSignIn(mfaToken: string, code: string, meta: ClientMeta) {
    const { user, language } = await this.mfa.readToken(mfaToken, 'setup');
    const recoveryCodes = await this.mfa.enable(user, code, meta);
    const fresh = (await this.users.byId(user.id)) ?? user;
    return { ...(await this.openSession(fresh, language, meta, true)), recoveryCodes };
  }

  private mustSetUpMfa(user: UserRow) {
    return this.opts.requireAdminMfa && user.role === 'admin' && !user.mfaEnabledAt;
  }

  /** The account whose password this is, active and confirmed; a guess on it either way (ADR 005). */
  private async checkPassword(email: string, password: string, meta: ClientMeta): Promise<UserRow> {
    const bucket = await this.guesses.reserve(email, meta.ip);
    const user = await this.users.byEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Wrong email or password');
    await this.guesses.release(email, bucket);
    if (user.status !== 'active') throw disabled();
    if (!user.emailConfirmedAt) throw new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, 'Confirm your email address before signing in');
    return user;
  }

  private async openSession(user: UserRow, language: Language | undefined, meta: ClientMeta, mfa: boolean): Promise<SignInResponse> {
    const now = new Date();
    let signedIn = user;
    const session = await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      const created = await this.sessions.open(users, user, now, meta, mfa);
      // The language the person signed in with becomes the account's (and its mails').
      if (language && user.preferences.language !== language) {
        signedIn = (await users.update(user.id, { preferences: { ...user.preferences, language } })) ?? user;
      }
      return created;
    });
    return this.sessions.respond(signedIn, session, now);
  }

  /** Always true, and the same work for any address, so the answer never tells whether it has an account. */
  async forgotPassword(email: string): Promise<true> {
    await this.links.limit('reset', email);
    await this.links.request({ kind: 'reset', email });
    return true;
  }
}
