import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads `/i18n/<lang>.json` for i18next. All this app needs of a backend is one fetch per language;
 * i18next-http-backend does the same with options for XHR, query strings and parsers this app does
 * not use, and costs the sign-in page's first load 3 KB gzipped. A failure that may pass (no network,
 * the server restarting) asks i18next to retry; a missing file does not.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/i18n/${encodeURIComponent(language)}.json`, { credentials: 'same-origin' }).then(
      async (res) => {
        if (res.ok) return callback(null, await res.json());
        const retry = res.status >= 500 || res.status === 429;
        return callback(`failed loading /i18n/${language}.json: ${res.status}`, retry);
      },
      (err: unknown) => callback(err instanceof Error ? err.message : String(err), true),
    );
  },
};
