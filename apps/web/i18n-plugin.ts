import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LANGS = ['en', 'es', 'tr'] as const;

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>, where: string) {
  for (const [k, v] of Object.entries(source)) {
    const existing = target[k];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (existing !== undefined && (typeof existing !== 'object' || existing === null)) throw new Error(`i18n: ${where} redefines "${k}"`);
      target[k] = deepMerge((existing as Record<string, unknown>) ?? {}, v as Record<string, unknown>, where);
    } else {
      if (existing !== undefined) throw new Error(`i18n: ${where} redefines "${k}"`);
      target[k] = v;
    }
  }
  return target;
}

/**
 * The areas whose strings the first screens use (sign-in and the other pages of the empty layout, the
 * shell's frame): the browser loads them first, `/i18n/<lang>/start.json`; every other area comes in
 * `/i18n/<lang>/rest.json`, with the signed-in shell's code (src/i18n/rest.ts). Issue 43: the whole
 * language was 79 KB of JSON on sign-in's critical path.
 */
export const START_AREAS = ['auth', 'common', 'nav', 'plans', 'public', 'shell'];

export type LocalePart = 'all' | 'start' | 'rest';

/**
 * Each area keeps its strings in `src/i18n/locales/<area>/<lang>.json`; the browser loads each language
 * in two parts (START_AREAS), merged here (served in dev, emitted at build). Areas never edit one shared
 * file, and a key defined twice fails the build (checked on the whole language).
 */
export function mergeLocales(root: string, lang: string, part: LocalePart = 'all'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const area of readdirSync(root).sort()) {
    const file = path.join(root, area, `${lang}.json`);
    if (!statSync(path.join(root, area)).isDirectory()) continue;
    if (part !== 'all' && START_AREAS.includes(area) !== (part === 'start')) continue;
    deepMerge(out, JSON.parse(readFileSync(file, 'utf8')), file);
  }
  return out;
}

export function i18nPlugin(localesDir: string): Plugin {
  return {
    name: 'cuadre-i18n',
    configureServer(server) {
      server.watcher.add(localesDir);
      server.middlewares.use((req, res, next) => {
        const m = req.url?.match(/^\/i18n\/(en|es|tr)\/(start|rest)\.json/);
        if (!m) return next();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(mergeLocales(localesDir, m[1]!, m[2] as LocalePart)));
      });
    },
    generateBundle() {
      for (const lang of LANGS) {
        // The whole language once, so a key defined twice across the two parts still fails the build.
        mergeLocales(localesDir, lang);
        for (const part of ['start', 'rest'] as const)
          this.emitFile({ type: 'asset', fileName: `i18n/${lang}/${part}.json`, source: JSON.stringify(mergeLocales(localesDir, lang, part)) });
      }
    },
  };
}
