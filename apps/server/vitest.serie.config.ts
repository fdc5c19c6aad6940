import { defineConfig } from 'vitest/config';
import { ARCHIVOS_EN_SERIE } from './vitest.config';

// The server's fault tests, one file at a time after every other project (sequence.groupOrder), each starting its
// own PostgreSQL and server processes (src/db/fallas.test.ts).
export default defineConfig({
  test: {
    name: 'server-serie',
    include: ARCHIVOS_EN_SERIE,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    hookTimeout: 120_000,
    testTimeout: 20_000,
  },
});
