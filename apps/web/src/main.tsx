import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { prepareLanguageSwitchWith } from './i18n';
import { queryClient } from '@/lib/queries';
import { readDevicePreferences } from '@/lib/preferences';
import { createRouter } from './app/router';
import { AppThemeProvider, paintPage } from './app/theme/theme-provider';
// MUI's theme variables for every theme and scheme and CssBaseline's globals, as a static stylesheet made at build time (theme-css-plugin.ts).
import 'virtual:theme.css';

// The remembered scheme and theme go on the page before React renders, so the splash screen already
// wears them (the CSP allows no inline script in index.html to do it earlier).
const device = readDevicePreferences();
paintPage(device.scheme, device.theme);

const router = createRouter();

// The server names the default chart in the language asked for (lib/api.ts): when the reader changes
// the language, what is on screen is read again in it before the switch shows, and what is not on
// screen is forgotten, so a dialog opened later never shows the old language's names from the cache.
prepareLanguageSwitchWith(async () => {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.refetchQueries({ type: 'active' });
});

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
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);
