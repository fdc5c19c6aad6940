import { defineConfig } from 'vitest/config';

// '@/…' is apps/web/src, as in vite.config.ts and tsconfig.json.
export default defineConfig({
  test: { name: 'web', include: ['src/**/*.test.ts'] },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
});
