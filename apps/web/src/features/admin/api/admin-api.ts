import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZAdminStats,
  ZAdminUser,
  ZAdminUserList,
  ZOk,
  ZSupportRequest,
  ZSupportRequestList,
  type AdminCreateUserBody,
  type AdminUpdateUserBody,
  type SupportRequest,
} from '@cuadre/contracts';
import type { toApiQuery } from '@/components/list-kit/list-params';
import { api } from '@/lib/api';

/** Every admin query lives under this key, so one invalidation refreshes lists and stats after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  stats: ['admin', 'stats'] as const,
};

/** The list query as the kit builds it (toApiQuery of the users list). */
export type AdminUsersApiQuery = Record<string, string | number | undefined>;

export const usersQuery = (query: AdminUsersApiQuery) =>
  queryOptions({
    queryKey: [...adminKeys.users, query],
    queryFn: ({ signal }) => api('admin/users', { query, schema: ZAdminUserList, signal }),
    // The previous page stays on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: ({ signal }) => api('admin/stats', { schema: ZAdminStats, signal }),
});

export const createUser = (body: AdminCreateUserBody) => api('admin/users', { method: 'POST', body, schema: ZAdminUser });
export const updateUser = (id: string, body: AdminUpdateUserBody) => api(`admin/users/${id}`, { method: 'PATCH', body, schema: ZAdminUser });
export const disableUser = (id: string) => api(`admin/users/${id}/disable`, { method: 'POST', schema: ZAdminUser });
/** Turns another user's two-step sign-in off (audited; the user is told by mail). */
export const resetUserMfa = (id: string) => api(`admin/users/${id}/mfa-reset`, { method: 'POST', schema: ZAdminUser });
export const sendResetMail = (id: string) => api(`admin/users/${id}/send-reset`, { method: 'POST', schema: ZOk });

/** Support requests, as the list kit asks for them; answering one. */
export const supportRequestsQuery = (query: ReturnType<typeof toApiQuery<'createdAt', 'status'>>) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'support', query],
    queryFn: ({ signal }) => api('admin/support-requests', { query, schema: ZSupportRequestList, signal }),
    placeholderData: keepPreviousData,
  });
export const answerSupportRequest = (id: string, body: { answer?: string; status?: SupportRequest['status'] }) =>
  api(`admin/support-requests/${id}`, { method: 'PATCH', body, schema: ZSupportRequest });
