import { FREE_PLAN, type PlanRequest, type PlanRequestBody } from '@cuadre/contracts';
import { withTransaction, type Db, type Tx } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { conflict, forbidden, validation } from '../../lib/errors.js';
import type { MailQueue } from '../mail/index.js';
import type { Authenticated } from '../auth/index.js';
import { accountLanguage } from '../../lib/language.js';
import { SupportRepository, tellAsker, type Joined } from '../help/index.js';
import { PanelItemsRepository } from '../panels/index.js';
import type { PlansRepository } from './plans.repository.js';
import { PLAN_REQUEST_TEXTS } from './texts.js';

const STATUS = { open: 'pending', answered: 'answered', closed: 'closed' } as const;

const out = (r: Joined): PlanRequest => ({
  id: r.request.id,
  planId: r.request.planId!,
  status: STATUS[r.request.status],
  message: r.request.message,
  answer: r.request.answer,
  createdAt: r.request.createdAt.toISOString(),
  answeredAt: r.request.answeredAt?.toISOString() ?? null,
});

/**
 * An owner asks for a plan from the plans page. The request is a support request (the administrators
 * answer it where they answer the others) with the plan it asks for, and each administrator gets a
 * notification at once. Activating a plan for the owner answers every request still waiting.
 */
export class PlanRequestsService {
  constructor(
    private readonly db: Db,
    private readonly plans: PlansRepository,
    private readonly events: EventBus,
    private readonly mail: MailQueue,
  ) {}

  /** The owner's newest plan request, whatever its state; only theirs is in reach. */
  async latest(auth: Authenticated): Promise<PlanRequest | null> {
    const [row] = await new SupportRepository(this.db, auth.user.id).planRequests({ limit: 1 });
    return row ? out(row) : null;
  }

  async request(auth: Authenticated, body: PlanRequestBody): Promise<PlanRequest> {
    const { user } = auth;
    if (user.role === 'admin') throw forbidden('Administrators set plans in Users');
    const plan = await this.plans.get(body.planId);
    if (!plan || !plan.active || plan.id === FREE_PLAN) {
      throw validation('Choose one of the paid plans on offer', [{ path: 'planId', message: 'Not a paid plan on offer' }]);
    }
    if (user.plan === plan.id) throw conflict(`Your account is already on the ${plan.name} plan`, [{ path: 'planId', message: 'Already your plan' }]);
    const t = PLAN_REQUEST_TEXTS[accountLanguage(user)];
    const { row, admins } = await withTransaction(this.db, async (tx) => {
      const repo = new SupportRepository(tx, user.id);
      // One waiting request at a time (a unique index): the administrators answer it before the owner asks again.
      const created = await repo.createPlanRequest(user.id, t.subject(plan.name), body.message || t.message(plan.name, user.email), plan.id);
      if (!created) throw conflict('Your plan request is waiting for an answer', [{ path: 'planId', message: 'A request is already waiting' }]);
      const admins = await repo.admins();
      for (const admin of admins) {
        // The key the notification rule gives every support request, so the request is told once.
        await new PanelItemsRepository(tx, admin.id, 'notification').addKeyed([
          {
            key: `support:${created.id}`,
            ...PLAN_REQUEST_TEXTS[accountLanguage(admin)].notification(user.name, plan.name),
            icon: 'heroicons_outline:credit-card',
            link: `/users?search=${encodeURIComponent(user.email)}`,
            useRouter: true,
          },
        ]);
      }
      return { row: (await repo.get(created.id))!, admins };
    });
    this.events.publish(admins.map((a) => a.id));
    return out(row);
  }

  /**
   * Called in the transaction in which an administrator moves `userId` to the paid plan `planName`:
   * the owner's waiting plan requests are answered (message, notification and mail, as an answer
   * written by hand is). Returns whether any was, so the caller tells the owner once it commits.
   */
  async answerOnActivation(tx: Tx, adminId: string, userId: string, planName: string): Promise<boolean> {
    const repo = new SupportRepository(tx, userId);
    const waiting = await repo.planRequests({ open: true });
    const at = new Date();
    for (const r of waiting) {
      const answer = PLAN_REQUEST_TEXTS[accountLanguage(r.user)].activated(planName);
      await repo.update(r.request.id, { status: 'answered', answer, answeredBy: adminId, answeredAt: at });
      await tellAsker(tx, this.mail, (await repo.get(r.request.id))!, answer, at);
    }
    return waiting.length > 0;
  }

  /** After the activation's transaction committed: the owner's tabs read their panels, the mail goes. */
  told(userId: string) {
    this.events.publish([userId]);
    this.mail.kick();
  }
}
