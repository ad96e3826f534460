import type { SupportRequest } from '@cuadre/contracts';
import { ErrorCode } from '@cuadre/contracts';
import { withTransaction, type Db, type Tx } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { AppError, conflict, isUniqueViolation, notFound, validation } from '../../lib/errors.js';
import { sniffReceipt } from '../../lib/file-store.js';
import type { MailJob, MailQueue } from '../mail/index.js';
import type { Authenticated } from '../auth/index.js';
import { accountLanguage } from '../../lib/language.js';
import { PANEL_TEXTS, PanelItemsRepository } from '../panels/index.js';
import { supportAnswerMail } from './support.mail.js';
import { SupportRepository } from './support.repository.js';

type ListQuery = Parameters<SupportRepository['list']>[0];
export type Joined = NonNullable<Awaited<ReturnType<SupportRepository['get']>>>;

/**
 * Support requests: an owner writes one from the help center (with a screenshot if they like); the
 * administrators see it in their list and their notifications, and answer; the answer reaches the
 * owner as a message, a notification and a mail in their language.
 */
export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {
    mail.register('support_answer', (tx, job) => this.composeAnswer(tx, job));
  }

  async create(auth: Authenticated, subject: string, message: string): Promise<SupportRequest> {
    const repo = new SupportRepository(this.db, auth.user.id);
    const row = await repo.create(auth.user.id, subject, message);
    // The administrators' tabs read their notifications again, where the rule finds the request.
    this.events.publish(await repo.adminIds());
    return out((await repo.get(row.id))!);
  }

  async attachScreenshot(auth: Authenticated, id: string, data: Buffer): Promise<SupportRequest> {
    const mime = sniffReceipt(data);
    if (!mime || mime === 'application/pdf') throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Attach a JPEG, PNG or WebP image');
    const repo = new SupportRepository(this.db, auth.user.id);
    const current = await repo.get(id);
    if (!current) throw notFound('Support request');
    if (current.request.status !== 'open') throw new AppError(409, ErrorCode.CONFLICT, 'The request is already answered');
    await repo.update(id, { screenshot: data, screenshotMime: mime });
    return out((await repo.get(id))!);
  }

  async mine(auth: Authenticated, q: ListQuery) {
    return this.page(new SupportRepository(this.db, auth.user.id), q);
  }

  async all(q: ListQuery) {
    return this.page(new SupportRepository(this.db), q);
  }

  async screenshot(id: string, forUser?: string): Promise<{ data: Buffer; mime: string }> {
    const row = await new SupportRepository(this.db, forUser).screenshot(id);
    if (!row?.data || !row.mime) throw notFound('Screenshot');
    return { data: row.data, mime: row.mime };
  }

  /** An administrator answers (the request becomes answered), or sets the status alone (closed, open again). */
  async answer(admin: Authenticated, id: string, body: { answer?: string; status?: SupportRequest['status'] }): Promise<SupportRequest> {
    if (!body.answer && !body.status) throw validation('Give an answer or a status', [{ path: 'answer', message: 'Give an answer or a status' }]);
    if (body.status === 'answered' && !body.answer) throw validation('An answered request needs its answer', [{ path: 'answer', message: 'Write the answer' }]);
    const result = await withTransaction(this.db, async (tx) => {
      const repo = new SupportRepository(tx);
      const current = await repo.get(id);
      if (!current) throw notFound('Support request');
      if (!body.answer) {
        if (body.status === 'open' && current.request.answer) await repo.update(id, { status: 'answered' });
        else await repo.update(id, { status: body.status! });
        return { row: (await repo.get(id))!, answered: false };
      }
      const now = new Date();
      await repo.update(id, { status: body.status === 'closed' ? 'closed' : 'answered', answer: body.answer, answeredBy: admin.user.id, answeredAt: now });
      const row = (await repo.get(id))!;
      await tellAsker(tx, this.mail, row, body.answer, now);
      return { row, answered: true };
    }).catch((err: unknown) => {
      // Reopening a plan request while the owner has another one waiting (one at a time, by a unique index).
      if (isUniqueViolation(err))
        throw conflict('This owner has another plan request waiting; answer that one', [{ path: 'status', message: 'Another request waits' }]);
      throw err;
    });
    if (result.answered) {
      this.events.publish([result.row.user.id]);
      this.mail.kick();
    }
    return out(result.row);
  }

  private async composeAnswer(tx: Tx, job: MailJob) {
    if (!job.refId) return undefined;
    const row = await new SupportRepository(tx).get(job.refId);
    if (!row?.request.answer) return undefined;
    const lang = accountLanguage({ preferences: row.user.preferences });
    return supportAnswerMail(lang, row.user.email, row.user.name, row.request.subject, row.request.answer, `${this.publicUrl}${answerLink(row)}`);
  }

  private async page(repo: SupportRepository, q: ListQuery) {
    const { page, size } = q;
    const { items, total } = await repo.list(q);
    return { items: items.map(out), pagination: { page, size, total, lastPage: Math.max(1, Math.ceil(total / size)) } };
  }
}

/** Where the asker reads the answer: a plan request's on the plans page, which a free-plan owner can still reach. */
const answerLink = (r: Joined) => (r.request.planId ? '/user/pricing' : '/user/help-center/support');

/**
 * The answer as a message, a notification (once per request) and a mail, in the asker's language.
 * Also used when an administrator answers a plan request by activating a plan.
 */
export async function tellAsker(tx: Tx, mail: MailQueue, row: Joined, answer: string, at: Date) {
  const t = PANEL_TEXTS[accountLanguage({ preferences: row.user.preferences })];
  const link = answerLink(row);
  const icon = 'heroicons_outline:lifebuoy';
  await new PanelItemsRepository(tx, row.user.id, 'message').addKeyed([
    {
      key: `support_answer:${row.request.id}:${at.getTime()}`,
      title: t.answerMessage(row.request.subject),
      description: answer,
      icon,
      link,
      useRouter: true,
    },
  ]);
  await new PanelItemsRepository(tx, row.user.id, 'notification').addKeyed([
    { key: `support_answered:${row.request.id}`, ...t.supportAnswered(row.request.subject), icon, link, useRouter: true },
  ]);
  await mail.enqueue(tx, { kind: 'support_answer', userId: row.user.id, email: null, created: false, refId: row.request.id });
}

const out = (r: Joined): SupportRequest => ({
  id: r.request.id,
  subject: r.request.subject,
  message: r.request.message,
  status: r.request.status,
  answer: r.request.answer,
  answeredAt: r.request.answeredAt?.toISOString() ?? null,
  hasScreenshot: !!r.request.screenshotMime,
  createdAt: r.request.createdAt.toISOString(),
  user: { id: r.user.id, name: r.user.name, email: r.user.email, plan: r.user.plan },
  planId: r.request.planId,
});
