import { randomBytes } from 'node:crypto';
import type { AdminCreateUserBody, AdminStats, AdminUpdateUserBody, AdminUser, AdminUserQuery } from '@cuadre/contracts';
import { withTransaction, type Db } from '../../db/client.js';
import { conflict, forbidden, notFound, validation } from '../../lib/errors.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { toUser, UsersRepository, type UserRow } from '../users/index.js';
import type { Authenticated, AuthService } from '../auth/index.js';
import { AuditRepository } from '../books/index.js';
import type { PlanRequestsService, PlansRepository } from '../plans/index.js';
import { FREE_PLAN } from '@cuadre/contracts';
import type { AdminRepository } from './admin.repository.js';

const toAdminUser = (row: UserRow): AdminUser => ({ ...toUser(row), lastActiveAt: row.lastActiveAt?.toISOString() ?? null });

/** Last 12 months, oldest first, with zero for months without sign-ups, so the chart has no gaps. */
function fillMonths(rows: { month: string; count: number }[], now = new Date()) {
  const byMonth = new Map(rows.map((r) => [r.month, r.count]));
  const out: { month: string; count: number }[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ month: key, count: byMonth.get(key) ?? 0 });
  }
  return out;
}

export class AdminService {
  private readonly users: UsersRepository;
  constructor(
    private readonly db: Db,
    private readonly repo: AdminRepository,
    private readonly plans: PlansRepository,
    private readonly auth: AuthService,
    private readonly planRequests: PlanRequestsService,
  ) {
    this.users = new UsersRepository(db);
  }

  async list(q: AdminUserQuery) {
    const { items, total } = await this.repo.listUsers(q);
    return { items: items.map(toAdminUser), pagination: { page: q.page, size: q.size, total, lastPage: Math.max(1, Math.ceil(total / q.size)) } };
  }

  async get(id: string) {
    const row = await this.users.byId(id);
    if (!row) throw notFound('User');
    return toAdminUser(row);
  }

  private async checkPlan(plan: string | undefined) {
    if (plan !== undefined && !(await this.plans.exists(plan))) throw validation('Unknown plan', [{ path: 'plan', message: 'Unknown plan' }]);
  }

  /** An account an administrator creates is confirmed; without a password, the person gets a reset mail to choose one. */
  async create(body: AdminCreateUserBody) {
    await this.checkPlan(body.plan);
    if (body.password && isCommonPassword(body.password, body.email)) {
      throw validation('Choose a less common password', [{ path: 'password', message: 'This password is too common; choose another' }]);
    }
    const taken = () => conflict('A user with this email already exists', [{ path: 'email', message: 'Already in use' }]);
    if (await this.users.byEmail(body.email)) throw taken();
    const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
    const row = await withTransaction(this.db, async (tx) => {
      const created = await new UsersRepository(tx).insertIfNew({
        name: body.name,
        email: body.email,
        company: body.company || null,
        role: body.role,
        plan: body.plan,
        passwordHash,
        emailConfirmedAt: new Date(),
      });
      // Taken since the check above, by a request that raced this one.
      if (!created) throw taken();
      if (!body.password) await this.auth.links.queueResetMail(tx, created.id);
      return created;
    });
    this.auth.links.wake();
    return toAdminUser(row);
  }

  /**
   * An administrator cannot demote or disable themselves, and nobody can demote or disable the last
   * active administrator: the check locks the administrators' rows in the same transaction as the
   * change, so two such changes at once cannot both pass. Disabling ends the person's sessions and
   * pending mail links at once.
   */
  async update(actor: Authenticated, id: string, body: AdminUpdateUserBody) {
    // Ids arrive in the database's lower case (the contract normalises them), so this compare is exact.
    if (id === actor.user.id && ((body.role && body.role !== 'admin') || body.status === 'disabled')) {
      throw forbidden('You cannot demote or disable your own account');
    }
    await this.checkPlan(body.plan);
    // Read before the transaction, which holds the embedded database's one connection.
    const planName = body.plan !== undefined ? (await this.plans.get(body.plan))?.name : undefined;
    const updated = await withTransaction(this.db, async (tx) => {
      const users = new UsersRepository(tx);
      const leavesAdmins = (body.role !== undefined && body.role !== 'admin') || body.status === 'disabled';
      const admins = leavesAdmins ? await users.lockActiveAdmins() : [];
      const row = await users.byId(id);
      if (!row) throw notFound('User');
      if (leavesAdmins && admins.includes(row.id) && admins.length <= 1) {
        const field = body.status === 'disabled' ? 'status' : 'role';
        throw conflict('This is the last active administrator; make another one first', [{ path: field, message: 'The last active administrator stays' }]);
      }
      const { trialEndsAt, ...fields } = body;
      // A paid plan activated ends the trial (its end is no longer the owner's concern) and answers the
      // owner's waiting plan requests; an explicit trialEndsAt moves or ends the trial.
      const activates = body.plan !== undefined && body.plan !== FREE_PLAN && body.plan !== row.plan;
      const trial = trialEndsAt !== undefined ? { trialEndsAt: trialEndsAt === null ? null : new Date(trialEndsAt) } : activates ? { trialEndsAt: null } : {};
      const next = await users.update(id, { ...fields, ...trial });
      if (body.status === 'disabled' && row.status !== 'disabled') {
        await users.revokeAllSessions(id);
        await this.auth.links.endPendingLinks(tx, id);
      }
      const answered = activates && (await this.planRequests.answerOnActivation(tx, actor.user.id, id, planName!));
      return { row: next!, answered };
    });
    if (updated.answered) this.planRequests.told(id);
    return toAdminUser(updated.row);
  }

  /**
   * Turns another user's two-step sign-in off (they lost their phone and their recovery codes): in
   * one transaction with its line in the user's audit trail (by whom) and the mail telling them.
   */
  async resetMfa(actor: Authenticated, id: string): Promise<AdminUser> {
    if (id === actor.user.id) throw forbidden('Turn your own two-step sign-in off in your settings');
    const row = await withTransaction(this.db, async (tx) => {
      const target = await new UsersRepository(tx).byId(id);
      if (!target) throw notFound('User');
      if (!target.mfaEnabledAt) throw conflict('Two-step sign-in is not on for this user');
      await this.auth.mfa.clear(tx, id);
      await new AuditRepository(tx, id, actor.user.id).record('mfa', id, 'delete', { mfaEnabledAt: target.mfaEnabledAt }, null);
      await this.auth.links.queueMfaResetMail(tx, id);
      return (await new UsersRepository(tx).byId(id))!;
    });
    this.auth.links.wake();
    return toAdminUser(row);
  }

  async sendReset(id: string): Promise<true> {
    const row = await this.users.byId(id);
    if (!row) throw notFound('User');
    await this.auth.links.sendResetMail(row);
    return true;
  }

  async stats(): Promise<AdminStats> {
    const s = await this.repo.stats();
    return {
      totalUsers: s.total,
      byPlan: s.byPlan,
      byStatus: s.byStatus,
      signupsPerMonth: fillMonths(s.signups),
      activeLast30Days: s.active,
      recentSignups: s.recent.map(toAdminUser),
      openSupportRequests: Number(s.openSupport),
    };
  }
}
