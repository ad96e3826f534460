import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@cuadre/contracts';

import { STORED } from './chosen';
import { fetchBackend } from './fetch-backend';
// A cycle (rest.ts reads this module's i18n), harmless: each side uses the other only when called.
import { loadRest, restLoaded } from './rest';

export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORED);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

type BeforeSwitch = (lang: Language) => Promise<unknown>;
let beforeSwitch: BeforeSwitch = async () => undefined;

/**
 * What must be ready in the new language before the interface shows it (main.tsx: the data on screen,
 * read again from the server, which names the default chart in the language asked for).
 */
export function prepareLanguageSwitchWith(fn: BeforeSwitch) {
  beforeSwitch = fn;
}

/**
 * Switches the interface language in the browser (docs/product.md, "Top bar, user menu and panels") and
 * remembers it on this device. The new language's strings and the data read again in it are awaited
 * together, then shown at once: the interface never shows Turkish labels over English category names.
 */
export async function setLanguage(lang: Language) {
  if (lang === i18n.language) return;
  // Stored first: the reads made from here on ask for the new language (lib/api.ts).
  localStorage.setItem(STORED, lang);
  // The areas past the first screens' too, when this page has them in the old language (rest.ts).
  await Promise.all([i18n.loadLanguages(lang), restLoaded() ? loadRest(lang) : undefined, beforeSwitch(lang).catch(() => undefined)]);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/**
 * Every string comes from /i18n/{lang}/start.json and rest.json (i18n-plugin.ts); English is the default.
 * No fallback language is loaded: every language holds exactly English's keys (locales.test.ts), and the
 * reader's language is the only one fetched (issue 43).
 */
export const i18nReady = i18n
  .use(fetchBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

export default i18n;
