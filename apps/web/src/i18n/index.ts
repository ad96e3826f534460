import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@cuadre/contracts';

import { STORED } from './chosen';
import { fetchBackend } from './fetch-backend';

export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORED);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

/** Switches the interface language in the browser (docs/product.md, "Top bar, user menu and panels") and remembers it on this device. */
export async function setLanguage(lang: Language) {
  localStorage.setItem(STORED, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/** Every string comes from /i18n/{lang}.json; English is the default and the fallback. */
export const i18nReady = i18n
  .use(fetchBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

export default i18n;
