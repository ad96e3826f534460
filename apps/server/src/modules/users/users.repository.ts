import { and, eq, sql } from 'drizzle-orm';
import { afterCommit, queryRows, type DbOrTx } from '../../db/client.js';
import { ownedBy } from '../../db/owned.js';
import { userChanged } from '../../lib/session-cache.js';
import { chatMembers, mails, sessions, userAvatars, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

const prepareLookup = (db: DbOrTx) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_with_user');
const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareLookup>>();

/** SQL on users, sessions and avatars, shared by auth, the signed-in user's own calls and admin. */
export class UsersRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }
  async byEmail(email: string) {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  /** Undefined when the email is already taken, including by a request that raced this one. */
  async insertIfNew(values: NewUserRow) {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
    return row;
  }
  async update(id: string, values: Partial<NewUserRow>) {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    afterCommit(this.db, () => userChanged(id));
    return row;
  }
  /** Removes an account and, by cascade, every record it owns and its sessions. */
  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    afterCommit(this.db, () => userChanged(id));
    return rows.length > 0;
  }

  /**
   * The ids of the active administrators, locked until the transaction ends, so two requests that
   * each demote or disable one of the last two cannot both see another one left.
   */
  async lockActiveAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .for('update');
    return rows.map((r) => r.id);
  }

  /** The active administrators, with their preferences (the language to tell them in). */
  async activeAdmins() {
    return this.db
      .select({ id: users.id, preferences: users.preferences })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  }

  /**
   * Whether the account with this email has ever signed in from this address. One query whether or
   * not the account exists, so its cost tells nothing about which it is.
   */
  async hasSignedInFrom(email: string, ip: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql`1` })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(users.email, email.toLowerCase()), eq(sessions.ip, ip)))
      .limit(1);
    return rows.length > 0;
  }

  async createSession(values: { userId: string; expiresAt: Date; signedInAt?: Date; userAgent?: string | null; ip?: string | null; mfa?: boolean }) {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }
  /**
   * The session and its user in one round trip: this runs on every authenticated request that the
   * session cache cannot answer, as a statement prepared once per database.
   */
  async sessionWithUser(sessionId: string) {
    let prepared = sessionLookups.get(this.db);
    if (!prepared) sessionLookups.set(this.db, (prepared = prepareLookup(this.db)));
    const [row] = await prepared.execute({ sessionId });
    return row;
  }
  /** Two rows, one transaction (a savepoint inside a caller's). */
  async touchSession(sessionId: string, userId: string, at: Date) {
    await this.db.transaction(async (tx) => {
      await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
      await tx.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
    });
  }
  async listSessions(userId: string) {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`, sql`${sessions.expiresAt} > now()`))
      .orderBy(sql`${sessions.lastSeenAt} desc`);
  }
  /** Ends one session of the user; false when it is not theirs or already ended. */
  async revokeSession(userId: string, sessionId: string) {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`))
      .returning({ id: sessions.id });
    if (rows.length > 0) afterCommit(this.db, () => userChanged(userId));
    return rows.length > 0;
  }
  /** Ends every session of the user, except `keep` when given. */
  async revokeAllSessions(userId: string, keep?: string) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`, keep ? sql`${sessions.id} <> ${keep}` : undefined));
    afterCommit(this.db, () => userChanged(userId));
  }

  /** The image and the user's avatar version, in one transaction. */
  async setAvatar(userId: string, mime: string, data: Buffer) {
    const row = await this.db.transaction(async (tx) => {
      await tx
        .insert(userAvatars)
        .values({ userId, mime, data })
        .onConflictDoUpdate({ target: userAvatars.userId, set: { mime, data, updatedAt: new Date() } });
      const [row] = await tx
        .update(users)
        .set({ avatarVersion: sql`coalesce(${users.avatarVersion}, 0) + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return row!;
    });
    afterCommit(this.db, () => userChanged(userId));
    return row;
  }
  async avatar(userId: string) {
    const [row] = await this.db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
    return row;
  }

  /**
   * Whether one user can see another (their avatar, docs/product.md "Pictures"): themself, an
   * administrator on either side (owners write to the administrators, who see every account), a chat
   * between them, or a mail from the other in the viewer's mailbox.
   */
  async canSee(viewerId: string, targetId: string): Promise<boolean> {
    // The viewer's own chats and mails, through their scope.
    const own = ownedBy(this.db, viewerId);
    const [row] = await queryRows<{ ok: boolean }>(
      this.db,
      own.sql`select (
        exists (select 1 from users v join users t on t.id = ${targetId}
                where v.id = ${viewerId} and (v.id = t.id or v.role = 'admin' or t.role = 'admin'))
        or exists (select 1 from ${chatMembers} c where c.peer_id = ${targetId})
        or exists (select 1 from ${mails} m where m.from_user_id = ${targetId})
      ) as ok`,
    );
    return row?.ok === true;
  }
  /** The image and the user's avatar version, in one transaction. */
  async removeAvatar(userId: string) {
    const row = await this.db.transaction(async (tx) => {
      await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
      const [row] = await tx.update(users).set({ avatarVersion: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      return row!;
    });
    afterCommit(this.db, () => userChanged(userId));
    return row;
  }
}
