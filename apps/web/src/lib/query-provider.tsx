import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { prepareLanguageSwitchWith } from '@/i18n';
import { queryClient } from './query-client';

// The server names the default chart in the language asked for (lib/api.ts): when the reader changes
// the language, what is on screen is read again in it before the switch shows, and what is not on
// screen is forgotten, so a dialog opened later never shows the old language's names from the cache.
prepareLanguageSwitchWith(async () => {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.refetchQueries({ type: 'active' });
});

/**
 * TanStack Query's client, given to the screens by the signed-in shell (app/shell/app-layout.tsx), and by
 * the few parts of the empty layout's pages that read or change through it (unlock-session, the second
 * step of sign-in, sign-in's "send the mail again"), rather than by the app's entry: sign-in's first load
 * holds no TanStack Query (issue 43).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
