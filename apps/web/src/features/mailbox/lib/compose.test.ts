import { describe, expect, it } from 'vitest';
import type { Mail } from '@cuadre/contracts';
import { addressOf, fileSize, forwardOf, fromDraft, htmlToText, nameOf, replyTo, splitAddresses, toDraft } from './compose';

const mail: Mail = {
  id: 'm1',
  type: 'mail',
  from: { avatar: null, contact: 'Ana Ruiz <ana@example.com>' },
  to: ['Me <me@example.com>', 'Beto <beto@example.com>'],
  cc: ['Carla <carla@example.com>', 'ME@example.com'],
  bcc: [],
  ccCount: 2,
  bccCount: 0,
  date: '2026-01-02T10:00:00.000Z',
  subject: 'Invoice',
  content: '<p>Line one<br>Line two</p><p>Second &amp; last</p>',
  attachments: [{ id: 'a1', type: 'application/pdf', name: 'x.pdf', size: 10, preview: 'pdf', downloadUrl: '/api/apps/mailbox/attachment?id=a1' }],
  starred: false,
  important: false,
  unread: true,
  folder: 'f',
  labels: [],
};

describe('compose helpers', () => {
  it('splits typed addresses at commas and semicolons, and reads names and addresses', () => {
    expect(splitAddresses(' a@x.com, Bea <b@y.com>;; c@z.com ')).toEqual(['a@x.com', 'Bea <b@y.com>', 'c@z.com']);
    expect(addressOf('Bea <B@Y.com>')).toBe('b@y.com');
    expect(addressOf('c@z.com')).toBe('c@z.com');
    expect(nameOf('Bea <b@y.com>')).toBe('Bea');
    expect(nameOf('c@z.com')).toBe('c@z.com');
    expect(toDraft({ to: 'a@x.com, b@y.com', cc: '', bcc: 'c@z.com', subject: 'S', content: 'C' })).toEqual({
      to: ['a@x.com', 'b@y.com'],
      cc: [],
      bcc: ['c@z.com'],
      subject: 'S',
      content: 'C',
      format: 'text',
    });
  });

  it('turns the sanitised HTML back into the text the compose box edits', () => {
    expect(htmlToText(mail.content)).toBe('Line one\nLine two\n\nSecond & last');
  });

  it('replies to the sender; reply all adds the others but me, the cc kept without me', () => {
    const one = replyTo(mail, 'me@example.com', false, 'Ana wrote:');
    expect(one.form).toMatchObject({ to: 'Ana Ruiz <ana@example.com>', cc: '', subject: 'Re: Invoice' });
    expect(one.form.content).toBe('\n\nAna wrote:\n> Line one\n> Line two\n> \n> Second & last');
    const all = replyTo(mail, 'me@example.com', true, 'Ana wrote:');
    expect(all.form.to).toBe('Ana Ruiz <ana@example.com>, Beto <beto@example.com>');
    expect(all.form.cc).toBe('Carla <carla@example.com>');
    expect(replyTo({ ...mail, subject: 'Re: Invoice' }, 'me@example.com', false, '').form.subject).toBe('Re: Invoice');
  });

  it('forwards with the attachments carried, and opens a draft as it was', () => {
    const f = forwardOf(mail, 'Forwarded:');
    expect(f.form).toMatchObject({ to: '', subject: 'Fwd: Invoice' });
    expect(f.attachmentsFrom).toBe('m1');
    expect(forwardOf({ ...mail, attachments: [] }, '').attachmentsFrom).toBeUndefined();
    expect(fromDraft(mail)).toMatchObject({
      id: 'm1',
      form: { cc: 'Carla <carla@example.com>, ME@example.com', content: 'Line one\nLine two\n\nSecond & last' },
    });
  });

  it('writes sizes as people read them', () => {
    expect(fileSize(512, 'en')).toBe('512 B');
    expect(fileSize(2048, 'en')).toBe('2 KB');
    expect(fileSize(3.5 * 1024 * 1024, 'en')).toBe('3.5 MB');
  });
});
