import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MailFlag } from '@cuadre/contracts';
import type { DbOrTx } from '../../db/client.js';
import { ownedBy, type OwnedInsert, type OwnerScope } from '../../db/owned.js';
import { chatMembers, mailAttachments, mailboxSettings, mailLabels, mails, users } from '../../db/schema/index.js';

export type MailRow = typeof mails.$inferSelect;
export type MailSet = Partial<Omit<OwnedInsert<typeof mails>, 'id' | 'createdAt'>>;
export type MailAttachmentRow = typeof mailAttachments.$inferSelect;
export type MailLabelRow = typeof mailLabels.$inferSelect;
export type FolderSlug = MailRow['folder'];

/** Which of the reader's mails a page lists: one folder, one flag, or one label. */
export type MailSelection = { folder: FolderSlug } | { flag: MailFlag } | { labelId: string };

/** One reader's mails, their attachments, labels and settings: every query through the owner's scope. */
export class MailboxRepository {
  private readonly s: OwnerScope;

  constructor(
    private readonly db: DbOrTx,
    ownerId: string,
  ) {
    this.s = ownedBy(db, ownerId);
  }

  /** Which of these accounts the reader may write to as an owner: they wrote to the reader, or share a chat with them. */
  async correspondents(ids: string[]): Promise<Set<string>> {
    // Asked even for no one: an address with an account costs what one without does.
    const wrote = await this.s.selectFields(mails, { id: mails.fromUserId }).where(and(eq(mails.kind, 'received'), inArray(mails.fromUserId, ids)));
    const chat = await this.s.selectFields(chatMembers, { id: chatMembers.peerId }).where(inArray(chatMembers.peerId, ids));
    return new Set([...wrote, ...chat].map((r) => r.id!));
  }

  /** The senders' avatar versions, read on the same connection (inside the caller's transaction when there is one). */
  senderAvatars(ids: string[]) {
    return avatarVersions(this.db, ids);
  }

  // Settings

  async settings(): Promise<Record<string, unknown>> {
    const [row] = await this.s.selectFrom(mailboxSettings);
    return row?.settings ?? {};
  }

  async saveSettings(settings: Record<string, unknown>) {
    await this.s.insertInto(mailboxSettings, { settings }).onConflictDoUpdate({ target: mailboxSettings.ownerId, set: { settings } });
  }

  // Folders

  /** Per folder: how many mails and how many unread. */
  async folderCounts(): Promise<Map<FolderSlug, { total: number; unread: number }>> {
    const rows = await this.s
      .selectFields(mails, { folder: mails.folder, total: count(), unread: sql<number>`count(*) FILTER (WHERE ${mails.unread})::int` })
      .groupBy(mails.folder);
    return new Map(rows.map((r) => [r.folder, { total: Number(r.total), unread: Number(r.unread) }]));
  }

  // Mails

  private where(sel: MailSelection): SQL {
    if ('folder' in sel) return eq(mails.folder, sel.folder);
    if ('flag' in sel) return eq(mails[sel.flag], true);
    return sql`${mails.labels} @> ${JSON.stringify([sel.labelId])}::jsonb`;
  }

  async countOf(sel: MailSelection): Promise<number> {
    const [row] = await this.s.selectFields(mails, { n: count() }).where(this.where(sel));
    return Number(row?.n ?? 0);
  }

  /** A page of the selection, newest first (ties by id, so pages never overlap). */
  page(sel: MailSelection, offset: number, limit: number) {
    return this.s.selectFrom(mails).where(this.where(sel)).orderBy(desc(mails.date), desc(mails.id)).limit(limit).offset(offset);
  }

  async get(id: string): Promise<MailRow | undefined> {
    const [row] = await this.s.selectFrom(mails).where(eq(mails.id, id));
    return row;
  }

  async lock(id: string): Promise<MailRow | undefined> {
    const [row] = await this.s.selectFrom(mails).where(eq(mails.id, id)).for('update');
    return row;
  }

  async insert(values: OwnedInsert<typeof mails>): Promise<MailRow> {
    const [row] = await this.s.insertInto(mails, values).returning();
    return row as MailRow;
  }

  async update(id: string, set: MailSet): Promise<MailRow | undefined> {
    const [row] = await this.s.updateSet(mails, set).where(eq(mails.id, id)).returning();
    return row;
  }

  /** Deletes every mail in the trash; answers the files their attachments kept, to remove once committed. */
  async emptyTrash(): Promise<{ deleted: number; fileKeys: string[] }> {
    const trash = this.s.selectFields(mails, { id: mails.id }).where(eq(mails.folder, 'trash'));
    const files = await this.s.selectFields(mailAttachments, { key: mailAttachments.fileKey }).where(inArray(mailAttachments.mailId, trash));
    const deleted = await this.s.deleteFrom(mails).where(eq(mails.folder, 'trash')).returning({ id: mails.id });
    return { deleted: deleted.length, fileKeys: files.map((f) => f.key) };
  }

  // Attachments

  /** The attachments of these mails, oldest first within each. */
  attachmentsOf(mailIds: string[]) {
    if (mailIds.length === 0) return Promise.resolve([] as MailAttachmentRow[]);
    return this.s.selectFrom(mailAttachments).where(inArray(mailAttachments.mailId, mailIds)).orderBy(asc(mailAttachments.createdAt), asc(mailAttachments.id));
  }

  async attachment(id: string): Promise<MailAttachmentRow | undefined> {
    const [row] = await this.s.selectFrom(mailAttachments).where(eq(mailAttachments.id, id));
    return row;
  }

  async insertAttachment(values: OwnedInsert<typeof mailAttachments>): Promise<MailAttachmentRow> {
    const [row] = await this.s.insertInto(mailAttachments, values).returning();
    return row as MailAttachmentRow;
  }

  async removeAttachment(id: string): Promise<MailAttachmentRow | undefined> {
    const [row] = await this.s.deleteFrom(mailAttachments).where(eq(mailAttachments.id, id)).returning();
    return row;
  }

  // Labels

  labels() {
    return this.s.selectFrom(mailLabels).orderBy(asc(mailLabels.createdAt), asc(mailLabels.id));
  }

  async label(id: string): Promise<MailLabelRow | undefined> {
    const [row] = await this.s.selectFrom(mailLabels).where(eq(mailLabels.id, id));
    return row;
  }

  async labelBySlug(slug: string): Promise<MailLabelRow | undefined> {
    const [row] = await this.s.selectFrom(mailLabels).where(eq(mailLabels.slug, slug)).orderBy(asc(mailLabels.createdAt)).limit(1);
    return row;
  }

  /** The slugs taken that start with `base` (to make a new one unique). */
  async slugsLike(base: string): Promise<Set<string>> {
    const rows = await this.s
      .selectFields(mailLabels, { slug: mailLabels.slug })
      .where(and(sql`(${mailLabels.slug} = ${base} OR left(${mailLabels.slug}, ${base.length + 1}) = ${`${base}-`})`));
    return new Set(rows.map((r) => r.slug));
  }

  async labelIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.s.selectFields(mailLabels, { id: mailLabels.id }).where(inArray(mailLabels.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  async insertLabel(values: OwnedInsert<typeof mailLabels>): Promise<MailLabelRow> {
    const [row] = await this.s.insertInto(mailLabels, values).returning();
    return row as MailLabelRow;
  }

  async updateLabel(id: string, set: Partial<Pick<MailLabelRow, 'title' | 'slug' | 'color'>>): Promise<MailLabelRow | undefined> {
    const [row] = await this.s.updateSet(mailLabels, set).where(eq(mailLabels.id, id)).returning();
    return row;
  }

  async removeLabel(id: string): Promise<boolean> {
    const removed = await this.s.deleteFrom(mailLabels).where(eq(mailLabels.id, id)).returning({ id: mailLabels.id });
    return removed.length > 0;
  }

  /** Takes the label off every one of the reader's mails that carries it. */
  async unlabelAll(id: string) {
    await this.s.updateSet(mails, { labels: sql`${mails.labels} - ${id}::text` }).where(sql`${mails.labels} @> ${JSON.stringify([id])}::jsonb`);
  }
}

/** The accounts behind these addresses (lower case), active ones only: who may be written to. */
export async function usersByEmail(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, preferences: users.preferences })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.status, 'active')));
}

/** The avatar versions of these accounts, for the senders' avatars on a page of mails. */
export async function avatarVersions(db: DbOrTx, ids: string[]): Promise<Map<string, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, v: users.avatarVersion }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.v]));
}

/** An account's address, name and language, for the e-mail that tells of a new mail. */
export function userById(db: DbOrTx, id: string) {
  return db.select({ id: users.id, email: users.email, name: users.name, preferences: users.preferences }).from(users).where(eq(users.id, id));
}
