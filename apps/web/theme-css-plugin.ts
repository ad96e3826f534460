import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { ReadsFilesApi } from './inputs-plugin';

const VIRTUAL = 'virtual:theme.css';

/**
 * `virtual:theme.css`: MUI's CSS-variables stylesheet for every theme and scheme, and CssBaseline's
 * globals, as static CSS made from the app's own themes at build time (src/app/theme/static-sheet.ts).
 * The browser gets it as a stylesheet beside the entry, so neither emotion nor MUI spend the start
 * writing it (issue 30; the theme provider passes `disableStyleSheetGeneration` and has no CssBaseline).
 */
export function themeCssPlugin(webRoot: string): Plugin {
  const generator = path.join(webRoot, 'src/app/theme/static-sheet.ts');
  // The files the generator was made from, for the build's inputs check (inputs-plugin.ts).
  let read = new Set<string>();
  const api: ReadsFilesApi = { filesRead: () => read };
  return {
    name: 'cuadre-theme-css',
    api,
    resolveId: (id) => (id === VIRTUAL ? '\0' + VIRTUAL : undefined),
    async load(id) {
      if (id !== '\0' + VIRTUAL) return;
      // In Node, through Vite's module runner (TypeScript and the `@` alias), with no config file: the
      // app's own config is the one running this.
      const { module, dependencies } = await runnerImport<typeof import('./src/app/theme/static-sheet')>(generator, {
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        resolve: { alias: { '@': path.join(webRoot, 'src') } },
      });
      read = new Set([generator, ...dependencies.map((d) => path.resolve(webRoot, d.split('?')[0]!))]);
      for (const file of read) this.addWatchFile(file);
      return module.themeStyleSheet();
    },
  };
}
