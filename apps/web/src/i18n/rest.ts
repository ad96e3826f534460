import i18n, { initialLanguage } from './index';

const loads = new Map<string, Promise<void>>();

/**
 * The strings of every area past the first screens' (i18n-plugin.ts, START_AREAS) in `lang`, added to
 * the language i18next holds: loaded with the signed-in shell's code (app/router.tsx), so sign-in never
 * fetches them. Asked for in the language the page starts in (not waiting for the first part to arrive: no
 * waterfall), or the one switched to. Once per language; a failed read is asked again next time.
 */
export function loadRest(lang: string = initialLanguage()): Promise<void> {
  let load = loads.get(lang);
  if (!load) {
    load = fetch(`/i18n/${encodeURIComponent(lang)}/rest.json`, { credentials: 'same-origin' }).then(async (res) => {
      if (!res.ok) throw new Error(`failed loading /i18n/${lang}/rest.json: ${res.status}`);
      i18n.addResourceBundle(lang, 'translation', await res.json(), true, true);
    });
    load.catch(() => loads.delete(lang));
    loads.set(lang, load);
  }
  return load;
}

/** Whether the rest was asked for already (a language switch then loads the new language's rest too). */
export const restLoaded = () => loads.size > 0;
