/**
 * @tablero/cutting — the guillotine cutting optimizer of Tablero (ARCHITECTURE §6).
 * Pure TypeScript, no I/O: the server runs `optimizar` in a worker thread and renders its
 * layouts; the web draws them with `tableroSvg`.
 */
export * from './types.ts';
export { CuttingInputError } from './errors.ts';
export { optimizar } from './engine/optimize.ts';
export { HILOS_POR_TRABAJO, mejorResultado, semillasParalelas } from './engine/parallel.ts';
export { MAX_COPIAS } from './engine/problem.ts';
export { validarResultado, esGuillotina } from './validator.ts';
export * from './servicios.ts';
export { tableroSvg, type OpcionesSvg } from './svg.ts';
