import {
  DEFAULT_MAILBOX_SETTINGS,
  EMAIL_PATTERN,
  ErrorCode,
  MAIL_ATTACHMENT_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX,
  MAIL_ATTACHMENTS_TOTAL_MAX_BYTES,
  MAIL_FILTERS,
  MAIL_FOLDERS,
  MAIL_PAGE_SIZE,
  MAIL_RECIPIENTS_MAX,
  ZMailboxSettings,
  type ErrorDetail,
  type Mail,
  type MailboxSettings,
  type MailChanges,
  type MailFilter,
  type MailFlag,
  type MailFolder,
  type MailLabel,
  type MailLabelColor,
  type MailList,
} from '@cuadre/contracts';
import sanitizeHtml from 'sanitize-html';
import { afterCommit, withTransaction, type Db, type DbOrTx, type Tx } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { AppError, notFound, validation } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { accountLanguage } from '../../lib/language.js';
import type { Authenticated } from '../auth/index.js';
import { cleanName, sniffFile } from '../files/index.js';
import type { MailJob, MailQueue } from '../mail/index.js';
import { PanelItemsRepository } from '../panels/index.js';
import { avatarUrl } from '../users/index.js';
import { newMailMail, MAILBOX_TEXTS } from './mailbox.texts.js';
import {
  MailboxRepository,
  userById,
  usersByEmail,
  type FolderSlug,
  type MailAttachmentRow,
  type MailRow,
  type MailSelection,
  type MailSet,
} from './mailbox.repository.js';

/**
 * A label's slug, as spec 001 §5 says, in its order: lower case, spaces to hyphens, runs of hyphens
 * to one, then everything but word characters and hyphens dropped. Word characters are Unicode
 * letters, digits and "_", so "Facturación" keeps its "ó" (a label in Spanish or Turkish would
 * otherwise lose letters); a title of symbols only gives "label".
 */
export function labelSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/[^\p{L}\p{N}_-]+/gu, '');
  return slug || 'label';
}

/** The HTML a mail may keep: text formatting, lists, quotes, tables and links; nothing that runs, loads or styles. */
const MAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'code',
    'pre',
    'h1',
    'h2',
    'h3',
    'h4',
    'span',
    'div',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as HTML: paragraphs at blank lines, line breaks kept, every character escaped. */
function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/);
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A mail's content as stored: always sanitised HTML, whether written as text or as HTML. */
export function mailContent(content: string, format: 'text' | 'html'): string {
  return format === 'html' ? sanitizeHtml(content, MAIL_HTML).trim() : textToHtml(content);
}

const FOLDER_BY_SLUG = new Map(MAIL_FOLDERS.map((f) => [f.slug as string, f]));
const FOLDER_BY_ID = new Map(MAIL_FOLDERS.map((f) => [f.id as string, f]));
const folderId = (slug: FolderSlug) => FOLDER_BY_SLUG.get(slug)!.id;

/** Where each kind of mail may be: a draft stays a draft (sending moves it), a received mail never goes to sent. */
const ALLOWED_FOLDERS: Record<MailRow['kind'], FolderSlug[]> = {
  draft: ['drafts', 'trash'],
  sent: ['sent', 'trash'],
  received: ['inbox', 'spam', 'trash'],
};

const HOME_FOLDER: Record<MailRow['kind'], FolderSlug> = { draft: 'drafts', sent: 'sent', received: 'inbox' };

/** "Name <address>" or the bare address, as typed; the address in lower case. */
export function parseAddress(raw: string): { name: string; email: string } | undefined {
  const m = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(raw);
  const email = (m ? m[2]! : raw.trim()).toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return undefined;
  return { name: m?.[1]?.trim() ?? '', email };
}

const contactOf = (name: string, email: string) => (name ? `${name} <${email}>` : email);
/** An owner's one answer for an address they may not write to, whether it has an account or not. */
export const NOT_A_CORRESPONDENT = 'You can write to the administrators and to the people who wrote to you or share a chat with you';
const attachmentUrl = (id: string) => `/api/apps/mailbox/attachment?id=${id}`;

interface MailForm {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  content: string;
  format: 'text' | 'html';
}

/** Who reads or writes: the signed-in user (or, for the demo seed, an account named directly). */
export type Reader = { user: Pick<Authenticated['user'], 'id' | 'name' | 'email' | 'role'> };

type Recipient = { id: string; email: string; name: string; preferences: Authenticated['user']['preferences']; bcc: boolean };

/**
 * The mailbox (spec 001 §7 "Mailbox"): mail between the users of the service. Every reader has their
 * own copy of a mail, so another user's mail is simply not among theirs (404).
 */
export class MailboxService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly events: EventBus,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {
    mail.register('mailbox_new', (tx, job) => this.composeNewMail(tx, job));
  }

  private repo(auth: Reader, db: DbOrTx = this.db) {
    return new MailboxRepository(db, auth.user.id);
  }

  // Settings

  async settings(auth: Reader): Promise<MailboxSettings> {
    return this.merged(await this.repo(auth).settings());
  }

  private merged(stored: Record<string, unknown>): MailboxSettings {
    // Stored settings are merged over the defaults; a value no longer valid falls back to its default.
    const parsed = ZMailboxSettings.safeParse({ ...DEFAULT_MAILBOX_SETTINGS, ...stored });
    return parsed.success ? parsed.data : DEFAULT_MAILBOX_SETTINGS;
  }

  async updateSettings(auth: Reader, changes: Partial<MailboxSettings>): Promise<MailboxSettings> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const next = this.merged({ ...(await repo.settings()), ...changes });
      await repo.saveSettings(next);
      return next;
    });
  }

  // Folders, filters, labels

  /** Spec 001 §9: sent and trash count 0, drafts and spam their total, the others their unread. */
  async folders(auth: Reader): Promise<MailFolder[]> {
    const counts = await this.repo(auth).folderCounts();
    return MAIL_FOLDERS.map((f) => {
      const c = counts.get(f.slug) ?? { total: 0, unread: 0 };
      const n = f.slug === 'sent' || f.slug === 'trash' ? 0 : f.slug === 'drafts' || f.slug === 'spam' ? c.total : c.unread;
      return { ...f, count: n };
    });
  }

  filters(): MailFilter[] {
    return MAIL_FILTERS.map((f) => ({ ...f }));
  }

  async labels(auth: Reader): Promise<MailLabel[]> {
    return (await this.repo(auth).labels()).map(toLabel);
  }

  /** A new label; its slug made unique among the reader's with -1, -2, … (spec 001 §5). */
  async createLabel(auth: Reader, title: string, color: MailLabelColor): Promise<MailLabel> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const base = labelSlug(title);
      const taken = await repo.slugsLike(base);
      let slug = base;
      for (let i = 1; taken.has(slug); i++) slug = `${base}-${i}`;
      return toLabel(await repo.insertLabel({ title, slug, color }));
    });
  }

  /** Merges the changes; a new title re-derives the slug with no uniqueness check (spec 001 §5). Null when the reader has no such label. */
  async updateLabel(auth: Reader, id: string, changes: { title?: string; color?: MailLabelColor }): Promise<MailLabel | null> {
    const set: { title?: string; slug?: string; color?: MailLabelColor } = {};
    if (changes.title !== undefined) {
      set.title = changes.title;
      set.slug = labelSlug(changes.title);
    }
    if (changes.color !== undefined) set.color = changes.color;
    const repo = this.repo(auth);
    const row = Object.keys(set).length ? await repo.updateLabel(id, set) : await repo.label(id);
    return row ? toLabel(row) : null;
  }

  /** Deletes the label and takes it off every mail that carried it, together. */
  async removeLabel(auth: Reader, id: string): Promise<true> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      if (!(await repo.removeLabel(id))) throw notFound('Label');
      await repo.unlabelAll(id);
      return true as const;
    });
  }

  // Mails

  /** Spec 001 §7, §9: by folder, else filter, else label (the first given wins); ten a page, newest first. */
  async list(auth: Reader, q: { folder?: string; filter?: MailFlag; label?: string; page: number }): Promise<MailList> {
    const repo = this.repo(auth);
    let sel: MailSelection;
    if (q.folder !== undefined) {
      const f = FOLDER_BY_SLUG.get(q.folder);
      if (!f) throw notFound('Folder');
      sel = { folder: f.slug };
    } else if (q.filter !== undefined) sel = { flag: q.filter };
    else if (q.label !== undefined) {
      const label = await repo.labelBySlug(q.label);
      if (!label) throw notFound('Label');
      sel = { labelId: label.id };
    } else sel = { folder: 'inbox' };

    const total = await repo.countOf(sel);
    const lastPage = Math.max(1, Math.ceil(total / MAIL_PAGE_SIZE));
    if (q.page > lastPage) return { mails: [], pagination: { lastPage } };
    const startIndex = (q.page - 1) * MAIL_PAGE_SIZE;
    const rows = await repo.page(sel, startIndex, MAIL_PAGE_SIZE);
    return {
      mails: await this.toMails(repo, rows),
      pagination: {
        totalResults: total,
        resultsPerPage: MAIL_PAGE_SIZE,
        currentPage: q.page,
        lastPage,
        startIndex,
        endIndex: Math.min(startIndex + MAIL_PAGE_SIZE, total) - 1,
      },
    };
  }

  async get(auth: Reader, id: string): Promise<Mail> {
    const repo = this.repo(auth);
    const row = await repo.get(id);
    if (!row) throw notFound('Mail');
    return (await this.toMails(repo, [row]))[0]!;
  }

  /** Merges flag, folder and label changes into the reader's copy. */
  async update(auth: Reader, id: string, changes: MailChanges): Promise<Mail> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const row = await repo.lock(id);
      if (!row) throw notFound('Mail');
      const details: ErrorDetail[] = [];
      const set: MailSet = {};
      if (changes.starred !== undefined) set.starred = changes.starred;
      if (changes.important !== undefined) set.important = changes.important;
      if (changes.unread !== undefined) set.unread = changes.unread;
      if (changes.folder !== undefined) {
        const f = FOLDER_BY_ID.get(changes.folder);
        if (!f) details.push({ path: 'mail.folder', message: 'No such folder' });
        else if (ALLOWED_FOLDERS[row.kind].includes(f.slug)) set.folder = f.slug;
        // Restoring from the trash puts a draft back in drafts and a sent mail back in sent, whichever folder was asked.
        else if (row.folder === 'trash' && f.slug === 'inbox') set.folder = HOME_FOLDER[row.kind];
        else details.push({ path: 'mail.folder', message: `This mail cannot go to ${f.title}` });
      }
      if (changes.labels !== undefined) {
        const labels = [...new Set(changes.labels)];
        const known = await repo.labelIds(labels);
        labels.forEach((l, i) => {
          if (!known.has(l)) details.push({ path: `mail.labels.${i}`, message: 'No such label' });
        });
        set.labels = labels;
      }
      if (details.length) throw validation(details[0]!.message, details);
      const updated = Object.keys(set).length ? (await repo.update(id, set))! : row;
      return (await this.toMails(repo, [updated]))[0]!;
    });
  }

  /** Deletes every mail in the reader's trash for good, and their files once that is committed. */
  async emptyTrash(auth: Reader): Promise<{ deleted: number }> {
    return withTransaction(this.db, async (tx) => {
      const { deleted, fileKeys } = await this.repo(auth, tx).emptyTrash();
      afterCommit(tx, () => void Promise.all(fileKeys.map((k) => this.files.remove(k).catch(() => undefined))));
      return { deleted };
    });
  }

  // Writing

  private fields(auth: Reader, form: MailForm) {
    return {
      fromUserId: auth.user.id,
      fromName: auth.user.name,
      fromAddress: auth.user.email,
      to: form.to,
      cc: form.cc,
      bcc: form.bcc,
      subject: form.subject,
      content: mailContent(form.content, form.format),
      date: new Date(),
    };
  }

  /** Saves a draft as it is typed: a new one, or the reader's draft `id` replaced. Addresses are checked only when sending. */
  async saveDraft(auth: Reader, id: string | undefined, form: MailForm, attachmentsFrom?: string): Promise<Mail> {
    const written: string[] = [];
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = this.repo(auth, tx);
        let row: MailRow;
        if (id) {
          const draft = await repo.lock(id);
          if (!draft || draft.kind !== 'draft') throw notFound('Draft');
          row = (await repo.update(id, this.fields(auth, form)))!;
        } else {
          row = await repo.insert({ kind: 'draft', folder: 'drafts', ...this.fields(auth, form) });
          if (attachmentsFrom) await this.carryAttachments(repo, auth.user.id, attachmentsFrom, row.id, written);
        }
        return (await this.toMails(repo, [row]))[0]!;
      });
    } catch (err) {
      await Promise.all(written.map((k) => this.files.remove(k).catch(() => undefined)));
      throw err;
    }
  }

  /** A forward carries the attachments of the mail it forwards: copies of the files, for the new draft. */
  private async carryAttachments(repo: MailboxRepository, ownerId: string, fromMailId: string, toMailId: string, written: string[]) {
    if (!(await repo.get(fromMailId))) throw notFound('Mail');
    for (const a of await repo.attachmentsOf([fromMailId])) {
      const key = await this.files.put(ownerId, await this.files.bytes(a.fileKey));
      written.push(key);
      await repo.insertAttachment({ mailId: toMailId, name: a.name, mime: a.mime, size: a.size, fileKey: key });
    }
  }

  /**
   * Sends a mail: the sender's copy in sent (the draft `id` moved there, with its attachments) and a
   * copy in each recipient's inbox with a notification, and an e-mail to those who asked for one.
   * Every address must be a user of the service; one that is not is refused by name, and nothing is written.
   */
  async send(auth: Reader, id: string | undefined, form: MailForm, attachmentsFrom?: string): Promise<Mail> {
    const recipients = await this.recipients(auth, form);
    const written: string[] = [];
    const normalise = (list: string[]) =>
      list.map((raw) => {
        const a = parseAddress(raw)!;
        const user = recipients.find((r) => r.email === a.email)!;
        return contactOf(user.name, user.email);
      });
    const addressed = { ...form, to: normalise(form.to), cc: normalise(form.cc), bcc: normalise(form.bcc) };
    try {
      const result = await withTransaction(this.db, async (tx) => {
        const repo = this.repo(auth, tx);
        const fields = this.fields(auth, addressed);
        let row: MailRow;
        if (id) {
          const draft = await repo.lock(id);
          if (!draft || draft.kind !== 'draft') throw notFound('Draft');
          row = (await repo.update(id, { ...fields, kind: 'sent', folder: 'sent', unread: false }))!;
        } else {
          row = await repo.insert({ kind: 'sent', folder: 'sent', ...fields });
          if (attachmentsFrom) await this.carryAttachments(repo, auth.user.id, attachmentsFrom, row.id, written);
        }
        const files = await repo.attachmentsOf([row.id]);
        for (const r of recipients) await this.deliver(tx, auth, r, fields, files, written);
        return (await this.toMails(repo, [row]))[0]!;
      });
      const others = recipients.filter((r) => r.id !== auth.user.id).map((r) => r.id);
      this.events.publish(others);
      this.mail.kick();
      return result;
    } catch (err) {
      await Promise.all(written.map((k) => this.files.remove(k).catch(() => undefined)));
      throw err;
    }
  }

  /**
   * The users the mail is written to, each once; 400 naming every address that may not be written
   * to, nothing written (docs/product.md "Mailbox"). An administrator writes to anyone, and is told
   * which addresses are not users. An owner writes to the administrators, to themself and to the
   * people who wrote to them or share a chat with them: owners are unrelated businesses, so any other
   * address gets one answer, the same whether it has an account or not, and no name.
   */
  private async recipients(auth: Reader, form: MailForm): Promise<Recipient[]> {
    const details: ErrorDetail[] = [];
    const parsed: { email: string; bcc: boolean }[] = [];
    for (const field of ['to', 'cc', 'bcc'] as const) {
      form[field].forEach((raw, i) => {
        const a = parseAddress(raw);
        if (!a) details.push({ path: `mail.${field}.${i}`, message: `"${raw}" is not a valid address` });
        else parsed.push({ email: a.email, bcc: field === 'bcc' });
      });
    }
    if (details.length) throw validation(details[0]!.message, details);
    if (parsed.length === 0) throw validation('Add at least one recipient', [{ path: 'mail.to', message: 'Add at least one recipient' }]);
    if (parsed.length > MAIL_RECIPIENTS_MAX)
      throw validation(`At most ${MAIL_RECIPIENTS_MAX} recipients`, [{ path: 'mail.to', message: `At most ${MAIL_RECIPIENTS_MAX} recipients` }]);
    const found = new Map((await usersByEmail(this.db, [...new Set(parsed.map((p) => p.email))])).map((u) => [u.email, u]));
    if (auth.user.role !== 'admin') {
      const ids = [...found.values()].filter((u) => u.role !== 'admin' && u.id !== auth.user.id).map((u) => u.id);
      const known = await this.repo(auth).correspondents(ids);
      for (const [email, u] of found) if (u.role !== 'admin' && u.id !== auth.user.id && !known.has(u.id)) found.delete(email);
    }
    for (const field of ['to', 'cc', 'bcc'] as const) {
      form[field].forEach((raw, i) => {
        const email = parseAddress(raw)!.email;
        if (found.has(email)) return;
        const message = auth.user.role === 'admin' ? `${email} is not a user of Cuadre` : NOT_A_CORRESPONDENT;
        details.push({ path: `mail.${field}.${i}`, message });
      });
    }
    if (details.length) throw validation(auth.user.role === 'admin' ? details.map((d) => d.message).join('; ') : NOT_A_CORRESPONDENT, details);
    // A recipient named in to or cc as well as bcc is not a blind one.
    const byId = new Map<string, Recipient>();
    for (const p of parsed) {
      const u = found.get(p.email)!;
      const known = byId.get(u.id);
      byId.set(u.id, { ...u, bcc: known ? known.bcc && p.bcc : p.bcc });
    }
    return [...byId.values()];
  }

  /** A recipient's copy, its attachments (their own files), its notification and, if they asked, an e-mail. */
  private async deliver(tx: Tx, auth: Reader, r: Recipient, fields: ReturnType<MailboxService['fields']>, files: MailAttachmentRow[], written: string[]) {
    const repo = new MailboxRepository(tx, r.id);
    // Blind copies are hidden from the other recipients; a blind recipient sees only their own.
    const bcc = r.bcc ? fields.bcc.filter((b) => parseAddress(b)?.email === r.email) : [];
    const copy = await repo.insert({ ...fields, bcc, kind: 'received', folder: 'inbox', unread: true });
    for (const f of files) {
      const key = await this.files.put(r.id, await this.files.bytes(f.fileKey));
      written.push(key);
      await repo.insertAttachment({ mailId: copy.id, name: f.name, mime: f.mime, size: f.size, fileKey: key });
    }
    if (r.id === auth.user.id) return;
    const t = MAILBOX_TEXTS[accountLanguage(r)];
    await new PanelItemsRepository(tx, r.id, 'notification').addKeyed([
      {
        key: `mail:${copy.id}`,
        title: t.newMail(fields.fromName),
        description: fields.subject || t.noSubject,
        icon: 'heroicons_outline:envelope',
        link: `/apps/mailbox?folder=inbox&mail=${copy.id}`,
        useRouter: true,
      },
    ]);
    if (this.merged(await repo.settings()).notifyByEmail) {
      await this.mail.enqueue(tx, { kind: 'mailbox_new', userId: r.id, email: null, created: false, refId: copy.id });
    }
  }

  private async composeNewMail(tx: Tx, job: MailJob) {
    if (!job.userId || !job.refId) return undefined;
    const [user] = await userById(tx, job.userId);
    const row = await new MailboxRepository(tx, job.userId).get(job.refId);
    if (!user || !row) return undefined;
    return newMailMail(
      accountLanguage(user),
      user.email,
      contactOf(row.fromName, row.fromAddress),
      row.subject,
      `${this.publicUrl}/apps/mailbox?folder=inbox&mail=${row.id}`,
    );
  }

  // Attachments

  /** Attaches a file to the reader's draft: its type read from its bytes, within the size limits. */
  async attach(auth: Reader, mailId: string, upload: { data: Buffer; filename: string }): Promise<Mail> {
    const name = cleanName(upload.filename);
    const type = sniffFile(upload.data, name);
    if (!type) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, `"${name}" cannot be attached: use a PDF, an image, a text, CSV or Office file`);
    if (upload.data.length > MAIL_ATTACHMENT_MAX_BYTES) throw new AppError(413, ErrorCode.TOO_LARGE, 'The file is larger than 10 MB');
    const key = await this.files.put(auth.user.id, upload.data);
    try {
      return await withTransaction(this.db, async (tx) => {
        const repo = this.repo(auth, tx);
        const draft = await repo.lock(mailId);
        if (!draft || draft.kind !== 'draft') throw notFound('Draft');
        const existing = await repo.attachmentsOf([mailId]);
        if (existing.length >= MAIL_ATTACHMENTS_MAX)
          throw validation(`At most ${MAIL_ATTACHMENTS_MAX} attachments`, [{ path: 'file', message: `At most ${MAIL_ATTACHMENTS_MAX} attachments` }]);
        if (existing.reduce((n, a) => n + a.size, 0) + upload.data.length > MAIL_ATTACHMENTS_TOTAL_MAX_BYTES)
          throw new AppError(413, ErrorCode.TOO_LARGE, 'The attachments together would be larger than 20 MB');
        await repo.insertAttachment({ mailId, name, mime: type.mime, size: upload.data.length, fileKey: key });
        return (await this.toMails(repo, [draft]))[0]!;
      });
    } catch (err) {
      await this.files.remove(key).catch(() => undefined);
      throw err;
    }
  }

  /** Takes an attachment off the reader's draft. */
  async detach(auth: Reader, id: string): Promise<Mail> {
    return withTransaction(this.db, async (tx) => {
      const repo = this.repo(auth, tx);
      const a = await repo.attachment(id);
      const draft = a && (await repo.lock(a.mailId));
      if (!a || !draft || draft.kind !== 'draft') throw notFound('Attachment');
      await repo.removeAttachment(id);
      afterCommit(tx, () => void this.files.remove(a.fileKey).catch(() => undefined));
      return (await this.toMails(repo, [draft]))[0]!;
    });
  }

  /** An attachment's bytes, for the reader whose copy of the mail it is on. */
  async download(auth: Reader, id: string) {
    const a = await this.repo(auth).attachment(id);
    if (!a || !(await this.files.exists(a.fileKey))) throw notFound('Attachment');
    return { name: a.name, mime: a.mime, size: a.size, stream: this.files.read(a.fileKey) };
  }

  // Shapes

  private async toMails(repo: MailboxRepository, rows: MailRow[]): Promise<Mail[]> {
    const [files, versions] = await Promise.all([
      repo.attachmentsOf(rows.map((r) => r.id)),
      repo.senderAvatars([...new Set(rows.flatMap((r) => (r.fromUserId ? [r.fromUserId] : [])))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      type: 'mail' as const,
      from: {
        avatar: r.fromUserId ? avatarUrl({ id: r.fromUserId, avatarVersion: versions.get(r.fromUserId) ?? null }) : null,
        contact: contactOf(r.fromName, r.fromAddress),
      },
      to: r.to,
      cc: r.cc,
      bcc: r.bcc,
      ccCount: r.cc.length,
      bccCount: r.bcc.length,
      date: r.date.toISOString(),
      subject: r.subject,
      content: r.content,
      attachments: files
        .filter((f) => f.mailId === r.id)
        .map((f) => ({
          id: f.id,
          type: f.mime,
          name: f.name,
          size: f.size,
          // Spec: a preview image for images, "pdf" for PDFs; nothing to preview for the rest.
          preview: f.mime.startsWith('image/') ? attachmentUrl(f.id) : f.mime === 'application/pdf' ? 'pdf' : null,
          downloadUrl: attachmentUrl(f.id),
        })),
      starred: r.starred,
      important: r.important,
      unread: r.unread,
      folder: folderId(r.folder),
      labels: r.labels,
    }));
  }
}

const toLabel = (r: { id: string; title: string; slug: string; color: MailLabelColor }): MailLabel => ({
  id: r.id,
  title: r.title,
  slug: r.slug,
  color: r.color,
});
