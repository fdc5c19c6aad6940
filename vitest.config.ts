import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API tests.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/cutting', 'packages/dian', 'apps/server', 'apps/web'],
  },
});
