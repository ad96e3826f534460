import { randomBytes } from 'node:crypto';
import type { AdminCreateUserBody, AdminStats, AdminUpdateUserBody, AdminUser, AdminUserQuery } from '@cuadre/contracts';
import { conflict, forbidden, notFound, validation } from '../../lib/errors.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { toUser } from '../users/users.mapper.js';
import type { UserRow, UsersRepository } from '../users/users.repository.js';
import type { Authenticated, AuthService } from '../auth/auth.service.js';
import type { PlansRepository } from '../plans/plans.routes.js';
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
  constructor(
    private readonly repo: AdminRepository,
    private readonly users: UsersRepository,
    private readonly plans: PlansRepository,
    private readonly auth: AuthService,
  ) {}

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
    const row = await this.users.insertIfNew({
      name: body.name,
      email: body.email,
      company: body.company || null,
      role: body.role,
      plan: body.plan,
      passwordHash: await hashPassword(body.password ?? randomBytes(32).toString('base64url')),
      emailConfirmedAt: new Date(),
    });
    // Taken since the check above, by a request that raced this one.
    if (!row) throw taken();
    if (!body.password) await this.auth.sendResetMail(row);
    return toAdminUser(row);
  }

  /** An administrator cannot demote or disable themselves; disabling ends the person's sessions at once. */
  async update(actor: Authenticated, id: string, body: AdminUpdateUserBody) {
    const row = await this.users.byId(id);
    if (!row) throw notFound('User');
    if (id === actor.user.id && ((body.role && body.role !== 'admin') || body.status === 'disabled')) {
      throw forbidden('You cannot demote or disable your own account');
    }
    await this.checkPlan(body.plan);
    const updated = await this.users.update(id, body);
    if (body.status === 'disabled' && row.status !== 'disabled') await this.users.revokeAllSessions(id);
    return toAdminUser(updated!);
  }

  async sendReset(id: string): Promise<true> {
    const row = await this.users.byId(id);
    if (!row) throw notFound('User');
    await this.auth.sendResetMail(row);
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
    };
  }
}
