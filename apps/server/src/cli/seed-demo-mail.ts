/**
 * The demo owner's mailbox (`npm run seed:demo`): a few mails between them and the administrator
 * (the service's support), one with a PDF, and two labels. Written through the mailbox's service, as
 * the two people would write them; the administrator has no password the seed knows, so no sign-in.
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { buildApp } from '../app.js';
import type { Config } from '../config/env.js';
import { users } from '../db/schema/index.js';
import { EventBus } from '../lib/events.js';
import { FileStore } from '../lib/file-store.js';
import { MailboxService } from '../modules/mailbox/index.js';

type App = Awaited<ReturnType<typeof buildApp>>;

export async function writeMail(app: App, config: Config, email: string, pdf: Buffer): Promise<number> {
  const db = app.database.db;
  const [owner] = await db.select().from(users).where(eq(users.email, email));
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(users.createdAt)).limit(1);
  if (!owner || !admin) return 0;
  const mailbox = new MailboxService(
    db,
    new FileStore(path.join(config.dataDir, 'attachments')),
    new EventBus(undefined, 'seed', app.log),
    app.mailQueue,
    config.publicUrl,
  );
  const me = { user: owner };
  const support = { user: admin };
  const to = (u: typeof owner) => [`${u.name} <${u.email}>`];
  const text = (content: string) => ({ cc: [], bcc: [], format: 'text' as const, content });

  await mailbox.send(support, undefined, {
    to: to(owner),
    subject: 'Welcome to Cuadre',
    ...text(
      `Hello ${owner.name},\n\nWelcome aboard. Your books are ready: record the day's income from the hub, and close each month when it is done.\n\nWrite to us here whenever you need a hand.\n\nThe Cuadre team`,
    ),
  });
  const draft = await mailbox.saveDraft(me, undefined, {
    to: to(admin),
    subject: 'Question about the quarterly estimate',
    ...text(
      'Hello,\n\nThe annual total shows an estimated payment for this quarter. Should it include the catering income from October? The invoice is attached.\n\nThank you,\nMarta',
    ),
  });
  await mailbox.attach(me, draft.id, { data: pdf, filename: 'Catering invoice October.pdf' });
  await mailbox.send(me, draft.id, {
    to: to(admin),
    subject: 'Question about the quarterly estimate',
    ...text(
      'Hello,\n\nThe annual total shows an estimated payment for this quarter. Should it include the catering income from October? The invoice is attached.\n\nThank you,\nMarta',
    ),
  });
  const answer = await mailbox.send(support, undefined, {
    to: to(owner),
    subject: 'Re: Question about the quarterly estimate',
    ...text(
      'Hello Marta,\n\nYes: the estimate counts every income entry of the quarter, the catering included. Once October is closed the figure will not change.\n\nThe Cuadre team',
    ),
  });
  await mailbox.saveDraft(me, undefined, { to: to(admin), subject: 'Opening hours for the holidays', ...text('Hello,\n\nCould the help center') });

  const supportLabel = await mailbox.createLabel(me, 'Support', 'work');
  await mailbox.createLabel(me, 'Suppliers', 'payments');
  const inbox = await mailbox.list(me, { folder: 'inbox', page: 1 });
  for (const m of inbox.mails)
    await mailbox.update(me, m.id, { labels: [supportLabel.id], ...(m.subject === answer.subject ? { starred: true, important: true } : {}) });
  const welcome = inbox.mails.find((m) => m.subject === 'Welcome to Cuadre');
  if (welcome) await mailbox.update(me, welcome.id, { unread: false });
  return 5;
}
