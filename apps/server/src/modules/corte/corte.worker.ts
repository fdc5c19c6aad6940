/**
 * Worker thread of the cutting pool (corte.pool.ts): runs the engine off the main thread, so
 * no request waits behind a search. One job at a time; the answer or the engine's refusal
 * goes back with the job's id.
 */
import { parentPort } from 'node:worker_threads';
import { CuttingInputError, optimizar, type OpcionesOptimizacion, type TrabajoCorte } from '@tablero/cutting';

export interface MensajeTrabajo {
  id: number;
  trabajo: TrabajoCorte;
  opciones: OpcionesOptimizacion;
}

export type MensajeRespuesta =
  | { id: number; ok: true; resultado: ReturnType<typeof optimizar> }
  | { id: number; ok: false; entrada: boolean; mensaje: string; pieza?: number };

parentPort?.on('message', ({ id, trabajo, opciones }: MensajeTrabajo) => {
  let respuesta: MensajeRespuesta;
  try {
    respuesta = { id, ok: true, resultado: optimizar(trabajo, opciones) };
  } catch (error) {
    respuesta =
      error instanceof CuttingInputError
        ? { id, ok: false, entrada: true, mensaje: error.message, ...(error.pieza !== undefined ? { pieza: error.pieza } : {}) }
        : { id, ok: false, entrada: false, mensaje: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(respuesta);
});
