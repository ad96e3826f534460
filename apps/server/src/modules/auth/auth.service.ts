import { ErrorCode, type Language, type SignInBody, type SignInResponse, type SignUpBody } from '@cuadre/contracts';
import { withTransaction, type Db, type Tx } from '../../db/client.js';
import type { AttemptCounter, GuessThrottle } from '../../lib/attempts.js';
import { AppError, rateLimited, unauthorized, validation } from '../../lib/errors.js';
import { SessionCache } from '../../lib/session-cache.js';
import type { MailJob, MailQueue } from '../mail/index.js';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.js';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_TTL_SECONDS, type AccessTokens, hashMailToken, newMailToken } from '../../lib/tokens.js';
import { toUser, trialEnd, UsersRepository, type SessionRow, type UserRow } from '../users/index.js';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from './auth.mail.js';
import { accountLanguage } from '../../lib/language.js';
import { AuthRepository, type MailTokenKind } from './auth.repository.js';

export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** The language the request's client shows (lib/language.ts), when it named one. */
  language?: Language;
}

const CONFIRM_TTL_MS = 24 * 3600_000;
const RESET_TTL_MS = 3600_000;
/** Mails one address may ask for within the counter's window (resend, forgot, sign-up). */
const MAIL_REQUESTS_PER_WINDOW = 5;
const TOUCH_EVERY_MS = 60_000;
/** The guess bucket of addresses an account has never signed in from (ADR 005). */
const UNKNOWN_ADDRESSES = '*';

const invalidLink = () => new AppError(400, ErrorCode.TOKEN_INVALID, 'This link is invalid or has expired');
const commonPassword = (field: string) =>
  validation('Choose a less common password', [{ path: field, message: 'This password is too common; choose another' }]);
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export class AuthService {
  private readonly users: UsersRepository;
  private readonly repo: AuthRepository;

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    private readonly mail: MailQueue,
    private readonly mailRequests: AttemptCounter,
    private readonly guesses: GuessThrottle,
    /** `trialDays`: the paid plan's trial a sign-up starts with (0: none). */
    private readonly opts: { publicUrl: string; trialDays: number },
    /** Sessions resolved a moment ago (see lib/session-cache.ts for why this stays correct). */
    private readonly sessionCache: SessionCache<Authenticated> = new SessionCache(),
  ) {
    this.users = new UsersRepository(db);
    this.repo = new AuthRepository(db);
    mail.register('sign_up', (tx, job) => this.composeSignUp(tx, job));
    mail.register('confirm', (tx, job) => this.composeConfirmation(tx, job));
    mail.register('reset', (tx, job) => this.composeReset(tx, job));
  }

  private link(path: string, token?: string) {
    return `${this.opts.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  private async limitMailRequests(kind: string, email: string) {
    if ((await this.mailRequests.hit(`mail:${kind}:${email}`)) > MAIL_REQUESTS_PER_WINDOW) throw rateLimited();
  }

  private async issueMailToken(tx: Tx, userId: string, kind: MailTokenKind, ttlMs: number) {
    const repo = new AuthRepository(tx);
    await repo.expireTokens(userId, kind);
    const { token, hash } = newMailToken();
    await repo.insertToken({ userId, kind, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** Writes a mail request and wakes the queue; the request never waits for the mail itself. */
  private async requestMail(job: Parameters<MailQueue['enqueue']>[1]) {
    await this.mail.enqueue(this.db, job);
    this.mail.kick();
  }

  /**
   * Creates the account and asks for the confirmation mail. An address that already has an account
   * gets a mail saying so instead. Both paths do the same work (a hash, one insert that may find
   * the address taken, one mail request), so neither the answer nor its timing tells whether an
   * account exists.
   */
  async signUp(body: SignUpBody): Promise<true> {
    if (isCommonPassword(body.password, body.email)) throw commonPassword('password');
    await this.limitMailRequests('sign-up', body.email);
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
        preferences: body.language ? { language: body.language } : {},
        trialEndsAt: trialEnd(this.opts.trialDays),
      });
      // Neither made nor found: a double submit whose twin request made the account and asks for its confirmation.
      if (!user && !existed) return;
      await this.mail.enqueue(tx, { kind: 'sign_up', email: body.email, userId: user?.id ?? null, created: !!user });
    });
    this.mail.kick();
    return true;
  }

  private async composeSignUp(tx: Tx, job: MailJob) {
    const users = new UsersRepository(tx);
    if (!job.created) {
      const existing = job.email ? await users.byEmail(job.email) : undefined;
      return existing ? alreadyRegisteredMail(accountLanguage(existing), existing.email, existing.name, this.link('/sign-in')) : undefined;
    }
    const user = job.userId ? await users.byId(job.userId) : undefined;
    if (!user || user.emailConfirmedAt || user.status !== 'active') return undefined;
    const token = await this.issueMailToken(tx, user.id, 'confirm_email', CONFIRM_TTL_MS);
    return confirmEmailMail(accountLanguage(user), user.email, user.name, this.link('/confirm-email', token));
  }

  private async composeConfirmation(tx: Tx, job: MailJob) {
    const user = job.email ? await new UsersRepository(tx).byEmail(job.email) : undefined;
    if (!user || user.emailConfirmedAt || user.status !== 'active') return undefined;
    const token = await this.issueMailToken(tx, user.id, 'confirm_email', CONFIRM_TTL_MS);
    return confirmEmailMail(accountLanguage(user), user.email, user.name, this.link('/confirm-email', token));
  }

  private async composeReset(tx: Tx, job: MailJob) {
    const users = new UsersRepository(tx);
    const user = job.userId ? await users.byId(job.userId) : job.email ? await users.byEmail(job.email) : undefined;
    if (!user || user.status !== 'active') return undefined;
    const token = await this.issueMailToken(tx, user.id, 'reset_password', RESET_TTL_MS);
    return resetPasswordMail(accountLanguage(user), user.email, user.name, this.link('/reset-password', token));
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
      return { user: confirmed, session: await this.openSession(users, confirmed, now, meta) };
    });
    if (!user || !session) throw new AppError(403, ErrorCode.ACCOUNT_DISABLED, 'This account is disabled; contact the administrator');
    return this.respond(user, session, now);
  }

  async resendConfirmation(email: string): Promise<true> {
    await this.limitMailRequests('confirm', email);
    await this.requestMail({ kind: 'confirm', email });
    return true;
  }

  /**
   * Reserves a password guess on the account before any password is checked, so a burst of
   * concurrent guesses cannot get more checked than the throttle allows (ADR 005).
   */
  private async reserveGuess(email: string, ip: string | null | undefined) {
    const bucket = ip && (await this.users.hasSignedInFrom(email, ip)) ? ip : UNKNOWN_ADDRESSES;
    const reserved = await this.guesses.reserve(email, bucket);
    if (!reserved.ok) {
      const wait = minutes(reserved.retryAfterMs);
      throw rateLimited(
        `Too many failed attempts on this account; try again in ${wait} minute${wait === 1 ? '' : 's'}`,
        Math.ceil(reserved.retryAfterMs / 1000),
      );
    }
    return bucket;
  }

  /**
   * Checks the password in the same work whether or not the account exists; guesses on one
   * account are throttled with growing delays, even against the right password.
   */
  async signIn({ email, password, language }: SignInBody, meta: ClientMeta): Promise<SignInResponse> {
    const bucket = await this.reserveGuess(email, meta.ip);
    const user = await this.users.byEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Wrong email or password');
    await this.guesses.release(email, bucket);
    if (user.status !== 'active') throw new AppError(403, ErrorCode.ACCOUNT_DISABLED, 'This account is disabled; contact the administrator');
    if (!user.emailConfirmedAt) throw new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, 'Confirm your email address before signing in');
    const now = new Date();
    let signedIn = user;
    const session = await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      const created = await this.openSession(users, user, now, meta);
      // The language the person signed in with becomes the account's (and its mails').
      if (language && user.preferences.language !== language) {
        signedIn = (await users.update(user.id, { preferences: { ...user.preferences, language } })) ?? user;
      }
      return created;
    });
    return this.respond(signedIn, session, now);
  }

  /** A new session of `user`, signed in at `now` from the client in `meta`. */
  private async openSession(users: UsersRepository, user: UserRow, now: Date, meta: ClientMeta): Promise<SessionRow> {
    const created = await users.createSession({
      userId: user.id,
      signedInAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    await users.touchSession(created.id, user.id, now);
    return created;
  }

  /** `issuedAt`: the moment the session's end was counted from, so a token's life is exactly the session's. */
  private async respond(user: UserRow, session: SessionRow, issuedAt: Date): Promise<SignInResponse> {
    return {
      user: toUser(user),
      accessToken: await this.tokens.sign({ sub: user.id, sid: session.id }, session.expiresAt, issuedAt),
      tokenType: 'bearer',
    };
  }

  /** The request's bearer token, resolved to a live session of an active user, or 401 "Invalid token". */
  async authenticate(accessToken: string): Promise<Authenticated> {
    // Keyed by the token itself: a token seen a moment ago was verified then, and its session's
    // expiry (which is the token's) is checked below on every call.
    let row = this.sessionCache.get(accessToken);
    if (!row) {
      const claims = await this.tokens.verify(accessToken);
      if (!claims) throw unauthorized();
      const mark = this.sessionCache.mark();
      row = await this.users.sessionWithUser(claims.sid);
      if (!row || row.user.id !== claims.sub) throw unauthorized();
      this.sessionCache.set(accessToken, row.user.id, row, mark);
    }
    if (row.session.revokedAt || Math.floor(row.session.expiresAt.getTime() / 1000) * 1000 <= Date.now() || row.user.status !== 'active') {
      throw unauthorized();
    }
    const now = new Date();
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.users.touchSession(row.session.id, row.user.id, now);
      this.sessionCache.update(accessToken, (r) => ({ ...r, session: { ...r.session, lastSeenAt: now } }));
    }
    return row;
  }

  /**
   * A fresh token for a new session that replaces the caller's: the old token stops working, and
   * the new one lasts seven days, but never past 30 days from the sign-in with a password.
   */
  async signInWithToken(accessToken: string, meta: ClientMeta): Promise<SignInResponse> {
    const { user, session } = await this.authenticate(accessToken);
    const now = Date.now();
    const absoluteEnd = session.signedInAt.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000;
    if (absoluteEnd - now < 60_000) throw unauthorized('This session has ended; sign in again');
    const next = await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      if (!(await users.revokeSession(user.id, session.id))) throw unauthorized();
      return users.createSession({
        userId: user.id,
        signedInAt: session.signedInAt,
        expiresAt: new Date(Math.min(now + ACCESS_TOKEN_TTL_SECONDS * 1000, absoluteEnd)),
        userAgent: meta.userAgent?.slice(0, 300) ?? session.userAgent,
        ip: meta.ip ?? session.ip,
      });
    });
    return this.respond(user, next, new Date(now));
  }

  async signOut(auth: Authenticated): Promise<true> {
    await this.users.revokeSession(auth.user.id, auth.session.id);
    return true;
  }

  /** Always true, and the same work for any address, so the answer never tells whether it has an account. */
  async forgotPassword(email: string): Promise<true> {
    await this.limitMailRequests('reset', email);
    await this.requestMail({ kind: 'reset', email });
    return true;
  }

  /** An administrator's "send reset". */
  async sendResetMail(user: UserRow) {
    await this.requestMail({ kind: 'reset', userId: user.id });
  }

  /** The reset mail of an account an administrator creates without a password, in that transaction; wake the queue after it commits. */
  async queueResetMail(tx: Tx, userId: string) {
    await this.mail.enqueue(tx, { kind: 'reset', userId });
  }
  wakeMailQueue() {
    this.mail.kick();
  }

  /** Sets the new password, ends every session and pending link of the user, and confirms the address the link reached. */
  async resetPassword(token: string, password: string): Promise<true> {
    const tokenHash = hashMailToken(token);
    // The password is judged before the link is spent, so a refused one leaves the link usable.
    const pendingUserId = await this.repo.liveTokenUser('reset_password', tokenHash);
    const user = pendingUserId ? await this.users.byId(pendingUserId) : undefined;
    if (!user) throw invalidLink();
    await this.limitMailRequests('reset-attempt', user.email);
    if (isCommonPassword(password, user.email)) throw commonPassword('password');
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
   * password counts as a guess on the account, like a failed sign-in.
   */
  async changePassword(auth: Authenticated, currentPassword: string, newPassword: string, meta: ClientMeta): Promise<true> {
    const bucket = await this.reserveGuess(auth.user.email, meta.ip);
    if (!(await verifyPassword(auth.user.passwordHash, currentPassword))) {
      throw validation('The current password is wrong', [{ path: 'currentPassword', message: 'The current password is wrong' }]);
    }
    await this.guesses.release(auth.user.email, bucket);
    if (isCommonPassword(newPassword, auth.user.email)) throw commonPassword('newPassword');
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
   * account); a wrong one counts as a guess on the account, like a failed sign-in.
   */
  async confirmPassword(auth: Authenticated, password: string, meta: ClientMeta, field = 'password'): Promise<void> {
    const bucket = await this.reserveGuess(auth.user.email, meta.ip);
    if (!(await verifyPassword(auth.user.passwordHash, password))) {
      throw validation('The password is wrong', [{ path: field, message: 'The password is wrong' }]);
    }
    await this.guesses.release(auth.user.email, bucket);
  }

  /** Ends every pending reset and confirmation link of a user (an administrator disabled the account). */
  async endPendingLinks(tx: Tx, userId: string) {
    await new AuthRepository(tx).expireTokens(userId);
  }

  async listSessions(auth: Authenticated) {
    const rows = await this.users.listSessions(auth.user.id);
    return rows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
      current: s.id === auth.session.id,
    }));
  }

  async endSession(auth: Authenticated, sessionId: string): Promise<true> {
    if (!(await this.users.revokeSession(auth.user.id, sessionId))) throw new AppError(404, ErrorCode.NOT_FOUND, 'Session not found');
    return true;
  }
}
