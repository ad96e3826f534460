import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { cleanup, configure, render } from '@testing-library/react';
import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { queryClient } from '@/lib/queries';

// A wait for what the screen shows gives up after 10 s, not Testing Library's 1 s: on a busy 2-core
// machine a fake server's answer and React's commit can take longer than 1 s (at a load of 30, longer
// than 3 s), and a wait that passes sooner still returns at once. vi.waitFor calls say the same.
configure({ asyncUtilTimeout: 10_000 });

// The app's i18n (src/i18n) loads its strings over HTTP, which jsdom cannot; every test file sees
// this one stand-in instead (a test that renders strings brings its own instance: test/render.tsx).
// It is mocked here, once for all files, because files share their modules: a file's own vi.mock
// would reach only the files after it in the same worker.
vi.mock('@/i18n', () => {
  // One stand-in for the whole worker: this file registers the mock again before every file, and
  // a module loaded for an earlier file must hold the same setLanguage the later file looks at.
  // Its calls start empty in every test: Vitest clears every mock's calls before each (clearMocks).
  const shared = globalThis as { cuadreI18nMock?: object };
  shared.cuadreI18nMock ??= {
    default: { language: 'en', on: () => {}, off: () => {} },
    initialLanguage: () => 'en',
    setLanguage: vi.fn(async () => {}),
    prepareLanguageSwitchWith: () => {},
    i18nReady: Promise.resolve(),
  };
  return shared.cuadreI18nMock;
});
// The areas past the first screens' (loaded with the shell over HTTP): the stand-in above holds no strings to add them to.
vi.mock('@/i18n/rest', () => ({ loadRest: async () => {}, restLoaded: () => false }));

// Test files share one module cache and one jsdom per worker (vite.config.ts, test.isolate false):
// what one test leaves in the page, the storage, the globals or the clock is put back here, after
// every test, so no file depends on the ones that ran before it in the same worker. This file runs
// again before each test file, so the hooks below are registered for every file.

// Testing Library registers its own cleanup only when its module is first evaluated, i.e. for the
// first file of a worker; every later file needs it registered here.
afterEach(() => {
  // Unmounted first, so nothing on screen reacts to the resets below.
  if (typeof document !== 'undefined') cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The app's one query client (the auth pages and the loaders use it) starts every test empty.
  queryClient.clear();
  // Files of pure functions run in Node (`// @vitest-environment node`): no page to put back.
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('lang');
  document.body.className = '';
  document.title = '';
  // jsdom has no matchMedia; test/screen.ts puts one in for the tests that pick a screen width.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

// MUI's styles go into the page through emotion's one cache, a <style> per rule outside production.
// In a shared jsdom they would pile up from file to file, and every getByRole reads the computed
// style of each element it looks at, through every sheet: each file starts with none, as it did
// in a page of its own, and emotion inserts again what the file's components use.
if (typeof document !== 'undefined') {
  let cache: EmotionCache | null = null;
  const Probe = () => ((cache = useEmotionCache()), null);
  render(createElement(Probe));
  cleanup();
  if (cache) {
    const c: EmotionCache = cache;
    c.sheet.flush();
    for (const key of Object.keys(c.inserted)) delete c.inserted[key];
  }
}
