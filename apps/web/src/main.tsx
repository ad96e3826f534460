import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './i18n';
import { queryClient } from './app/queries';
import { createRouter } from './app/router';
import { AppThemeProvider } from './app/theme/theme-provider';

const router = createRouter();

// The splash screen is hidden after the first completed navigation (spec 000, section 2).
const unsubscribe = router.subscribe((state) => {
  if (state.initialized && state.navigation.state === 'idle') {
    document.body.classList.add('splash-hidden');
    unsubscribe();
  }
});

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
