import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` at the root runs every workspace's unit and API tests, HILOS_PRUEBA files at a time
 * (vitest.hilos.ts); the server's fault tests run after all of them, alone (apps/server/vitest.serie.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/cutting', 'packages/dian', 'apps/server', 'apps/server/vitest.serie.config.ts', 'apps/web'],
  },
});
