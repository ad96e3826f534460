import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAIL_FOLDERS } from '@cuadre/contracts';
import { mailAttachments, mailboxSettings, mailLabels, mails, panelItems } from '../src/db/schema/index.js';
import { labelSlug, mailContent, NOT_A_CORRESPONDENT } from '../src/modules/mailbox/mailbox.service.js';
import { createTestApp, type Owner, type TestApp } from './helpers/app.js';
import { expectError, expectOk } from './helpers/expect.js';

let t: TestApp;
let a: { owner: Owner; token: string };
let b: { owner: Owner; token: string };
let c: { owner: Owner; token: string };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = a.token) => t.api(method, url, { token, body });
const folder = (slug: string) => MAIL_FOLDERS.find((f) => f.slug === slug)!.id;
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
const fileForm = (data: Buffer, name: string) => {
  const f = new FormData();
  f.append('file', new Blob([data]), name);
  return f;
};
const send = (mail: Record<string, unknown>, token = a.token, extra: Record<string, unknown> = {}) =>
  api('POST', '/api/apps/mailbox/send', { ...extra, mail: { subject: 'Hello', content: 'Hi there', ...mail } }, token);
const list = async (query: string, token = a.token) => expectOk(await api('GET', `/api/apps/mailbox/mails?${query}`, undefined, token));
const inboxOf = async (token: string) => (await list('folder=inbox', token)).mails as { id: string; subject: string }[];

/** Writes `n` mails straight into an owner's folder, one minute apart, the newest last. */
async function fill(ownerId: string, n: number, values: Partial<typeof mails.$inferInsert> = {}) {
  const start = Date.UTC(2026, 0, 1);
  await t.db.insert(mails).values(
    Array.from({ length: n }, (_, i) => ({
      ownerId,
      kind: 'received' as const,
      folder: 'inbox' as const,
      fromName: 'Filler',
      fromAddress: 'filler@example.com',
      subject: `Mail ${i + 1}`,
      date: new Date(start + i * 60_000),
      ...values,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.ownerToken({ name: 'Ana Sender' });
  b = await t.ownerToken({ name: 'Beto Reader' });
  c = await t.ownerToken({ name: 'Carla Copy' });
  // Owners write to the people who wrote to them: B and C have written to A, and C to B.
  await fill(a.owner.id, 1, { fromUserId: b.owner.id, fromName: 'Beto Reader', fromAddress: b.owner.email, subject: 'From B' });
  await fill(a.owner.id, 1, { fromUserId: c.owner.id, fromName: 'Carla Copy', fromAddress: c.owner.email, subject: 'From C' });
  await fill(b.owner.id, 1, { fromUserId: c.owner.id, fromName: 'Carla Copy', fromAddress: c.owner.email, subject: 'From C' });
});
afterAll(async () => {
  await t?.close();
});

describe('mailbox: the slug rule (spec 001 §5)', () => {
  it('lower-cases, turns spaces into hyphens, collapses them, then drops what is not a word character or a hyphen', () => {
    expect(labelSlug('Work Stuff')).toBe('work-stuff');
    expect(labelSlug('A  -  B')).toBe('a-b');
    expect(labelSlug('Q&A 2026!')).toBe('qa-2026');
    // Dropped after collapsing, as the spec orders it: the hyphens around "&" stay two.
    expect(labelSlug('a & b')).toBe('a--b');
    expect(labelSlug('Facturación')).toBe('facturación');
    expect(labelSlug('!!!')).toBe('label');
  });

  it('makes a new slug unique with -1, -2; a rename re-derives it with no uniqueness check', async () => {
    const { token } = await t.ownerToken();
    const make = async (title: string) => expectOk(await api('POST', '/api/apps/mailbox/label', { label: { title, color: 'work' } }, token));
    const l0 = await make('Invoices');
    const l1 = await make('invoices');
    const l2 = await make('INVOICES');
    expect([l0.slug, l1.slug, l2.slug]).toEqual(['invoices', 'invoices-1', 'invoices-2']);
    expect(l0).toEqual({ id: expect.any(String), title: 'Invoices', slug: 'invoices', color: 'work' });
    const other = await make('Other');
    const renamed = expectOk(await api('PATCH', '/api/apps/mailbox/label', { id: other.id, label: { title: 'Invoices' } }, token));
    expect(renamed).toEqual({ id: other.id, title: 'Invoices', slug: 'invoices', color: 'work' });
    const recolored = expectOk(await api('PATCH', '/api/apps/mailbox/label', { id: other.id, label: { color: 'forums' } }, token));
    expect(recolored).toMatchObject({ slug: 'invoices', color: 'forums' });
    expect(expectOk(await api('GET', '/api/apps/mailbox/labels', undefined, token))).toHaveLength(4);
  });

  it('refuses a colour outside the spec and an empty title, writing nothing', async () => {
    const before = await t.count(mailLabels);
    expectError(await api('POST', '/api/apps/mailbox/label', { label: { title: 'x', color: 'pink' } }), 400, 'VALIDATION');
    expectError(await api('POST', '/api/apps/mailbox/label', { label: { title: '  ' } }), 400, 'VALIDATION');
    expect(await t.count(mailLabels)).toBe(before);
  });
});

describe('mailbox: settings, folders, filters', () => {
  it('answers the default settings and merges a PATCH', async () => {
    const { token } = await t.ownerToken();
    expect(expectOk(await api('GET', '/api/apps/mailbox/settings', undefined, token))).toEqual({ messageLayout: 'right', notifyByEmail: false });
    expect(expectOk(await api('PATCH', '/api/apps/mailbox/settings', { settings: { notifyByEmail: true } }, token))).toEqual({
      messageLayout: 'right',
      notifyByEmail: true,
    });
    expect(expectOk(await api('PATCH', '/api/apps/mailbox/settings', { settings: { messageLayout: 'full' } }, token))).toEqual({
      messageLayout: 'full',
      notifyByEmail: true,
    });
    const before = await t.count(mailboxSettings);
    expectError(await api('PATCH', '/api/apps/mailbox/settings', { settings: { messageLayout: 'left' } }, token), 400, 'VALIDATION');
    expectError(await api('PATCH', '/api/apps/mailbox/settings', { settings: { other: 1 } }, token), 400, 'VALIDATION');
    expect(await t.count(mailboxSettings)).toBe(before);
  });

  it('counts: sent and trash 0, drafts and spam their total, inbox its unread', async () => {
    const { owner, token } = await t.ownerToken();
    await fill(owner.id, 3, { unread: true });
    await fill(owner.id, 2, { unread: false });
    await fill(owner.id, 2, { folder: 'spam', unread: false });
    await fill(owner.id, 4, { folder: 'trash', unread: true });
    await fill(owner.id, 5, { folder: 'sent', kind: 'sent', unread: true });
    await fill(owner.id, 1, { folder: 'drafts', kind: 'draft', unread: false });
    const folders = expectOk(await api('GET', '/api/apps/mailbox/folders', undefined, token));
    expect(folders.map((f: { slug: string; count: number }) => [f.slug, f.count])).toEqual([
      ['inbox', 3],
      ['sent', 0],
      ['drafts', 1],
      ['spam', 2],
      ['trash', 0],
    ]);
    expect(folders[0]).toEqual({ id: folder('inbox'), title: 'Inbox', slug: 'inbox', icon: 'heroicons_outline:inbox', count: 3 });
    expect(expectOk(await api('GET', '/api/apps/mailbox/filters', undefined, token)).map((f: { slug: string }) => f.slug)).toEqual(['starred', 'important']);
  });
});

describe('mailbox: the list (spec 001 §7, §9)', () => {
  it('pages ten at a time, newest first, with the pagination object; past the last page no mails and only lastPage', async () => {
    const { owner, token } = await t.ownerToken();
    await fill(owner.id, 23);
    const p1 = await list('folder=inbox', token);
    expect(p1.mails).toHaveLength(10);
    expect(p1.mails[0].subject).toBe('Mail 23');
    expect(p1.pagination).toEqual({ totalResults: 23, resultsPerPage: 10, currentPage: 1, lastPage: 3, startIndex: 0, endIndex: 9 });
    const p3 = await list('folder=inbox&page=3', token);
    expect(p3.mails.map((m: { subject: string }) => m.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
    expect(p3.pagination).toEqual({ totalResults: 23, resultsPerPage: 10, currentPage: 3, lastPage: 3, startIndex: 20, endIndex: 22 });
    expect(await list('folder=inbox&page=4', token)).toEqual({ mails: [], pagination: { lastPage: 3 } });
    // An empty folder still has one page.
    expect((await list('folder=spam', token)).pagination).toEqual({
      totalResults: 0,
      resultsPerPage: 10,
      currentPage: 1,
      lastPage: 1,
      startIndex: 0,
      endIndex: -1,
    });
    expect(await list('folder=spam&page=2', token)).toEqual({ mails: [], pagination: { lastPage: 1 } });
    // Exactly ten: one page.
    await fill(owner.id, 10, { folder: 'spam', kind: 'received' });
    expect((await list('folder=spam', token)).pagination).toMatchObject({ lastPage: 1, endIndex: 9 });
    expectError(await api('GET', '/api/apps/mailbox/mails?folder=inbox&page=0', undefined, token), 400, 'VALIDATION');
    expectError(await api('GET', '/api/apps/mailbox/mails?folder=nowhere', undefined, token), 404, 'NOT_FOUND');
  });

  it('applies folder, then filter, then label: the first given wins', async () => {
    const { owner, token } = await t.ownerToken();
    const label = expectOk(await api('POST', '/api/apps/mailbox/label', { label: { title: 'Payments', color: 'payments' } }, token));
    await fill(owner.id, 2, { subject: 'plain' });
    await fill(owner.id, 1, { subject: 'starred in spam', folder: 'spam', starred: true });
    await fill(owner.id, 1, { subject: 'labelled', labels: [label.id] });
    const subjects = async (q: string) => (await list(q, token)).mails.map((m: { subject: string }) => m.subject).sort();
    expect(await subjects('folder=spam&filter=important&label=payments')).toEqual(['starred in spam']);
    expect(await subjects('filter=starred&label=payments')).toEqual(['starred in spam']);
    expect(await subjects('label=payments')).toEqual(['labelled']);
    expect(await subjects('filter=important')).toEqual([]);
    expect(await subjects('')).toEqual(['labelled', 'plain', 'plain']);
    expectError(await api('GET', '/api/apps/mailbox/mails?label=nope', undefined, token), 404, 'NOT_FOUND');
    // The filter takes any boolean flag (spec 001 §7), unread too; a name that is no flag is refused.
    expect(await subjects('filter=unread')).toEqual([]);
    expectError(await api('GET', '/api/apps/mailbox/mails?filter=read', undefined, token), 400, 'VALIDATION');
  });
});

describe('mailbox: sending between users', () => {
  it('puts the sender’s copy in sent and a copy in each recipient’s inbox, bcc hidden from the others, with a notification', async () => {
    const sent = expectOk(
      await send({ to: [`Beto <${b.owner.email.toUpperCase()}>`], cc: [], bcc: [c.owner.email], subject: 'Quarter', content: 'Line 1\nLine 2\n\n<b>x</b>' }),
    );
    expect(sent).toMatchObject({
      type: 'mail',
      folder: folder('sent'),
      unread: false,
      from: { contact: `Ana Sender <${a.owner.email}>` },
      to: [`Beto Reader <${b.owner.email}>`],
      bcc: [`Carla Copy <${c.owner.email}>`],
      ccCount: 0,
      bccCount: 1,
      content: '<p>Line 1<br>Line 2</p><p>&lt;b&gt;x&lt;/b&gt;</p>',
    });
    const [bMail] = (await inboxOf(b.token)).filter((m) => m.subject === 'Quarter');
    const bFull = expectOk(await api('GET', `/api/apps/mailbox/mail?id=${bMail!.id}`, undefined, b.token));
    expect(bFull).toMatchObject({ folder: folder('inbox'), unread: true, bcc: [], bccCount: 0, to: [`Beto Reader <${b.owner.email}>`] });
    const [cMail] = (await inboxOf(c.token)).filter((m) => m.subject === 'Quarter');
    expect(expectOk(await api('GET', `/api/apps/mailbox/mail?id=${cMail!.id}`, undefined, c.token)).bcc).toEqual([`Carla Copy <${c.owner.email}>`]);
    const notes = await t.db.select().from(panelItems).where(eq(panelItems.ownerId, b.owner.id));
    expect(notes.find((n) => n.key === `mail:${bMail!.id}`)).toMatchObject({ title: 'New mail from Ana Sender', description: 'Quarter', box: 'notification' });
  });

  it('refuses what is not an address, and no recipient, and writes nothing', async () => {
    const before = [await t.count(mails), await t.count(panelItems)];
    expectError(await send({ to: ['not an address'] }), 400, 'VALIDATION', { paths: ['mail.to.0'] });
    expectError(await send({ to: [] }), 400, 'VALIDATION', { paths: ['mail.to'] });
    expect([await t.count(mails), await t.count(panelItems)]).toEqual(before);
  });

  it('sanitises HTML content on the server: no script, no handlers', async () => {
    expect(mailContent('<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">l</a><img src=x></p>', 'html')).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">l</a></p>',
    );
    const sent = expectOk(await send({ to: [b.owner.email], format: 'html', content: '<b>bold</b><iframe src="x"></iframe>' }));
    expect(sent.content).toBe('<b>bold</b>');
  });

  it('e-mails a new mail only to a recipient who asked for it', async () => {
    expectOk(await send({ to: [b.owner.email], subject: 'No e-mail' }));
    expect((await t.mailsTo(b.owner.email)).some((m) => m.subject.includes('No e-mail'))).toBe(false);
    expectOk(await api('PATCH', '/api/apps/mailbox/settings', { settings: { notifyByEmail: true } }, b.token));
    expectOk(await send({ to: [b.owner.email], subject: 'With e-mail' }));
    const last = await t.lastMailTo(b.owner.email);
    expect(last.subject).toBe('New mail from Ana Sender <' + a.owner.email + '>: With e-mail');
    expect(last.text).toContain('/apps/mailbox?folder=inbox&mail=');
  });
});

describe('mailbox: who an owner may write to (docs/product.md "Mailbox")', () => {
  /** What an owner is told of an address: status, code, message and the field it names, nothing else. */
  const refusal = async (address: string, token: string) => {
    const res = await send({ to: [address], subject: 'Who are you?' }, token);
    expectError(res, 400, 'VALIDATION', { paths: ['mail.to.0'] });
    return JSON.stringify(res.body).replaceAll(address, '<address>');
  };

  it('refuses an address with an account and one without with the same answer, naming no one, and writes nothing', async () => {
    const stranger = await t.ownerToken({ name: 'Dora Unrelated' });
    const before = [await t.count(mails), await t.count(panelItems)];
    const known = await refusal(stranger.owner.email, a.token);
    const unknown = await refusal('nobody@example.com', a.token);
    expect(known).toBe(unknown);
    expect(known).not.toContain('Dora');
    expect(known).not.toMatch(/not a user/i);
    expect(JSON.parse(known)).toMatchObject({ message: NOT_A_CORRESPONDENT, details: [{ path: 'mail.to.0', message: NOT_A_CORRESPONDENT }] });
    // With a known recipient beside it, the same: nothing goes to anyone.
    expectError(await send({ to: [b.owner.email, stranger.owner.email] }), 400, 'VALIDATION', { paths: ['mail.to.1'] });
    // In cc and bcc too; and a draft keeps what was typed, resolving no name.
    expectError(await send({ to: [b.owner.email], bcc: [stranger.owner.email] }), 400, 'VALIDATION', { paths: ['mail.bcc.0'] });
    const draft = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { to: [stranger.owner.email], cc: [], bcc: [], subject: 'x', content: '' } }));
    expect(draft.to).toEqual([stranger.owner.email]);
    expect((await inboxOf(stranger.token)).length).toBe(0);
    expect(await t.count(panelItems)).toBe(before[1]);
  });

  it('lets an owner write to the administrators, and to someone once they have written to the owner', async () => {
    const admin = expectOk(await t.api('GET', '/api/common/user', { token: await t.adminToken() }));
    const d = await t.ownerToken({ name: 'Dario New' });
    expectOk(await send({ to: [admin.email], subject: 'Help' }, d.token));
    // Neither of two unrelated owners may write to the other: the same answer as an unknown address.
    expect(await refusal(d.owner.email, a.token)).toBe(await refusal('nobody@example.com', a.token));
    expect(await refusal(a.owner.email, d.token)).toBe(await refusal('nobody@example.com', d.token));
    // Once D's mail is in A's inbox (one from before this rule, or one D could send), A may answer.
    await fill(a.owner.id, 1, { fromUserId: d.owner.id, fromName: 'Dario New', fromAddress: d.owner.email, subject: 'Hello from D' });
    const sent = expectOk(await send({ to: [d.owner.email], subject: 'Answer' }));
    expect(sent.to).toEqual([`Dario New <${d.owner.email}>`]);
    expect((await inboxOf(d.token)).map((m) => m.subject)).toContain('Answer');
  });

  it('lets an administrator write to anyone, and tells them which address is not a user', async () => {
    const admin = await t.adminToken();
    const e = await t.ownerToken({ name: 'Eva Owner' });
    const sent = expectOk(await send({ to: [e.owner.email], subject: 'From support' }, admin));
    expect(sent.to).toEqual([`Eva Owner <${e.owner.email}>`]);
    const err = expectError(await send({ to: [e.owner.email, 'nobody@example.com'] }, admin), 400, 'VALIDATION', { paths: ['mail.to.1'] });
    expect(err.message).toBe('nobody@example.com is not a user of Cuadre');
    // The owner answers the administrator.
    const adminEmail = expectOk(await t.api('GET', '/api/common/user', { token: admin })).email;
    expectOk(await send({ to: [adminEmail], subject: 'Thanks' }, e.token));
  });
});

describe('mailbox: drafts and attachments', () => {
  it('saves a draft as typed, attaches a file checked by its bytes, and sends it with the file to the recipient', async () => {
    const d = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { to: ['half-typed'], subject: 'Invoice' } }));
    expect(d).toMatchObject({ folder: folder('drafts'), to: ['half-typed'], subject: 'Invoice' });
    const d2 = expectOk(await api('PUT', '/api/apps/mailbox/draft', { id: d.id, draft: { to: [b.owner.email], subject: 'Invoice 7', content: 'Attached.' } }));
    expect(d2).toMatchObject({ id: d.id, subject: 'Invoice 7', to: [b.owner.email] });
    const withFile = expectOk(await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: a.token, body: fileForm(pdf, 'invoice.pdf') }));
    expect(withFile.attachments).toEqual([
      {
        id: expect.any(String),
        type: 'application/pdf',
        name: 'invoice.pdf',
        size: pdf.length,
        preview: 'pdf',
        downloadUrl: expect.stringMatching(/^\/api\/apps\/mailbox\/attachment\?id=/),
      },
    ]);
    // An executable named as a PDF, and bytes of no known type, are refused; nothing written.
    const n = await t.count(mailAttachments);
    expectError(
      await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: a.token, body: fileForm(Buffer.from('MZ\x90\x00\x03\x00binary'), 'x.pdf') }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: a.token, body: fileForm(Buffer.alloc(11 * 1024 * 1024, 0x41), 'big.txt') }),
      413,
      'TOO_LARGE',
    );
    expect(await t.count(mailAttachments)).toBe(n);

    const sent = expectOk(await api('POST', '/api/apps/mailbox/send', { id: d.id, mail: { to: [b.owner.email], subject: 'Invoice 7', content: 'Attached.' } }));
    expect(sent).toMatchObject({ id: d.id, folder: folder('sent') });
    const [got] = (await inboxOf(b.token)).filter((m) => m.subject === 'Invoice 7');
    const mail = expectOk(await api('GET', `/api/apps/mailbox/mail?id=${got!.id}`, undefined, b.token));
    expect(mail.attachments).toHaveLength(1);
    const file = await t.api('GET', mail.attachments[0].downloadUrl, { token: b.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.rawPayload.equals(pdf)).toBe(true);
    // Only the reader whose copy it is on may download it.
    expectError(await t.api('GET', mail.attachments[0].downloadUrl, { token: c.token }), 404, 'NOT_FOUND');
    // A sent mail is no longer a draft: no more files on it.
    expectError(await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: a.token, body: fileForm(pdf, 'again.pdf') }), 404, 'NOT_FOUND');
  });

  it('forwards a mail with its attachments', async () => {
    const d = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { subject: 'To forward' } }));
    expectOk(await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: a.token, body: fileForm(Buffer.from('a,b\n1,2\n'), 'data.csv') }));
    const fwd = expectOk(await send({ to: [c.owner.email], subject: 'Fwd: To forward' }, a.token, { attachmentsFrom: d.id }));
    expect(fwd.attachments.map((x: { name: string; type: string }) => [x.name, x.type])).toEqual([['data.csv', 'text/csv; charset=utf-8']]);
    expectError(await send({ to: [c.owner.email] }, b.token, { attachmentsFrom: d.id }), 404, 'NOT_FOUND');
  });
});

describe('mailbox: flags, folders, labels and the trash', () => {
  it('toggles flags by partial update, moves between allowed folders, labels, and strips a deleted label from every mail', async () => {
    expectOk(await send({ to: [b.owner.email], subject: 'Flags' }));
    const [m] = (await inboxOf(b.token)).filter((x) => x.subject === 'Flags');
    const patch = (mail: Record<string, unknown>, token = b.token) => api('PATCH', '/api/apps/mailbox/mail', { id: m!.id, mail }, token);
    expect(expectOk(await patch({ starred: true }))).toMatchObject({ starred: true, important: false, unread: true });
    expect(expectOk(await patch({ unread: false, important: true }))).toMatchObject({ starred: true, important: true, unread: false });
    const label = expectOk(await api('POST', '/api/apps/mailbox/label', { label: { title: 'Clients', color: 'work' } }, b.token));
    expect(expectOk(await patch({ labels: [label.id] })).labels).toEqual([label.id]);
    expect((await list('label=clients', b.token)).mails.map((x: { id: string }) => x.id)).toEqual([m!.id]);
    expectError(await patch({ folder: folder('sent') }), 400, 'VALIDATION', { paths: ['mail.folder'] });
    const aLabel = expectOk(await api('POST', '/api/apps/mailbox/label', { label: { title: 'Mine' } }));
    expectError(await patch({ labels: [aLabel.id] }), 400, 'VALIDATION', { paths: ['mail.labels.0'] });
    expect(expectOk(await patch({ folder: folder('trash') })).folder).toBe(folder('trash'));
    expect(expectOk(await patch({ folder: folder('inbox') })).folder).toBe(folder('inbox'));
    expect(expectOk(await api('DELETE', `/api/apps/mailbox/label?id=${label.id}`, undefined, b.token))).toBe(true);
    expect(expectOk(await api('GET', `/api/apps/mailbox/mail?id=${m!.id}`, undefined, b.token)).labels).toEqual([]);
    expectError(await api('DELETE', `/api/apps/mailbox/label?id=${label.id}`, undefined, b.token), 404, 'NOT_FOUND');
  });

  it('empties the trash: its mails, attachments and files go; the rest stay', async () => {
    const { owner, token } = await t.ownerToken();
    const d = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { subject: 'Doomed' } }, token));
    expectOk(await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token, body: fileForm(pdf, 'a.pdf') }));
    expectOk(await api('PATCH', '/api/apps/mailbox/mail', { id: d.id, mail: { folder: folder('trash') } }, token));
    await fill(owner.id, 2);
    expect(expectOk(await api('DELETE', '/api/apps/mailbox/trash', undefined, token))).toEqual({ deleted: 1 });
    expect(await t.count(mails, eq(mails.ownerId, owner.id))).toBe(2);
    // Restored to the inbox, a draft goes back to drafts.
    const d2 = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { subject: 'Back' } }, token));
    expectOk(await api('PATCH', '/api/apps/mailbox/mail', { id: d2.id, mail: { folder: folder('trash') } }, token));
    expect(expectOk(await api('PATCH', '/api/apps/mailbox/mail', { id: d2.id, mail: { folder: folder('inbox') } }, token)).folder).toBe(folder('drafts'));
    expect(await t.count(mailAttachments, eq(mailAttachments.ownerId, owner.id))).toBe(0);
  });
});

describe('mailbox: isolation', () => {
  it('answers 404 for another user’s mail, label, attachment and draft; lists never show them; a PATCH of their label is null and changes nothing', async () => {
    const d = expectOk(await api('PUT', '/api/apps/mailbox/draft', { draft: { subject: 'Private' } }));
    const label = expectOk(await api('POST', '/api/apps/mailbox/label', { label: { title: 'Secret' } }));
    const other = c.token;
    expectError(await api('GET', `/api/apps/mailbox/mail?id=${d.id}`, undefined, other), 404, 'NOT_FOUND');
    expectError(await api('PATCH', '/api/apps/mailbox/mail', { id: d.id, mail: { starred: true } }, other), 404, 'NOT_FOUND');
    expectError(await api('PUT', '/api/apps/mailbox/draft', { id: d.id, draft: { subject: 'Taken' } }, other), 404, 'NOT_FOUND');
    expectError(await api('POST', '/api/apps/mailbox/send', { id: d.id, mail: { to: [c.owner.email] } }, other), 404, 'NOT_FOUND');
    expectError(await t.api('POST', `/api/apps/mailbox/attachment?mailId=${d.id}`, { token: other, body: fileForm(pdf, 'x.pdf') }), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/api/apps/mailbox/label?id=${label.id}`, undefined, other), 404, 'NOT_FOUND');
    expect(expectOk(await api('PATCH', '/api/apps/mailbox/label', { id: label.id, label: { title: 'Hacked' } }, other))).toBeNull();
    expect(expectOk(await api('GET', '/api/apps/mailbox/labels')).find((l: { id: string }) => l.id === label.id).title).toBe('Secret');
    expectError(await api('GET', '/api/apps/mailbox/mails?label=secret', undefined, other), 404, 'NOT_FOUND');
    expect((await list('folder=drafts', other)).mails.some((m: { id: string }) => m.id === d.id)).toBe(false);
    expectError(await t.api('GET', '/api/apps/mailbox/folders'), 401, 'UNAUTHORIZED');
  });
});
