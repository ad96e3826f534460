import { ErrorCode, type SignInResponse, type SignUpBody } from '@cuadre/contracts';
import type { AttemptCounter } from '../../lib/attempts.js';
import { AppError, rateLimited, unauthorized, validation } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens, hashMailToken, newMailToken } from '../../lib/tokens.js';
import { toUser } from '../users/users.mapper.js';
import type { SessionRow, UserRow, UsersRepository } from '../users/users.repository.js';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from './auth.mail.js';
import type { AuthRepository, MailTokenKind } from './auth.repository.js';

export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
}

const CONFIRM_TTL_MS = 24 * 3600_000;
const RESET_TTL_MS = 3600_000;
/** Mails one address may ask for within the counter's window (resend, forgot, sign-up). */
const MAIL_REQUESTS_PER_WINDOW = 5;
const TOUCH_EVERY_MS = 60_000;

const invalidLink = () => new AppError(400, ErrorCode.TOKEN_INVALID, 'This link is invalid or has expired');
const commonPassword = (field: string) =>
  validation('Choose a less common password', [{ path: field, message: 'This password is too common; choose another' }]);

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly repo: AuthRepository,
    private readonly tokens: AccessTokens,
    private readonly mailer: Mailer,
    private readonly failures: AttemptCounter,
    private readonly opts: { publicUrl: string; accountFailures: number },
  ) {}

  private link(path: string, token?: string) {
    return `${this.opts.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  private async limitMailRequests(kind: string, email: string) {
    if ((await this.failures.hit(`mail:${kind}:${email}`)) > MAIL_REQUESTS_PER_WINDOW) throw rateLimited();
  }

  private async issueMailToken(userId: string, kind: MailTokenKind, ttlMs: number) {
    await this.repo.expireTokens(userId, kind);
    const { token, hash } = newMailToken();
    await this.repo.insertToken({ userId, kind, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /**
   * Creates the account and mails the confirmation link. An address that already has an account
   * gets a mail saying so instead, and the caller sees the same answer: sign-up never reveals
   * whether an account exists.
   */
  async signUp(body: SignUpBody): Promise<true> {
    if (isCommonPassword(body.password, body.email)) throw commonPassword('password');
    await this.limitMailRequests('sign-up', body.email);
    const existing = await this.users.byEmail(body.email);
    if (existing) {
      await this.mailer.send(alreadyRegisteredMail(existing.email, existing.name, this.link('/sign-in')));
      return true;
    }
    const user = await this.users.insertIfNew({
      name: body.name,
      email: body.email,
      company: body.company || null,
      passwordHash: await hashPassword(body.password),
      agreementsAt: new Date(),
    });
    // Taken since the check above: a double submit, whose first request sends the confirmation.
    if (!user) return true;
    const token = await this.issueMailToken(user.id, 'confirm_email', CONFIRM_TTL_MS);
    await this.mailer.send(confirmEmailMail(user.email, user.name, this.link('/confirm-email', token)));
    return true;
  }

  async confirmEmail(token: string): Promise<true> {
    const userId = await this.repo.consumeToken('confirm_email', hashMailToken(token));
    if (!userId) throw invalidLink();
    await this.users.update(userId, { emailConfirmedAt: new Date() });
    return true;
  }

  async resendConfirmation(email: string): Promise<true> {
    await this.limitMailRequests('confirm', email);
    const user = await this.users.byEmail(email);
    if (user && !user.emailConfirmedAt && user.status === 'active') {
      const token = await this.issueMailToken(user.id, 'confirm_email', CONFIRM_TTL_MS);
      await this.mailer.send(confirmEmailMail(user.email, user.name, this.link('/confirm-email', token)));
    }
    return true;
  }

  /**
   * Checks the password in constant work whether or not the account exists; repeated failures on
   * one account lock it for the counter's window, even against the right password.
   */
  async signIn(email: string, password: string, meta: ClientMeta): Promise<SignInResponse> {
    const key = `sign-in:${email}`;
    if ((await this.failures.count(key)) >= this.opts.accountFailures) throw rateLimited('Too many failed attempts on this account; try again in 15 minutes');
    const user = await this.users.byEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await this.failures.hit(key);
      throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'Wrong email or password');
    }
    await this.failures.reset(key);
    if (user.status !== 'active') throw new AppError(403, ErrorCode.ACCOUNT_DISABLED, 'This account is disabled; contact the administrator');
    if (!user.emailConfirmedAt) throw new AppError(403, ErrorCode.EMAIL_NOT_CONFIRMED, 'Confirm your email address before signing in');
    const session = await this.users.createSession({
      userId: user.id,
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    await this.users.touchSession(session.id, user.id, new Date());
    return this.respond(user, session.id);
  }

  private async respond(user: UserRow, sessionId: string): Promise<SignInResponse> {
    return { user: toUser(user), accessToken: await this.tokens.sign({ sub: user.id, sid: sessionId }), tokenType: 'bearer' };
  }

  /** The request's bearer token, resolved to a live session of an active user, or 401 "Invalid token". */
  async authenticate(accessToken: string): Promise<Authenticated> {
    const claims = await this.tokens.verify(accessToken);
    if (!claims) throw unauthorized();
    const row = await this.users.sessionWithUser(claims.sid);
    if (!row || row.user.id !== claims.sub || row.session.revokedAt || row.session.expiresAt <= new Date() || row.user.status !== 'active') {
      throw unauthorized();
    }
    const now = new Date();
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await this.users.touchSession(row.session.id, row.user.id, now);
    return row;
  }

  /** A fresh token for the same session, valid seven days from now. */
  async signInWithToken(accessToken: string): Promise<SignInResponse> {
    const { user, session } = await this.authenticate(accessToken);
    await this.users.extendSession(session.id, new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000));
    return this.respond(user, session.id);
  }

  async signOut(auth: Authenticated): Promise<true> {
    await this.users.revokeSession(auth.user.id, auth.session.id);
    return true;
  }

  /** Always true, so the answer never tells whether the address has an account. */
  async forgotPassword(email: string): Promise<true> {
    await this.limitMailRequests('reset', email);
    const user = await this.users.byEmail(email);
    if (user && user.status === 'active') await this.sendResetMail(user);
    return true;
  }

  async sendResetMail(user: UserRow) {
    const token = await this.issueMailToken(user.id, 'reset_password', RESET_TTL_MS);
    await this.mailer.send(resetPasswordMail(user.email, user.name, this.link('/reset-password', token)));
  }

  /** Sets the new password, ends every session of the user, and confirms the address the link reached. */
  async resetPassword(token: string, password: string): Promise<true> {
    const tokenHash = hashMailToken(token);
    // The password is judged before the link is spent, so a refused one leaves the link usable.
    const pendingUserId = await this.repo.liveTokenUser('reset_password', tokenHash);
    const user = pendingUserId ? await this.users.byId(pendingUserId) : undefined;
    if (!user) throw invalidLink();
    await this.limitMailRequests('reset-attempt', user.email);
    if (isCommonPassword(password, user.email)) throw commonPassword('password');
    const userId = await this.repo.consumeToken('reset_password', tokenHash);
    if (!userId || userId !== user.id) throw invalidLink();
    await this.users.update(userId, {
      passwordHash: await hashPassword(password),
      emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
    });
    await this.repo.expireTokens(userId, 'reset_password');
    await this.users.revokeAllSessions(userId);
    await this.failures.reset(`sign-in:${user.email}`);
    return true;
  }

  /** Keeps the current session and ends every other one. */
  async changePassword(auth: Authenticated, currentPassword: string, newPassword: string): Promise<true> {
    if (!(await verifyPassword(auth.user.passwordHash, currentPassword))) {
      throw validation('The current password is wrong', [{ path: 'currentPassword', message: 'The current password is wrong' }]);
    }
    if (isCommonPassword(newPassword, auth.user.email)) throw commonPassword('newPassword');
    await this.users.update(auth.user.id, { passwordHash: await hashPassword(newPassword) });
    await this.users.revokeAllSessions(auth.user.id, auth.session.id);
    return true;
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
