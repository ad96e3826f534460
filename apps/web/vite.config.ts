/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nPlugin } from './i18n-plugin';
import { iconsPlugin } from './icons-plugin';
import { precompressPlugin } from './compress-plugin';
import { buildInputsPlugin } from './inputs-plugin';
import { ICON_SOURCES, WEB_BUILD_INPUTS } from './build-inputs.mjs';

const repo = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  plugins: [
    react(),
    precompressPlugin(),
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
    rollupOptions: {
      // Chunks under 10 KB are merged into others where that runs no code early: the shell and a
      // page came as some seventy files (MUI's parts one by one), which queue six at a time on an
      // HTTP/1.1 connection and held the page's own API reads behind them.
      output: { experimentalMinChunkSize: 10_000 },
      onwarn(warning, warn) {
        // zod's sources carry /* @__PURE__ */ comments where Rollup cannot use them; Rollup drops the
        // comments and the code is unchanged. Anything else, ours or theirs, is reported.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
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
  },
});
