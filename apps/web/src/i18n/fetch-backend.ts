import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads `/i18n/<lang>/start.json` for i18next: the areas the first screens use (i18n-plugin.ts,
 * START_AREAS; the rest comes with the shell, rest.ts). `public/early-scheme.js` asks for the same file
 * before any script of the app has loaded, so this read is usually answered from that preload. All this app needs of a backend is one fetch per language;
 * i18next-http-backend does the same with options for XHR, query strings and parsers this app does
 * not use, and costs the sign-in page's first load 3 KB gzipped. A failure that may pass (no network,
 * the server restarting) asks i18next to retry; a missing file does not.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    fetch(`/i18n/${encodeURIComponent(language)}/start.json`, { credentials: 'same-origin' }).then(
      async (res) => {
        if (res.ok) return callback(null, await res.json());
        const retry = res.status >= 500 || res.status === 429;
        return callback(`failed loading /i18n/${language}/start.json: ${res.status}`, retry);
      },
      (err: unknown) => callback(err instanceof Error ? err.message : String(err), true),
    );
  },
};
