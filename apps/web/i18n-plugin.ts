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
 * Each area keeps its strings in `src/i18n/locales/<area>/<lang>.json`; the browser loads one file per
 * language, `/i18n/<lang>.json`, merged here (served in dev, emitted at build). Areas never edit one
 * shared file, and a key defined twice fails the build.
 */
export function mergeLocales(root: string, lang: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const area of readdirSync(root).sort()) {
    const file = path.join(root, area, `${lang}.json`);
    if (!statSync(path.join(root, area)).isDirectory()) continue;
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
        const m = req.url?.match(/^\/i18n\/(en|es|tr)\.json/);
        if (!m) return next();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(mergeLocales(localesDir, m[1]!)));
      });
    },
    generateBundle() {
      for (const lang of LANGS) {
        this.emitFile({ type: 'asset', fileName: `i18n/${lang}.json`, source: JSON.stringify(mergeLocales(localesDir, lang)) });
      }
    },
  };
}
