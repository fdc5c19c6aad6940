import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` at the root runs every workspace's unit and API tests, HILOS_PRUEBA files at a time
 * (vitest.hilos.ts), and the checks of the repository as a whole (scripts/vitest.config.ts); the server's fault tests
 * run after all of them, alone (apps/server/vitest.serie.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/cutting', 'packages/dian', 'apps/server', 'apps/server/vitest.serie.config.ts', 'apps/web', 'scripts'],
  },
});
