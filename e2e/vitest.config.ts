import { defineConfig } from 'vitest/config';

// One real server and one SMTP sink for the whole run (global setup). Two files at a time, each with
// its own Chromium: a file waits on the server, the mail and the screen as much as it computes, and two
// side by side took 271 s where one after another took 355 s on the same busy 2-core machine. Every file
// makes its own owners (unique addresses), so none depends on another's data.
export default defineConfig({
  test: {
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // expect.poll waits as long as a locator does (fixtures/browser.ts: 15 s), not Vitest's one second: a
    // poll of the tab's title after a page load failed at one second on a busy machine, the page on
    // its way. A poll that passes returns at once; only a failing one waits the whole time.
    expect: { poll: { timeout: 15_000 } },
    globals: true,
  },
});
