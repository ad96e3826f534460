import { z } from 'zod/mini';
import { ZPageQuery, listOf } from '../common/pagination.js';
import { ZAccountStatus, ZCompany, ZPersonName, ZPlanId, ZRole, ZUser } from '../common/user.js';
import { ZEmail, ZNewPassword } from '../auth/auth.js';
import { text, ZUuid } from '../common/text.js';

export const ADMIN_USER_SORTS = ['name', 'email', 'createdAt', 'plan', 'role', 'status'] as const;

export const ZAdminUserQuery = z.extend(ZPageQuery, {
  search: z.optional(text(120, z.trim())),
  role: z.optional(ZRole),
  plan: z.optional(ZPlanId),
  status: z.optional(ZAccountStatus),
  sort: z._default(z.enum(ADMIN_USER_SORTS), 'createdAt'),
});
export type AdminUserQuery = z.infer<typeof ZAdminUserQuery>;

export const ZAdminUser = z.extend(ZUser, { lastActiveAt: z.nullable(z.string()) });
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserList = listOf(ZAdminUser);
export type AdminUserList = z.infer<typeof ZAdminUserList>;

export const ZAdminCreateUserBody = z.object({
  name: ZPersonName,
  email: ZEmail,
  password: z.optional(ZNewPassword),
  role: z._default(ZRole, 'user'),
  plan: z._default(ZPlanId, 'free'),
  company: z.optional(ZCompany),
});
export type AdminCreateUserBody = z.infer<typeof ZAdminCreateUserBody>;

export const ZAdminUpdateUserBody = z.strictObject({
  name: z.optional(ZPersonName),
  role: z.optional(ZRole),
  plan: z.optional(ZPlanId),
  status: z.optional(ZAccountStatus),
  /** Moves the end of the account's trial (an ISO instant with its offset), or ends it with null. */
  trialEndsAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
});
export type AdminUpdateUserBody = z.infer<typeof ZAdminUpdateUserBody>;

export const ZIdParam = z.object({ id: ZUuid });

export const ZAdminStats = z.object({
  totalUsers: z.int(),
  byPlan: z.array(z.object({ plan: z.string(), count: z.int() })),
  byStatus: z.array(z.object({ status: z.string(), count: z.int() })),
  signupsPerMonth: z.array(z.object({ month: z.string(), count: z.int() })),
  activeLast30Days: z.int(),
  recentSignups: z.array(ZAdminUser),
  /** Support requests not answered yet. */
  openSupportRequests: z.int(),
});
export type AdminStats = z.infer<typeof ZAdminStats>;
