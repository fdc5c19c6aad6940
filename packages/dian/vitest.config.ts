import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'dian', include: ['src/**/*.test.ts'] } });
