import { defineConfig } from 'vitest/config';
import { HILOS_PRUEBA } from '../vitest.hilos';

// Checks of the repository as a whole (its tracked files), not of one workspace.
export default defineConfig({ test: { name: 'repositorio', include: ['*.test.ts'], isolate: false, maxWorkers: HILOS_PRUEBA } });
