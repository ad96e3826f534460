import { StrictMode, type ComponentType, type ReactNode } from 'react';
import path from 'node:path';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@cuadre/contracts';
import { mergeLocales } from '../../i18n-plugin';

/**
 * The one way a web test puts something on screen: inside a memory router, with the real strings of
 * every area in every language (merged as the build merges them for /i18n/<lang>.json, so a test reads
 * what a person reads) and a query cache of its own. Everything else a screen needs from outside
 * (the theme, the preferences) comes in through `wrapper`.
 */

const dir = path.resolve(__dirname, '../i18n/locales');
const strings = new Map<Language, Record<string, unknown>>();
const stringsOf = (lang: Language) => {
  if (!strings.has(lang)) strings.set(lang, mergeLocales(dir, lang));
  // Each instance gets its own copy: i18next keeps the object it is given and may add to it.
  return structuredClone(strings.get(lang)!);
};

/** An i18next instance with the app's strings, ready at once (no loading, so nothing suspends). */
export function testI18n(lng: Language = 'en'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: stringsOf(l) }])),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** A query cache that neither retries nor, by default, refetches what a test put in it. */
export const testQueryClient = ({ staleTime = 0 }: { staleTime?: number } = {}) =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } } });

export interface RenderOptions {
  /** The route the element is at; any path by default. */
  path?: string;
  /** Where the router starts. */
  url?: string;
  /** More routes: stand-ins for the pages the element may lead to, or siblings with their own data. */
  routes?: RouteObject[];
  /** The interface language. */
  lang?: Language;
  /** An i18next instance of the test's own (testI18n), when the test talks to it. */
  i18n?: I18n;
  /** The query cache; a fresh testQueryClient() by default (the auth pages take the app's own). */
  queryClient?: QueryClient;
  /** StrictMode at the root, as main.tsx renders the app (only a root StrictMode runs a newly mounted page's effects twice). */
  strict?: boolean;
  /** Providers between the app's and the router (the theme, the preferences). */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

export function renderApp(element: ReactNode, opts: RenderOptions = {}) {
  const { path: at = '*', url = '/', routes = [], lang = 'en', strict = false, wrapper: Wrapper } = opts;
  const i18n = opts.i18n ?? testI18n(lang);
  const queryClient = opts.queryClient ?? testQueryClient();
  const router = createMemoryRouter([{ path: at, element }, ...routes], { initialEntries: [url] });
  const inner = <RouterProvider router={router} />;
  const tree = (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{Wrapper ? <Wrapper>{inner}</Wrapper> : inner}</I18nextProvider>
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, router, queryClient, i18n };
}

/** A JSON answer from a mocked server. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
