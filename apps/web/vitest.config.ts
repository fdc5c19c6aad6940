import { defineConfig } from 'vitest/config';
import { HILOS_PRUEBA } from '../../vitest.hilos';

// '@/…' is apps/web/src, as in vite.config.ts and tsconfig.json.
export default defineConfig({
  test: { name: 'web', include: ['src/**/*.test.ts'], isolate: false, maxWorkers: HILOS_PRUEBA },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
});
