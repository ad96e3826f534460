import { ErrorCode } from '@cuadre/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { AttemptCounter } from '../../lib/attempts.js';
import { AppError, rateLimited } from '../../lib/errors.js';
import { accountLanguage } from '../../lib/language.js';
import { newMailToken } from '../../lib/tokens.js';
import type { MailJob, MailQueue, NewMailJob } from '../mail/index.js';
import { UsersRepository } from '../users/index.js';
import { alreadyRegisteredMail, confirmEmailMail, mfaResetMail, resetPasswordMail } from './auth.mail.js';
import { AuthRepository, type MailTokenKind } from './auth.repository.js';

const CONFIRM_TTL_MS = 24 * 3600_000;
const RESET_TTL_MS = 3600_000;
/** Mails one address may ask for within the counter's window (resend, forgot, sign-up). */
const MAIL_REQUESTS_PER_WINDOW = 5;

export const invalidLink = () => new AppError(400, ErrorCode.TOKEN_INVALID, 'This link is invalid or has expired');

/**
 * The mails auth sends and the links in them: a request only queues the mail (the queue composes it
 * off the request path, issuing its link then, ADR 006), and an address may ask for only a few.
 */
export class AuthLinks {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly mailRequests: AttemptCounter,
    private readonly publicUrl: string,
  ) {
    mail.register('sign_up', (tx, job) => this.composeSignUp(tx, job));
    mail.register('confirm', (tx, job) => this.composeConfirmation(tx, job));
    mail.register('reset', (tx, job) => this.composeReset(tx, job));
    mail.register('mfa_reset', (tx, job) => this.composeMfaReset(tx, job));
  }

  private link(path: string, token?: string) {
    return `${this.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  /** Refuses the request (429) when the address asked for this kind of mail too often lately. */
  async limit(kind: string, email: string) {
    if ((await this.mailRequests.hit(`mail:${kind}:${email}`)) > MAIL_REQUESTS_PER_WINDOW) throw rateLimited();
  }

  /** Writes a mail request and wakes the queue; the request never waits for the mail itself. */
  async request(job: NewMailJob) {
    await this.mail.enqueue(this.db, job);
    this.mail.kick();
  }

  /** Queues a mail inside `tx`; call `wake` once it has committed. */
  async enqueue(tx: Tx, job: NewMailJob) {
    await this.mail.enqueue(tx, job);
  }
  wake() {
    this.mail.kick();
  }

  /** An administrator's "send reset". */
  async sendResetMail(user: { id: string }) {
    await this.request({ kind: 'reset', userId: user.id });
  }

  /** The reset mail of an account an administrator creates without a password, in that transaction; `wake` after it commits. */
  async queueResetMail(tx: Tx, userId: string) {
    await this.enqueue(tx, { kind: 'reset', userId });
  }

  /** Tells a user an administrator turned their two-step sign-in off, in that transaction; `wake` after it commits. */
  async queueMfaResetMail(tx: Tx, userId: string) {
    await this.enqueue(tx, { kind: 'mfa_reset', userId });
  }

  /** Ends every pending reset and confirmation link of a user (an administrator disabled the account). */
  async endPendingLinks(tx: Tx, userId: string) {
    await new AuthRepository(tx).expireTokens(userId);
  }

  private async issueMailToken(tx: Tx, userId: string, kind: MailTokenKind, ttlMs: number) {
    const repo = new AuthRepository(tx);
    await repo.expireTokens(userId, kind);
    const { token, hash } = newMailToken();
    await repo.insertToken({ userId, kind, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
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

  private async composeMfaReset(tx: Tx, job: MailJob) {
    const user = job.userId ? await new UsersRepository(tx).byId(job.userId) : undefined;
    if (!user) return undefined;
    return mfaResetMail(accountLanguage(user), user.email, user.name, this.link('/sign-in'));
  }
}
