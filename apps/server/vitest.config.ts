import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // Each file builds its own app on its own database (an in-memory PGlite, or a fresh PostgreSQL
    // database), so files run side by side in separate processes without sharing state.
    pool: 'forks',
    // Argon2id at the OWASP parameters costs ~50 ms per hash; a test signs up and in several times.
    testTimeout: 30_000,
    // Starting PGlite and running the migrations takes a few seconds on a busy machine.
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
