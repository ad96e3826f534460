import { createHash, hkdfSync, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { ErrorCode, type Language, type MfaSetup } from '@cuadre/contracts';
import { withTransaction, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import { mfaRecoveryCodes, users as usersTable } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { UsersRepository, type UserRow } from '../users/index.js';
import type { PasswordGuesses } from './guesses.js';
import type { ClientMeta } from './sessions.js';

const ISSUER = 'Cuadre';
const PERIOD_SECONDS = 30;
/** Steps accepted either side of the server's: a phone's clock a little off still works. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** How long the second step's token lives: time to open the app and type six digits. */
const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** What a second-step token is good for: the code after the password, or the set-up an administrator must do. */
export type MfaPurpose = 'sign-in' | 'setup';

export const mfaRequired = () =>
  new AppError(403, ErrorCode.MFA_REQUIRED, 'Two-step sign-in is on: enter the code from your authenticator app', [
    { path: 'code', message: 'Enter the six-digit code' },
  ]);
const mfaInvalid = (path = 'code') =>
  new AppError(400, ErrorCode.MFA_INVALID, 'The code is wrong or was used already', [{ path, message: 'The code is wrong or was used already' }]);
const tokenInvalid = () =>
  new AppError(400, ErrorCode.MFA_INVALID, 'This sign-in has expired; sign in again', [{ path: 'mfaToken', message: 'Sign in again' }]);

const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Two-step sign-in (TOTP, RFC 6238) through the `otpauth` library: set up, turned on with a first
 * code, checked at sign-in and before sensitive changes, turned off. A code is good within one step
 * either side of the server's clock, once: the last accepted step is kept per user and only a later
 * one passes, in one conditional update so two requests with the same code cannot both pass. Wrong
 * codes are throttled like passwords (ADR 005), in a bucket of their own.
 */
export class Mfa {
  private readonly tokenKey: Uint8Array;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly guesses: PasswordGuesses,
    jwtSecret: string,
  ) {
    // A key of its own, derived from the JWT's: a second-step token never verifies as an access token.
    this.tokenKey = new Uint8Array(hkdfSync('sha256', jwtSecret, 'cuadre', 'mfa-token v1', 32));
  }

  private totp(user: Pick<UserRow, 'email'>, base32: string) {
    return new TOTP({ issuer: ISSUER, label: user.email, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
  }

  /** A new secret, pending until `enable` gets a code of it; each call replaces the pending one. */
  async setup(user: UserRow): Promise<MfaSetup> {
    if (user.mfaEnabledAt) throw conflict('Two-step sign-in is already on; turn it off first');
    const secret = new Secret({ size: 20 }).base32;
    await new UsersRepository(this.db).update(user.id, { mfaPendingSecret: this.box.seal(secret) });
    const otpauthUrl = this.totp(user, secret).toString();
    // Loaded at the first set-up, not at start (with its PNG encoder, some 60 modules).
    const { default: QRCode } = await import('qrcode');
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrSvg };
  }

  /** Turns it on with a code of the pending secret; answers the ten recovery codes, shown this once. */
  async enable(user: UserRow, code: string, meta: ClientMeta): Promise<string[]> {
    if (user.mfaEnabledAt) throw conflict('Two-step sign-in is already on');
    const pending = user.mfaPendingSecret ? this.box.open(user.mfaPendingSecret) : undefined;
    if (!pending) throw conflict('Set up two-step sign-in first', [{ path: 'code', message: 'Scan a new QR code first' }]);
    const step = await this.guarded(user, meta, async () => this.matchingStep(user, pending, code));
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await withTransaction(this.db, async (tx) => {
      const [row] = await tx
        .update(usersTable)
        .set({ mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaEnabledAt: new Date(), mfaLastStep: step, updatedAt: new Date() })
        .where(and(eq(usersTable.id, user.id), isNull(usersTable.mfaEnabledAt), eq(usersTable.mfaPendingSecret, user.mfaPendingSecret!)))
        .returning({ id: usersTable.id });
      if (!row) throw conflict('Two-step sign-in changed meanwhile; set it up again');
      await this.replaceRecoveryCodes(tx, user.id, codes);
      // Through the repository too, so the session cache forgets the user.
      await new UsersRepository(tx).update(user.id, {});
    });
    return codes;
  }

  /** Turns it off (the caller checked the password and a code): the secret and the recovery codes are gone. */
  async disable(user: UserRow): Promise<void> {
    if (!user.mfaEnabledAt) throw conflict('Two-step sign-in is off');
    await withTransaction(this.db, (tx) => this.clear(tx, user.id));
  }

  /** Clears every trace of it from the account, in the caller's transaction (turned off, or an administrator's reset). */
  async clear(tx: Tx, userId: string) {
    await new UsersRepository(tx).update(userId, { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null });
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  }

  /**
   * Before a sensitive change: nothing when it is off; 403 MFA_REQUIRED without a code; 400
   * MFA_INVALID with a wrong or used one (a guess counted).
   */
  async requireCode(user: UserRow, code: string | undefined, meta: ClientMeta): Promise<void> {
    if (!user.mfaEnabledAt) return;
    if (!code) throw mfaRequired();
    await this.check(user, { code }, meta);
  }

  /** Checks a code or a recovery code of a user with it on, spending it; 400 MFA_INVALID otherwise. */
  async check(user: UserRow, answer: { code?: string; recoveryCode?: string }, meta: ClientMeta): Promise<void> {
    await this.guarded(user, meta, async () => {
      if (answer.recoveryCode !== undefined) {
        const used = await this.db
          .update(mfaRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(eq(mfaRecoveryCodes.userId, user.id), eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(answer.recoveryCode)), isNull(mfaRecoveryCodes.usedAt)),
          )
          .returning({ id: mfaRecoveryCodes.id });
        if (used.length === 0) throw mfaInvalid('recoveryCode');
        return;
      }
      const secret = user.mfaSecret ? this.box.open(user.mfaSecret) : undefined;
      if (!secret || !answer.code) throw mfaInvalid();
      const step = this.matchingStep(user, secret, answer.code);
      const [spent] = await this.db
        .update(usersTable)
        .set({ mfaLastStep: step })
        .where(and(eq(usersTable.id, user.id), or(isNull(usersTable.mfaLastStep), lt(usersTable.mfaLastStep, step))))
        .returning({ id: usersTable.id });
      if (!spent) throw mfaInvalid();
    });
  }

  /** The recovery codes not used yet. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /** The step a code belongs to (the server's, or one either side), or 400 MFA_INVALID. */
  private matchingStep(user: UserRow, base32: string, code: string): number {
    const totp = this.totp(user, base32);
    const now = Date.now();
    const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
    if (delta === null) throw mfaInvalid();
    return totp.counter({ timestamp: now }) + delta;
  }

  /** Runs a check as a guess on the account's code bucket: reserved first, emptied when it passes. */
  private async guarded<T>(user: UserRow, meta: ClientMeta, run: () => Promise<T>): Promise<T> {
    const bucket = await this.guesses.reserve(user.email, meta.ip, 'mfa');
    const result = await run();
    await this.guesses.release(user.email, bucket, 'mfa');
    return result;
  }

  private async replaceRecoveryCodes(tx: DbOrTx, userId: string, codes: string[]) {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  }

  /** The second step's token: five minutes, for `purpose` only, never an access token (a key of its own). */
  token(user: UserRow, purpose: MfaPurpose, language?: Language): Promise<string> {
    return new SignJWT(language ? { lang: language } : {})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(`cuadre:mfa:${purpose}`)
      .setIssuedAt()
      .setExpirationTime(`${MFA_TOKEN_TTL_SECONDS}s`)
      .sign(this.tokenKey);
  }

  /** The user a second-step token names, still able to sign in; 400 MFA_INVALID otherwise. */
  async readToken(token: string, purpose: MfaPurpose): Promise<{ user: UserRow; language?: Language }> {
    let sub: unknown;
    let lang: unknown;
    try {
      const { payload } = await jwtVerify(token, this.tokenKey, { algorithms: ['HS256'], audience: `cuadre:mfa:${purpose}` });
      sub = payload.sub;
      lang = payload.lang;
    } catch {
      throw tokenInvalid();
    }
    if (typeof sub !== 'string' || !/^[0-9a-f-]{36}$/.test(sub)) throw tokenInvalid();
    const user = await new UsersRepository(this.db).byId(sub);
    if (!user || user.status !== 'active' || !user.emailConfirmedAt) throw tokenInvalid();
    if (purpose === 'sign-in' && !user.mfaEnabledAt) throw tokenInvalid();
    return { user, language: lang === 'en' || lang === 'es' || lang === 'tr' ? lang : undefined };
  }
}
