import { LANGUAGES, type Language } from '@cuadre/contracts';

/** Where the language picker remembers its choice on this device. */
export const STORED = 'language';

/** The language chosen on this device (the picker remembers it), if one was: it becomes the account's at sign-in. */
export function chosenLanguage(): Language | undefined {
  const stored = localStorage.getItem(STORED);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : undefined;
}
