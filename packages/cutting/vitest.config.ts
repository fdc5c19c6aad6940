import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'cutting', include: ['src/**/*.test.ts'] } });
