/**
 * A small pool of worker threads for the cutting engine (docs/decisions-corte.md, Hilos de trabajo). Jobs queue when
 * every worker is busy; a job that outlives its timeout has its worker terminated, and a worker that crashes or hangs
 * is dropped: the next job starts a fresh one, so the pool heals itself. The queue, limits and replacement live in
 * lib/pool-hilos.ts; this file names the engine's worker and its failures.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { HILOS_POR_TRABAJO, type OpcionesOptimizacion, type ResultadoCorte, type TrabajoCorte } from '@tablero/cutting';
import { crearWorkerTs, PoolHilos, type MotivoPool } from '../../lib/pool-hilos';
import type { MensajeRespuesta, MensajeTrabajo } from './corte.worker';

/** Why a job failed without an answer from the engine. */
export class FalloPool extends Error {
  constructor(
    readonly motivo: 'entrada' | MotivoPool,
    mensaje: string,
    /** For 'entrada': the 0-based piece row the engine blames. */
    readonly pieza?: number,
  ) {
    super(mensaje);
    this.name = 'FalloPool';
  }
}

export interface OpcionesPool {
  /** Workers at most (default: tamanoPorDefecto). */
  tamano?: number;
  /** Time a job may take once it is on a worker, ms, before its worker is replaced. */
  timeoutMs: number;
  /** Jobs waiting at most; one more is refused at once. */
  colaMaxima?: number;
  /** Starts a worker; tests pass one that hangs or crashes. */
  crearWorker?: () => Worker;
}

/** The engine's worker. */
export function crearWorkerCorte(): Worker {
  return crearWorkerTs(new URL('./corte.worker.ts', import.meta.url));
}

/**
 * One worker per search of a job (HILOS_POR_TRABAJO), as many as the machine has cores: the
 * main thread only waits on the database and the network while the engine runs.
 */
export function tamanoPorDefecto(): number {
  return Math.max(1, Math.min(HILOS_POR_TRABAJO, os.availableParallelism()));
}

/** The texts of the pool's own failures; a crash adds the worker's error when it sent one. */
const MENSAJES_POOL: Record<MotivoPool, string> = {
  cola: 'Hay demasiados trabajos de corte en espera',
  tiempo: 'El optimizador tardó demasiado',
  caida: 'El optimizador falló',
  cerrado: 'El optimizador se está cerrando',
};

/** The cutting engine on the shared worker pool (lib/pool-hilos.ts), failing with FalloPool. */
export class PoolCorte {
  private readonly pool: PoolHilos<Omit<MensajeTrabajo, 'id'>, ResultadoCorte, MensajeRespuesta>;

  constructor(opciones: OpcionesPool) {
    this.pool = new PoolHilos({
      tamano: opciones.tamano ?? tamanoPorDefecto(),
      colaMaxima: opciones.colaMaxima ?? 100,
      timeoutMs: opciones.timeoutMs,
      crearWorker: opciones.crearWorker ?? crearWorkerCorte,
      interpretar: (respuesta) => {
        if (respuesta.ok) return respuesta.resultado;
        // The engine refusing the input (with the piece to blame) is the caller's to fix; anything else is its crash.
        throw new FalloPool(respuesta.entrada ? 'entrada' : 'caida', respuesta.mensaje, respuesta.pieza);
      },
      error: (motivo, causa) => new FalloPool(motivo, causa ? `${MENSAJES_POOL[motivo]}: ${causa.message}` : MENSAJES_POOL[motivo]),
    });
  }

  /** Workers alive (busy or idle). */
  get vivos(): number {
    return this.pool.vivos;
  }

  /** Runs one job; rejects with FalloPool when the engine refuses it, or on timeout, crash or a full queue. */
  ejecutar(trabajo: TrabajoCorte, opciones: OpcionesOptimizacion): Promise<ResultadoCorte> {
    return this.pool.ejecutar({ trabajo, opciones });
  }

  /** Terminates every worker; running and queued jobs are refused. */
  cerrar(): Promise<void> {
    return this.pool.cerrar();
  }
}
