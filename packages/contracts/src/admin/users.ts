import { z } from 'zod';
import { ZPageQuery, listOf } from '../common/pagination.js';
import { ZAccountStatus, ZPlanId, ZRole, ZUser } from '../common/user.js';
import { ZEmail, ZNewPassword } from '../auth/auth.js';

export const ADMIN_USER_SORTS = ['name', 'email', 'createdAt', 'plan', 'role', 'status'] as const;

export const ZAdminUserQuery = ZPageQuery.extend({
  search: z.string().trim().max(120).optional(),
  role: ZRole.optional(),
  plan: ZPlanId.optional(),
  status: ZAccountStatus.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
});
export type AdminUserQuery = z.infer<typeof ZAdminUserQuery>;

export const ZAdminUser = ZUser.extend({ lastActiveAt: z.string().nullable() });
export type AdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserList = listOf(ZAdminUser);

export const ZAdminCreateUserBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: ZEmail,
  password: ZNewPassword.optional(),
  role: ZRole.default('user'),
  plan: ZPlanId.default('free'),
  company: z.string().trim().max(160).optional(),
});
export type AdminCreateUserBody = z.infer<typeof ZAdminCreateUserBody>;

export const ZAdminUpdateUserBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120),
    role: ZRole,
    plan: ZPlanId,
    status: ZAccountStatus,
  })
  .partial()
  .strict();
export type AdminUpdateUserBody = z.infer<typeof ZAdminUpdateUserBody>;

export const ZIdParam = z.object({ id: z.string().uuid('Not a valid id') });

export const ZAdminStats = z.object({
  totalUsers: z.number().int(),
  byPlan: z.array(z.object({ plan: z.string(), count: z.number().int() })),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  signupsPerMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  activeLast30Days: z.number().int(),
  recentSignups: z.array(ZAdminUser),
});
export type AdminStats = z.infer<typeof ZAdminStats>;
