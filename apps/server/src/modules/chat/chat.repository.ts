import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnerScope } from '../../db/owned.js';
import { chatMembers, chatMessages, chats, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type Person = Pick<UserRow, 'id' | 'name' | 'email' | 'company' | 'role' | 'avatarVersion' | 'preferences' | 'status'>;

const person = {
  id: users.id,
  name: users.name,
  email: users.email,
  company: users.company,
  role: users.role,
  avatarVersion: users.avatarVersion,
  preferences: users.preferences,
  status: users.status,
};
const memberFields = {
  chatId: chatMembers.chatId,
  unreadCount: chatMembers.unreadCount,
  muted: chatMembers.muted,
  lastMessage: chats.lastMessage,
  lastMessageAt: chats.lastMessageAt,
  createdAt: chats.createdAt,
  peer: person,
};
export type MemberRow = {
  chatId: string;
  unreadCount: number;
  muted: boolean;
  lastMessage: string | null;
  lastMessageAt: Date | null;
  createdAt: Date;
  peer: Person;
};

/**
 * One user's chats. Each participant reaches a chat through their own `chat_members` row (owned, so
 * through the owner scope); the chat and its messages, which belong to both, are read only by id
 * once that row was found.
 */
export class ChatRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    readonly userId: string,
  ) {
    this.s = ownedBy(db, userId);
  }

  /** The user's chats, the latest conversation first. */
  list(): Promise<MemberRow[]> {
    return this.s
      .selectFields(chatMembers, memberFields)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .innerJoin(users, eq(users.id, chatMembers.peerId))
      .orderBy(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt}) desc`, desc(chats.id));
  }

  async get(chatId: string): Promise<MemberRow | undefined> {
    const [row] = await this.s
      .selectFields(chatMembers, memberFields)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .innerJoin(users, eq(users.id, chatMembers.peerId))
      .where(eq(chatMembers.chatId, chatId));
    return row;
  }

  /** The chat with this person, if there is one. */
  async withPeer(peerId: string): Promise<string | undefined> {
    const [row] = await this.s.selectFields(chatMembers, { chatId: chatMembers.chatId }).where(eq(chatMembers.peerId, peerId));
    return row?.chatId;
  }

  /** Locks the user's side of a chat for the length of the transaction (messages of one chat counted one after another). */
  async lock(chatId: string) {
    const [row] = await this.s.selectFrom(chatMembers).where(eq(chatMembers.chatId, chatId)).for('update');
    return row;
  }

  /** The chat's messages, newest `limit` (older than `before` when given), answered oldest first. Call only for a chat of the user. */
  async messages(chatId: string, limit: number, before?: Date): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), before ? lt(chatMessages.createdAt, before) : undefined))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit);
    return rows.reverse();
  }

  /** The user's side of the chat with `peerId`: made the first time (with the peer's side), the same chat afterwards. */
  async open(peerId: string): Promise<string> {
    const [low, high] = this.userId < peerId ? [this.userId, peerId] : [peerId, this.userId];
    await this.db.insert(chats).values({ userLow: low, userHigh: high }).onConflictDoNothing();
    const [chat] = await this.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userLow, low), eq(chats.userHigh, high)));
    const chatId = chat!.id;
    await this.s.insertInto(chatMembers, { chatId, peerId }).onConflictDoNothing();
    await ownedBy(this.db, peerId).insertInto(chatMembers, { chatId, peerId: this.userId }).onConflictDoNothing();
    return chatId;
  }

  /** Writes a message from the user and makes it the chat's last. */
  async addMessage(chatId: string, value: string, at?: Date): Promise<MessageRow> {
    const [row] = await this.db
      .insert(chatMessages)
      .values({ chatId, senderId: this.userId, value, ...(at ? { createdAt: at } : {}) })
      .returning();
    await this.db.update(chats).set({ lastMessage: value, lastMessageAt: row!.createdAt }).where(eq(chats.id, chatId));
    return row!;
  }

  /** Counts one more unread message on the peer's side; answers the peer's count now and whether they muted the chat. */
  async countForPeer(chatId: string, peerId: string): Promise<{ unreadCount: number; muted: boolean }> {
    const [row] = await ownedBy(this.db, peerId)
      .updateSet(chatMembers, { unreadCount: sql`${chatMembers.unreadCount} + 1` })
      .where(eq(chatMembers.chatId, chatId))
      .returning({ unreadCount: chatMembers.unreadCount, muted: chatMembers.muted });
    return row!;
  }

  /** The user's changes to their side: muted, and the reading mark. */
  async update(chatId: string, set: { muted?: boolean; read?: boolean }) {
    const values: { muted?: boolean; unreadCount?: number; lastReadAt?: Date } = {};
    if (set.muted !== undefined) values.muted = set.muted;
    if (set.read) Object.assign(values, { unreadCount: 0, lastReadAt: new Date() });
    if (!Object.keys(values).length) return;
    await this.s.updateSet(chatMembers, values).where(eq(chatMembers.chatId, chatId));
  }

  /** The people the user may write to: for an owner the active administrators, for an administrator every active owner. */
  reachable(role: UserRow['role']) {
    return this.db
      .select(person)
      .from(users)
      .where(and(eq(users.role, role === 'admin' ? 'user' : 'admin'), eq(users.status, 'active'), ne(users.id, this.userId)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  }

  /** One person the user may write to (or has a chat with), else nothing. */
  async person(role: UserRow['role'], id: string): Promise<Person | undefined> {
    const [row] = await this.db
      .select(person)
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, role === 'admin' ? 'user' : 'admin')));
    return row;
  }

  /** Anyone by id: the other side of a chat of the user's, whatever their role or status now. */
  async personById(id: string): Promise<Person | undefined> {
    const [row] = await this.db.select(person).from(users).where(eq(users.id, id));
    return row;
  }

  /** A message of a chat of the user's, with its sender and the user (for the mail that tells them of it). */
  async messageFor(messageId: string): Promise<{ message: MessageRow; sender: Person; reader: Person } | undefined> {
    const [message] = await this.db.select().from(chatMessages).where(eq(chatMessages.id, messageId));
    if (!message || !(await this.get(message.chatId))) return undefined;
    const sender = await this.personById(message.senderId);
    const reader = await this.personById(this.userId);
    return sender && reader ? { message, sender, reader } : undefined;
  }
}
