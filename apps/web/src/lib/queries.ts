import { queryOptions } from '@tanstack/react-query';
import { ZNavigation, ZUser, type UpdateUserBody } from '@cuadre/contracts';
import { api } from '@/lib/api';
import { CURRENT_USER_KEY, queryClient } from './query-client';

export { queryClient };

/** The signed-in user (GET api/common/user, docs/product.md "The shell's calls"). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => api('common/user', { schema: ZUser, signal }),
});

/**
 * PATCH api/common/user with some of the signed-in user's fields: the one place that calls it. A read
 * of the user already on its way is called off first: answering after the change (switching the
 * language reads the screen again), it would put the old preferences back in the cache, and on screen.
 */
export const updateCurrentUser = async (user: UpdateUserBody['user']) => {
  await queryClient.cancelQueries({ queryKey: currentUserQuery.queryKey });
  return api('common/user', { method: 'PATCH', body: { user }, schema: ZUser });
};

/** The menus for the user's role (GET api/common/navigation, docs/product.md "The shell's calls"). */
export const navigationQuery = queryOptions({
  queryKey: ['common', 'navigation'],
  queryFn: ({ signal }) => api('common/navigation', { schema: ZNavigation, signal }),
  staleTime: Infinity,
});
