import { queryOptions } from '@tanstack/react-query';
import { ZMfaRecoveryCodes, ZMfaSetup, ZOk, ZSessionList, ZUser, type ChangePasswordBody } from '@cuadre/contracts';
import { api } from '@/lib/api';

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return api('common/user/avatar', { method: 'POST', body: form, schema: ZUser });
}
export const removeAvatar = () => api('common/user/avatar', { method: 'DELETE', schema: ZUser });

export const changePassword = (body: ChangePasswordBody) => api('auth/change-password', { method: 'POST', body, schema: ZOk });

export const sessionsQuery = queryOptions({
  queryKey: ['auth', 'sessions'],
  queryFn: ({ signal }) => api('auth/sessions', { schema: ZSessionList, signal }),
  // "Last seen" moves with every request the other devices make; a short freshness keeps it honest.
  staleTime: 10_000,
});
export const endSession = (id: string) => api(`auth/sessions/${id}`, { method: 'DELETE', schema: ZOk });

/** Two-step sign-in: a new secret to scan, the first code turns it on (the recovery codes come back once), password and code turn it off. */
export const setUpMfa = () => api('auth/mfa/setup', { method: 'POST', schema: ZMfaSetup });
export const enableMfa = (code: string) => api('auth/mfa/enable', { method: 'POST', body: { code }, schema: ZMfaRecoveryCodes });
export const disableMfa = (body: { password: string; code: string }) => api('auth/mfa/disable', { method: 'POST', body, schema: ZOk });
