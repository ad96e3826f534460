import { StrictMode, type ReactElement } from 'react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { queryClient } from '@/lib/queries';
import common from '@/i18n/locales/common/en.json';
import auth from '@/i18n/locales/auth/en.json';

/** The English strings the pages read, loaded in memory instead of over HTTP. */
export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { ...common, ...auth } } },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/**
 * Renders one page at `url`, with stand-ins for the routes it may navigate to, inside StrictMode
 * at the root as main.tsx does (only a root StrictMode runs a newly mounted page's effects twice).
 */
export function renderPage(path: string, page: ReactElement, url: string) {
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <p data-testid="landed" /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <StrictMode>
      <I18nextProvider i18n={testI18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { ...view, router };
}

/** Answers every API call with `answer` (status and JSON body), recording the calls. */
export function mockApi(answer: (url: string, body: unknown) => { status: number; body: unknown }) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, body });
    const { status, body: answerBody } = answer(url, body);
    return new Response(JSON.stringify(answerBody), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const apiError = (statusCode: number, code: string, message: string) => ({ status: statusCode, body: { statusCode, code, message } });
