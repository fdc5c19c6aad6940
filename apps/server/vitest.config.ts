import { defineConfig } from 'vitest/config';

// API tests (ARCHITECTURE §7): one embedded PostgreSQL per run, started by the global setup;
// each test file clones its own database from the migrated template (test/app.ts).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // initdb and the first start of PostgreSQL take a few seconds on a cold machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
