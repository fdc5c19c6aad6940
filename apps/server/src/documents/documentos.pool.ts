/**
 * The documents pool (docs/decisions-corte.md, Documentos fuera del hilo): every PDF the server makes is rendered on a
 * worker thread, so a request never waits behind another one's rendering. The same pool as the cutting engine's
 * (lib/pool-hilos.ts), for any document type: workers started on demand up to the pool's size, a bounded queue (one job
 * more is refused at once with 503), a time limit per job counted from the moment it reaches a worker, and a worker
 * that hangs, crashes or runs out of memory is dropped and replaced by the next job. This file names the documents
 * worker, its limits and its 503s. One pool per app, closed with it (documentos.plugin.ts).
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { AppError } from '../lib/app-error';
import { crearWorkerTs, PoolHilos } from '../lib/pool-hilos';
import type { Documentos, MensajeDocumento, RespuestaDocumento, TipoDocumento } from './documentos';

/** Spanish texts of the pool's 503s (SERVICIO_OCUPADO): the same document may simply be asked for again. */
export const MENSAJES_DOCUMENTOS = {
  cola: 'Hay demasiados documentos en preparación. Intente de nuevo en unos segundos',
  tiempo: 'El documento tardó demasiado en generarse. Intente de nuevo en unos segundos',
  caida: 'No se pudo generar el documento. Intente de nuevo en unos segundos',
  cerrado: 'El servidor se está deteniendo. Intente de nuevo en unos segundos',
} as const;

/** Jobs waiting at most, by default: six large plans at once fit many times over; beyond this, 503. */
export const COLA_MAXIMA_DOCUMENTOS = 50;

/** Time a job may take on its worker, by default: the largest plan (5,000 pieces) renders in a few seconds. */
export const TIMEOUT_DOCUMENTO_MS = 60_000;

/** Heap a worker may use, MB: a runaway render ends its worker (503), never the server. */
const MEMORIA_WORKER_MB = 512;

export interface OpcionesPoolDocumentos {
  /** Workers at most (default: hilosDocumentosPorDefecto). */
  tamano?: number;
  /** Jobs waiting at most; one more is refused at once (default COLA_MAXIMA_DOCUMENTOS). */
  colaMaxima?: number;
  /** Time a job may take once on its worker, ms (default TIMEOUT_DOCUMENTO_MS). */
  timeoutMs?: number;
  /** Starts a worker; tests pass one that hangs, crashes or echoes. */
  crearWorker?: () => Worker;
}

/** The documents worker, its heap bounded so a runaway render ends the worker and not the server. */
export function crearWorkerDocumentos(): Worker {
  return crearWorkerTs(new URL('./documentos.worker.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: MEMORIA_WORKER_MB } });
}

/**
 * Workers by default: DOCUMENTOS_HILOS when set (1 to 16), otherwise one per core but one, at least 1 and at
 * most 4. The spare core keeps the event loop answering while documents render; on 2 cores, one worker
 * renders while the main thread serves everything else.
 */
export function hilosDocumentosPorDefecto(env: NodeJS.ProcessEnv = process.env): number {
  const pedido = Number(env.DOCUMENTOS_HILOS);
  if (env.DOCUMENTOS_HILOS?.trim() && Number.isInteger(pedido) && pedido >= 1) return Math.min(pedido, 16);
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

/** Any document type on the shared worker pool (lib/pool-hilos.ts), failing with the 503s above. */
export class PoolDocumentos {
  private readonly pool: PoolHilos<Omit<MensajeDocumento, 'id'>, Buffer, RespuestaDocumento>;

  constructor(opciones: OpcionesPoolDocumentos = {}) {
    this.pool = new PoolHilos({
      tamano: opciones.tamano ?? hilosDocumentosPorDefecto(),
      colaMaxima: opciones.colaMaxima ?? COLA_MAXIMA_DOCUMENTOS,
      timeoutMs: opciones.timeoutMs ?? TIMEOUT_DOCUMENTO_MS,
      crearWorker: opciones.crearWorker ?? crearWorkerDocumentos,
      interpretar: (respuesta, { tipo }) => {
        // The worker transferred the PDF's memory: a Buffer over the same bytes, not a copy.
        if (respuesta.ok) return Buffer.from(respuesta.pdf.buffer, respuesta.pdf.byteOffset, respuesta.pdf.byteLength);
        // A renderer that throws is a bug (500), not a busy server, so it is a plain Error and not a 503.
        throw new Error(`No se pudo generar el documento ${tipo}: ${respuesta.mensaje}`);
      },
      error: (motivo, causa) => new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS[motivo], undefined, causa ?? new Error(`pool de documentos: ${motivo}`)),
    });
  }

  /** Workers alive (busy or idle). */
  get vivos(): number {
    return this.pool.vivos;
  }

  /** Jobs waiting for a worker. */
  get enCola(): number {
    return this.pool.enCola;
  }

  /**
   * Renders one document on a worker and answers its PDF. Refuses with 503 (AppError SERVICIO_OCUPADO) when the
   * queue is full, the job outlives its time, its worker dies or the pool is closing; a renderer that throws is a
   * plain Error (a 500: a bug, not a busy server).
   */
  renderizar<T extends TipoDocumento>(tipo: T, datos: Documentos[T]): Promise<Buffer> {
    return this.pool.ejecutar({ tipo, datos });
  }

  /** Terminates every worker; queued and running jobs are refused (503). */
  cerrar(): Promise<void> {
    return this.pool.cerrar();
  }
}
