import { defineConfig } from 'vitest/config';

// One real server and one SMTP sink for the whole run (global setup); files run one after another
// because they share that server and Chromium is heavy on 2 cores.
export default defineConfig({
  test: {
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    globals: true,
  },
});
