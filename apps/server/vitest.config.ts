import { defineConfig } from 'vitest/config';
import { HILOS_PRUEBA } from '../../vitest.hilos';

/**
 * The files that kill or restart PostgreSQL or the server (ARCHITECTURE §7): they run alone, after the others
 * (apps/server/vitest.serie.config.ts), so a fault they cause never lands on another file's requests and their
 * waits are not shared with a busy machine.
 */
export const ARCHIVOS_EN_SERIE = ['src/db/fallas.test.ts'];

// API tests (ARCHITECTURE §7): one embedded PostgreSQL per run, started by the global setup; each test file clones its
// own database from the migrated template (test/app.ts) and builds its own app, so files run side by side
// (HILOS_PRUEBA at a time) and in any order. `isolate: false`: a worker imports the server's modules once and runs its files
// one after another in the same process, instead of one fresh process per file (that import was a quarter of the
// run). So a file must leave nothing behind in the process: no `process.env` writes (config goes to usarEntorno),
// no module-level state it relies on being fresh, no `vi.mock`.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ARCHIVOS_EN_SERIE,
    isolate: false,
    maxWorkers: HILOS_PRUEBA,
    globalSetup: ['test/global-setup.ts'],
    // initdb and the first start of PostgreSQL take a few seconds on a cold machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
