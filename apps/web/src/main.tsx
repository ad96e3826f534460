import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
// The entry holds what draws the first screen: React, the router, the theme (issue 43). TanStack Query and
// the contracts come with the shell (lib/query-provider.tsx) and the guards that read.
import { sendEarly } from '@/lib/early-reads';
import { readDevicePreferences } from '@/lib/preferences';
import { createRouter } from './app/router';
import { AppThemeProvider, paintPage } from './app/theme/theme-provider';
// MUI's theme variables for every theme and scheme and CssBaseline's globals, as a static stylesheet made at build time (theme-css-plugin.ts).
import 'virtual:theme.css';

// The remembered scheme and theme go on the page before React renders, so the splash screen already
// wears them (the CSP allows no inline script in index.html to do it earlier).
const device = readDevicePreferences();
paintPage(device.scheme, device.theme);

// A signed-in start's own reads (the shell's, docs/product.md "The shell's calls"), sent now: the code that parses
// them comes with the shell (issue 43).
sendEarly(['common/user', 'common/navigation', 'common/messages', 'common/notifications', 'common/shortcuts', 'apps/chat/chats']);

const router = createRouter();

// The splash screen is hidden after the first completed navigation (docs/product.md, "Routes and guards").
const unsubscribe = router.subscribe((state) => {
  if (state.initialized && state.navigation.state === 'idle') {
    document.body.classList.add('splash-hidden');
    unsubscribe();
  }
});

// A plain first render: rendered as a transition (issue 30's trial), the sign-in page now and then
// never appeared in the end-to-end runs, the transition held on a suspended shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppThemeProvider>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppThemeProvider>
  </StrictMode>,
);
