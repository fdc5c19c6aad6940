import { defineConfig } from 'vitest/config';
import { HILOS_PRUEBA } from '../../vitest.hilos';

export default defineConfig({ test: { name: 'dian', include: ['src/**/*.test.ts'], isolate: false, maxWorkers: HILOS_PRUEBA } });
