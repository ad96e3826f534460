import { z } from 'zod/mini';
import { text, ZUuid } from '../common/text.js';

/**
 * The mailbox (spec 001 §3 "Mailbox", §7 "Mailbox", §9): mail between the users of the service.
 * Every user has their own copy of a mail (the sender's in sent, each recipient's in their inbox),
 * so flags, folder and labels are per reader.
 */

/** Spec 001 §9: ten mails a page, newest first. */
export const MAIL_PAGE_SIZE = 10;
/** One attachment at most this size, and all of a mail's together at most the second. */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAIL_ATTACHMENTS_TOTAL_MAX_BYTES = 20 * 1024 * 1024;
export const MAIL_ATTACHMENTS_MAX = 10;
/** The most recipients in to, cc and bcc together. */
export const MAIL_RECIPIENTS_MAX = 50;
export const MAIL_SUBJECT_MAX = 300;
export const MAIL_CONTENT_MAX = 100_000;

/** The five folders (spec: inbox, sent, drafts, spam, trash), with fixed ids so a mail's `folder` names one. */
export const MAIL_FOLDERS = [
  { id: '7c004a19-4506-48ef-93ab-f16381302e3b', title: 'Inbox', slug: 'inbox', icon: 'heroicons_outline:inbox' },
  { id: '1ee2ea29-9a1f-4c27-b4d2-5e465703b6a0', title: 'Sent', slug: 'sent', icon: 'heroicons_outline:paper-airplane' },
  { id: 'fbdc8e79-a0c4-4a27-bc98-9c81ee7a86e5', title: 'Drafts', slug: 'drafts', icon: 'heroicons_outline:document' },
  { id: '0197c436-2ef3-424d-b546-8b7f49186e15', title: 'Spam', slug: 'spam', icon: 'heroicons_outline:exclamation-triangle' },
  { id: '2fa74637-d362-4fd2-9a88-f7195a88bdde', title: 'Trash', slug: 'trash', icon: 'heroicons_outline:trash' },
] as const;
export type MailFolderSlug = (typeof MAIL_FOLDERS)[number]['slug'];
export const MAIL_FOLDER_SLUGS = MAIL_FOLDERS.map((f) => f.slug) as [MailFolderSlug, ...MailFolderSlug[]];

/** The filters (spec: starred, important): each names a boolean flag of a mail. */
export const MAIL_FILTERS = [
  { id: 'de1b41f6-6839-4f1b-9d2c-07e55f6f8f82', title: 'Starred', slug: 'starred', icon: 'heroicons_outline:star' },
  { id: 'cd3f8f1e-7b4c-4bc8-8a5c-23c4b7dd0a5e', title: 'Important', slug: 'important', icon: 'heroicons_outline:exclamation-circle' },
] as const;
export type MailFilterSlug = (typeof MAIL_FILTERS)[number]['slug'];
/** Every boolean flag of a mail: the list's `filter` takes any of them (spec 001 §7), the filter list shows the first two. */
export const MAIL_FLAGS = ['starred', 'important', 'unread'] as const;
export type MailFlag = (typeof MAIL_FLAGS)[number];

/** The colours a label may take (spec 001 §3). */
export const MAIL_LABEL_COLORS = ['personal', 'work', 'payments', 'invoices', 'accounts', 'forums'] as const;
export type MailLabelColor = (typeof MAIL_LABEL_COLORS)[number];

export const ZMailFolder = z.object({ id: z.string(), title: z.string(), slug: z.string(), icon: z.string(), count: z.int() });
export type MailFolder = z.infer<typeof ZMailFolder>;
export const ZMailFolderList = z.array(ZMailFolder);
export const ZMailFilter = z.object({ id: z.string(), title: z.string(), slug: z.string(), icon: z.string() });
export type MailFilter = z.infer<typeof ZMailFilter>;
export const ZMailFilterList = z.array(ZMailFilter);

export const ZMailLabel = z.object({ id: z.string(), title: z.string(), slug: z.string(), color: z.enum(MAIL_LABEL_COLORS) });
export type MailLabel = z.infer<typeof ZMailLabel>;
export const ZMailLabelList = z.array(ZMailLabel);
const labelTitle = text(60, z.trim(), z.minLength(1, 'The title is required'));
export const ZMailLabelBody = z.strictObject({
  label: z.strictObject({ title: labelTitle, color: z._default(z.enum(MAIL_LABEL_COLORS), 'personal') }),
});
export type MailLabelBody = z.input<typeof ZMailLabelBody>;
export const ZMailLabelPatchBody = z.strictObject({
  id: ZUuid,
  label: z.strictObject({ title: z.optional(labelTitle), color: z.optional(z.enum(MAIL_LABEL_COLORS)) }),
});
export type MailLabelPatchBody = z.input<typeof ZMailLabelPatchBody>;
export const ZMailIdQuery = z.strictObject({ id: ZUuid });

/** The mailbox's settings (spec: messageLayout, sample "right"), plus whether a new mail is also sent by e-mail. */
export const MAIL_MESSAGE_LAYOUTS = ['right', 'full'] as const;
export const ZMailboxSettings = z.object({ messageLayout: z.enum(MAIL_MESSAGE_LAYOUTS), notifyByEmail: z.boolean() });
export type MailboxSettings = z.infer<typeof ZMailboxSettings>;
export const DEFAULT_MAILBOX_SETTINGS: MailboxSettings = { messageLayout: 'right', notifyByEmail: false };
export const ZMailboxSettingsBody = z.strictObject({
  settings: z.strictObject({ messageLayout: z.optional(z.enum(MAIL_MESSAGE_LAYOUTS)), notifyByEmail: z.optional(z.boolean()) }),
});
export type MailboxSettingsBody = z.input<typeof ZMailboxSettingsBody>;

/** An attachment (spec: type the MIME type, name, size in bytes, preview, downloadUrl), with its id to remove it from a draft. */
export const ZMailAttachment = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  size: z.int(),
  preview: z.nullable(z.string()),
  downloadUrl: z.string(),
});
export type MailAttachment = z.infer<typeof ZMailAttachment>;

/** A mail as its reader sees it; `content` is sanitised HTML; `folder` a folder's id, `labels` label ids. */
export const ZMail = z.object({
  id: z.string(),
  type: z.literal('mail'),
  from: z.object({ avatar: z.nullable(z.string()), contact: z.string() }),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  ccCount: z.int(),
  bccCount: z.int(),
  date: z.string(),
  subject: z.string(),
  content: z.string(),
  attachments: z.array(ZMailAttachment),
  starred: z.boolean(),
  important: z.boolean(),
  unread: z.boolean(),
  folder: z.string(),
  labels: z.array(z.string()),
});
export type Mail = z.infer<typeof ZMail>;

/** Spec 001 §9: the page's place in the whole; startIndex zero-based, endIndex inclusive, lastPage at least 1. */
export const ZMailPagination = z.object({
  totalResults: z.int(),
  resultsPerPage: z.int(),
  currentPage: z.int(),
  lastPage: z.int(),
  startIndex: z.int(),
  endIndex: z.int(),
});
export type MailPagination = z.infer<typeof ZMailPagination>;
/** Past the last page: no mails, and only the last page (spec 001 §8). */
export const ZMailPastEnd = z.object({ lastPage: z.int() });
export const ZMailList = z.object({ mails: z.array(ZMail), pagination: z.union([ZMailPagination, ZMailPastEnd]) });
export type MailList = z.infer<typeof ZMailList>;

const slug = text(120, z.trim());
/** Spec 001 §7: one of folder (slug), filter (a boolean flag: starred, important or unread) or label (slug), applied in that order of precedence; page from 1. */
export const ZMailListQuery = z.strictObject({
  folder: z.optional(slug),
  filter: z.optional(z.enum(MAIL_FLAGS)),
  label: z.optional(slug),
  page: z._default(z.coerce.number().check(z.int('Use a whole number'), z.gte(1, 'Pages start at 1'), z.lte(1_000_000, 'No such page')), 1),
});
export type MailListQuery = z.input<typeof ZMailListQuery>;

/** What a PATCH of a mail may change: its flags, its folder (a folder id) and its labels (label ids). */
export const ZMailChanges = z.strictObject({
  starred: z.optional(z.boolean()),
  important: z.optional(z.boolean()),
  unread: z.optional(z.boolean()),
  folder: z.optional(ZUuid),
  labels: z.optional(z.array(ZUuid).check(z.maxLength(20, 'At most 20 labels'))),
});
export type MailChanges = z.input<typeof ZMailChanges>;
export const ZMailPatchBody = z.strictObject({ id: ZUuid, mail: ZMailChanges });
export type MailPatchBody = z.input<typeof ZMailPatchBody>;

/** An address as typed: "Name <address>" or the bare address; the server checks each names a user when sending. */
const address = text(320, z.trim(), z.minLength(1, 'Write an address'));
const addresses = z._default(z.array(address).check(z.maxLength(MAIL_RECIPIENTS_MAX, `At most ${MAIL_RECIPIENTS_MAX} addresses`)), []);

/** A mail being written: `format` says whether `content` is plain text (the default) or HTML (sanitised by the server). */
export const ZMailDraft = z.strictObject({
  to: addresses,
  cc: addresses,
  bcc: addresses,
  subject: z._default(text(MAIL_SUBJECT_MAX, z.trim()), ''),
  content: z._default(text(MAIL_CONTENT_MAX), ''),
  format: z._default(z.enum(['text', 'html']), 'text'),
});
export type MailDraft = z.input<typeof ZMailDraft>;
/**
 * Saves a draft as it is typed: without `id` a new draft in drafts (with `attachmentsFrom`, a mail
 * of the reader's whose attachments it carries on, for a forward); with `id`, that draft replaced.
 */
export const ZMailDraftBody = z.strictObject({ id: z.optional(ZUuid), attachmentsFrom: z.optional(ZUuid), draft: ZMailDraft });
export type MailDraftBody = z.input<typeof ZMailDraftBody>;
/** Sends a mail: a saved draft (`id`, with its attachments) or a new one; every address must be a user of the service. */
export const ZMailSendBody = z.strictObject({ id: z.optional(ZUuid), attachmentsFrom: z.optional(ZUuid), mail: ZMailDraft });
export type MailSendBody = z.input<typeof ZMailSendBody>;
export const ZMailAttachmentQuery = z.strictObject({ mailId: ZUuid });
export const ZMailAttachmentDownloadQuery = z.strictObject({ id: ZUuid, download: z.optional(z.enum(['0', '1', 'true', 'false'])) });
export const ZMailEmptied = z.object({ deleted: z.int() });
export type MailEmptied = z.infer<typeof ZMailEmptied>;

/** The compose form as typed: addresses separated by commas; the web turns it into a `MailDraft`. */
export const ZMailComposeForm = z.object({
  to: text(MAIL_RECIPIENTS_MAX * 330, z.trim()),
  cc: text(MAIL_RECIPIENTS_MAX * 330, z.trim()),
  bcc: text(MAIL_RECIPIENTS_MAX * 330, z.trim()),
  subject: text(MAIL_SUBJECT_MAX, z.trim()),
  content: text(MAIL_CONTENT_MAX),
});
export type MailComposeForm = z.infer<typeof ZMailComposeForm>;

/** A label's form (create or rename). */
export const ZMailLabelForm = z.object({ title: labelTitle, color: z.enum(MAIL_LABEL_COLORS) });
export type MailLabelForm = z.infer<typeof ZMailLabelForm>;
