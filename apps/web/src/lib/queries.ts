import { MutationCache, QueryClient, queryOptions } from '@tanstack/react-query';
import { ZNavigation, ZUser, type UpdateUserBody } from '@cuadre/contracts';
import { api, ApiError } from '@/lib/api';

export const queryClient: QueryClient = new QueryClient({
  // Notifications come from the books (an open month, a missing receipt): after any change the
  // user makes, they are read again, so closing a month or attaching a receipt clears its question.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['panels', 'notifications'] }),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) => !(err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** The signed-in user (GET api/common/user, docs/product.md "The shell's calls"). */
export const currentUserQuery = queryOptions({
  queryKey: ['common', 'user'],
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
