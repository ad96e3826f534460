import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * The app's one query client, in a module without the contracts' schemas (queries.ts re-exports it with
 * the shell's reads): sign-in's first load takes the client and not the schemas of the signed-in user and
 * the navigation (issue 43).
 */
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

/** The signed-in user's key (queries.ts: currentUserQuery), for who sets it without reading it (sign-in). */
export const CURRENT_USER_KEY = ['common', 'user'] as const;
