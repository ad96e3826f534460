import { ErrorCode, type Language, type SignInResponse } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { SessionCache } from '../../lib/session-cache.js';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_TTL_SECONDS, type AccessTokens } from '../../lib/tokens.js';
import { toUser, UsersRepository, type SessionRow, type UserRow } from '../users/index.js';

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

const TOUCH_EVERY_MS = 60_000;

/**
 * The sessions: one opened at each sign-in, a bearer token resolved to its live session (through a
 * short-lived cache, ADR 004 and ADR 007), renewed, listed and ended.
 */
export class Sessions {
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Db,
    private readonly tokens: AccessTokens,
    /** Sessions resolved a moment ago (see lib/session-cache.ts for why this stays correct). */
    private readonly cache: SessionCache<Authenticated> = new SessionCache(),
  ) {
    this.users = new UsersRepository(db);
  }

  /** A new session of `user`, signed in at `now` from the client in `meta`; `mfa`: the sign-in passed the second step. */
  async open(users: UsersRepository, user: UserRow, now: Date, meta: ClientMeta, mfa = false): Promise<SessionRow> {
    const created = await users.createSession({
      userId: user.id,
      signedInAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      mfa,
    });
    await users.touchSession(created.id, user.id, now);
    return created;
  }

  /** `issuedAt`: the moment the session's end was counted from, so a token's life is exactly the session's. */
  async respond(user: UserRow, session: SessionRow, issuedAt: Date): Promise<SignInResponse> {
    return {
      user: toUser(user),
      accessToken: await this.tokens.sign({ sub: user.id, sid: session.id }, session.expiresAt, issuedAt),
      tokenType: 'bearer',
    };
  }

  /**
   * The request's bearer token, resolved to a live session of an active user, or 401 "Invalid token".
   * `touch: false`: a check that is no sign of the user's activity (the live channel's), so the
   * session's last-seen time stays as it was.
   */
  async authenticate(accessToken: string, { touch = true } = {}): Promise<Authenticated> {
    // Keyed by the token itself: a token seen a moment ago was verified then, and its session's
    // expiry (which is the token's) is checked below on every call.
    let row = this.cache.get(accessToken);
    if (!row) {
      const claims = await this.tokens.verify(accessToken);
      if (!claims) throw unauthorized();
      const mark = this.cache.mark();
      row = await this.users.sessionWithUser(claims.sid);
      if (!row || row.user.id !== claims.sub) throw unauthorized();
      this.cache.set(accessToken, row.user.id, row, mark);
    }
    if (row.session.revokedAt || Math.floor(row.session.expiresAt.getTime() / 1000) * 1000 <= Date.now() || row.user.status !== 'active') {
      throw unauthorized();
    }
    const now = new Date();
    if (touch && now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.users.touchSession(row.session.id, row.user.id, now);
      this.cache.update(accessToken, (r) => ({ ...r, session: { ...r.session, lastSeenAt: now } }));
    }
    return row;
  }

  /**
   * Calls `watcher` after any change of a user's row or sessions, made in this process or another
   * (lib/session-cache.ts), with the user's id, or `undefined` when changes may have been missed.
   */
  watch(watcher: (userId: string | undefined) => void): () => void {
    return this.cache.watch(watcher);
  }

  /**
   * A fresh token for a new session that replaces the caller's: the old token stops working, and
   * the new one lasts seven days, but never past 30 days from the sign-in with a password.
   */
  async renew(accessToken: string, meta: ClientMeta): Promise<SignInResponse> {
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
        mfa: session.mfa,
      });
    });
    return this.respond(user, next, new Date(now));
  }

  async signOut(auth: Authenticated): Promise<true> {
    await this.users.revokeSession(auth.user.id, auth.session.id);
    return true;
  }

  async list(auth: Authenticated) {
    const rows = await this.users.listSessions(auth.user.id);
    return rows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
      current: s.id === auth.session.id,
      mfa: s.mfa,
    }));
  }

  async end(auth: Authenticated, sessionId: string): Promise<true> {
    if (!(await this.users.revokeSession(auth.user.id, sessionId))) throw new AppError(404, ErrorCode.NOT_FOUND, 'Session not found');
    return true;
  }
}
