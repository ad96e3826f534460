import type { Mail, MailComposeForm, MailDraft } from '@cuadre/contracts';

/** Addresses typed with commas or semicolons between them, each kept as written ("Name <address>" or the address). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The address inside "Name <address>", in lower case. */
export function addressOf(contact: string): string {
  const m = /<([^<>]+)>/.exec(contact);
  return (m ? m[1]! : contact).trim().toLowerCase();
}

/** The name of "Name <address>", or the address when there is no name. */
export function nameOf(contact: string): string {
  const m = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(contact);
  return m?.[1] || contact.trim();
}

export const toDraft = (v: MailComposeForm): MailDraft => ({
  to: splitAddresses(v.to),
  cc: splitAddresses(v.cc),
  bcc: splitAddresses(v.bcc),
  subject: v.subject,
  content: v.content,
  format: 'text',
});

/** A mail's sanitised HTML as the plain text the compose box edits: paragraphs and line breaks kept. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h\d|blockquote|tr)>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

export interface ComposeStart {
  /** The draft being edited, when it is one. */
  id?: string;
  form: MailComposeForm;
  /** A forward carries the attachments of the mail it forwards. */
  attachmentsFrom?: string;
  attachments: Mail['attachments'];
}

export const blankCompose = (): ComposeStart => ({ form: { to: '', cc: '', bcc: '', subject: '', content: '' }, attachments: [] });

const prefixed = (prefix: string, subject: string) => (subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`);

function quote(mail: Mail, header: string): string {
  const body = htmlToText(mail.content)
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return `\n\n${header}\n${body}`;
}

/** A reply to the sender; with `all`, to the sender and every other recipient but me, the cc kept. */
export function replyTo(mail: Mail, me: string, all: boolean, header: string): ComposeStart {
  const mine = me.toLowerCase();
  const not = (c: string) => addressOf(c) !== mine;
  const sentByMe = addressOf(mail.from.contact) === mine;
  const to = sentByMe ? mail.to : [mail.from.contact, ...(all ? mail.to.filter(not) : [])];
  const cc = all ? mail.cc.filter(not) : [];
  return {
    form: { to: to.join(', '), cc: cc.join(', '), bcc: '', subject: prefixed('Re:', mail.subject), content: quote(mail, header) },
    attachments: [],
  };
}

export function forwardOf(mail: Mail, header: string): ComposeStart {
  return {
    form: { to: '', cc: '', bcc: '', subject: prefixed('Fwd:', mail.subject), content: quote(mail, header) },
    attachmentsFrom: mail.attachments.length ? mail.id : undefined,
    attachments: mail.attachments,
  };
}

/** A draft opened again for editing. */
export const fromDraft = (mail: Mail): ComposeStart => ({
  id: mail.id,
  form: { to: mail.to.join(', '), cc: mail.cc.join(', '), bcc: mail.bcc.join(', '), subject: mail.subject, content: htmlToText(mail.content) },
  attachments: mail.attachments,
});

/** A size in bytes as people read it. */
export function fileSize(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${n.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n.format(bytes / 1024)} KB`;
  return `${n.format(bytes / 1024 / 1024)} MB`;
}
