import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import common from '@/i18n/locales/common/en.json';
import admin from '@/i18n/locales/admin/en.json';
import chart from '@/i18n/locales/chart/en.json';

/** The real English strings, so a test reads what a person reads. */
export function testI18n() {
  const i18n = createInstance();
  void i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: { ...common, ...admin, ...chart } } }, interpolation: { escapeValue: false } });
  return i18n;
}

/** A JSON answer from the mocked server. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export { setScreenWide } from '@/test/screen';

/** Renders a screen at a path inside a memory router, with a fresh query cache and the English strings. */
export function renderRoute(element: ReactElement, { path, url }: { path: string; url: string }) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={testI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, qc };
}
