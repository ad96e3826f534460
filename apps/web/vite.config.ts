/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nPlugin } from './i18n-plugin.ts';
import { iconsPlugin } from './icons-plugin.ts';
import { precompressPlugin } from './compress-plugin.ts';
import { buildInputsPlugin } from './inputs-plugin.ts';
import { themeCssPlugin } from './theme-css-plugin.ts';
import { ICON_SOURCES, WEB_BUILD_INPUTS } from './build-inputs.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  plugins: [
    react(),
    precompressPlugin(),
    // MUI's theme variables and CssBaseline as a static stylesheet, made from the themes at build time.
    themeCssPlugin(import.meta.dirname),
    i18nPlugin(path.resolve(import.meta.dirname, 'src/i18n/locales')),
    // The server sends the navigation's, the notifications' and the starting shortcuts' icon names, so
    // those modules are scanned too, and the contracts' list of shortcut icons.
    iconsPlugin(ICON_SOURCES.map((p) => path.join(repo, p))),
    // Every file the build reads is one scripts/build.mjs fingerprints (else `npm start` could serve a stale app).
    buildInputsPlugin(WEB_BUILD_INPUTS.map((p) => path.join(repo, p))),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Terser with two passes: the sign-in page's first load is 7 KB gzipped smaller than with esbuild's
    // minifier, for about 30 s more build (the build runs once per change of the sources).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
    // Every browser this app supports preloads modules itself (Safari since 17): no polyfill in the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    // Read by scripts/size-gate.mjs: which files each route loads.
    manifest: true,
    // Rollup's experimentalMinChunkSize (small chunks merged) has no Rolldown equivalent: left alone,
    // MUI arrives in many small shared files and sign-in's first load grew from 198.7 KB in 6 files to
    // 205.8 KB in 28. One group holding every module the entry loads statically ($initial) brings it to
    // 198.4 KB in 10. Tried and worse: experimentalInlineCommonChunks (maxSize 25 KB) duplicated code,
    // 214.6 KB; a node_modules group split by entries (entriesAware, 20 KB merge threshold), 242.0 KB.
    rolldownOptions: {
      // Terser's passes make the build slow on a small machine; Rolldown's report of slow plugins says
      // nothing new on each build. A misplaced /* @__PURE__ */ is still reported, in our own sources
      // only (zod's carry some that Rollup used to warn of).
      checks: { pluginTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|react-transition-group|@popperjs|dom-helpers|react-is|prop-types|clsx|@babel[\\/]runtime)[\\/]/,
              minShareCount: 4,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share a worker's modules and jsdom instead of each loading MUI, React and a fresh jsdom
    // again (most of the suite's time): src/test/setup.ts puts back after each test what one leaves behind.
    isolate: false,
    maxWorkers: 2,
    // A form typed into key by key takes 15–20 s in jsdom on a busy 2-core machine: a generous limit, so only a stuck test fails.
    testTimeout: 60_000,
  },
});
