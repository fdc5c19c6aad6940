/**
 * The documents pool (issue 12 item 1): every PDF the server makes is rendered on a worker thread, so a
 * request never waits behind another one's rendering. The same shape as the cutting pool
 * (modules/corte/corte.pool.ts), for any document type: workers started on demand up to the pool's size,
 * a bounded queue (one job more is refused at once with 503), a time limit per job counted from the moment
 * it reaches a worker, and a worker that hangs, crashes or runs out of memory is dropped and replaced by
 * the next job. One pool per app, closed with it (documentos.plugin.ts).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../lib/app-error';
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

interface Pendiente {
  mensaje: MensajeDocumento;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Hilo {
  worker: Worker;
  actual: Pendiente | null;
  temporizador: NodeJS.Timeout | null;
}

/**
 * The documents worker under tsx, as the cutting worker: the server runs under tsx (its flags are passed on),
 * vitest does not, so there the worker loads tsx itself.
 */
export function crearWorkerDocumentos(): Worker {
  const conTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  return new Worker(new URL('./documentos.worker.ts', import.meta.url), {
    execArgv: conTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: MEMORIA_WORKER_MB },
  });
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

export class PoolDocumentos {
  private readonly tamano: number;
  private readonly colaMaxima: number;
  private readonly timeoutMs: number;
  private readonly hilos = new Set<Hilo>();
  private readonly cola: Pendiente[] = [];
  private siguienteId = 0;
  private cerrado = false;

  constructor(private readonly opciones: OpcionesPoolDocumentos = {}) {
    this.tamano = Math.max(1, opciones.tamano ?? hilosDocumentosPorDefecto());
    this.colaMaxima = Math.max(0, opciones.colaMaxima ?? COLA_MAXIMA_DOCUMENTOS);
    this.timeoutMs = opciones.timeoutMs ?? TIMEOUT_DOCUMENTO_MS;
  }

  /** Workers alive (busy or idle). */
  get vivos(): number {
    return this.hilos.size;
  }

  /** Jobs waiting for a worker. */
  get enCola(): number {
    return this.cola.length;
  }

  /**
   * Renders one document on a worker and answers its PDF. Refuses with 503 (AppError SERVICIO_OCUPADO) when the
   * queue is full, the job outlives its time, its worker dies or the pool is closing; a renderer that throws is a
   * plain Error (a 500: a bug, not a busy server).
   */
  renderizar<T extends TipoDocumento>(tipo: T, datos: Documentos[T]): Promise<Buffer> {
    if (this.cerrado) return Promise.reject(new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS.cerrado));
    // Only a job that would wait counts against the queue: with a worker idle or yet to start, it runs at once.
    const ocupados = [...this.hilos].filter((hilo) => hilo.actual !== null).length;
    if (ocupados >= this.tamano && this.cola.length >= this.colaMaxima) {
      return Promise.reject(new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS.cola));
    }
    return new Promise((resolve, reject) => {
      this.cola.push({ mensaje: { id: ++this.siguienteId, tipo, datos }, resolve, reject });
      this.despachar();
    });
  }

  /** Terminates every worker; queued and running jobs are refused (503). */
  async cerrar(): Promise<void> {
    this.cerrado = true;
    const error = () => new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS.cerrado);
    for (const pendiente of this.cola.splice(0)) pendiente.reject(error());
    await Promise.all([...this.hilos].map((hilo) => this.descartar(hilo, error())));
  }

  private despachar(): void {
    while (this.cola.length > 0) {
      let hilo = [...this.hilos].find((h) => h.actual === null);
      if (!hilo && this.hilos.size < this.tamano) hilo = this.iniciarHilo();
      if (!hilo) return;
      const pendiente = this.cola.shift()!;
      hilo.actual = pendiente;
      // The clock starts when the job reaches its worker, not while it waits in the queue.
      const elegido = hilo;
      hilo.temporizador = setTimeout(() => {
        void this.descartar(elegido, new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS.tiempo));
        this.despachar();
      }, this.timeoutMs);
      try {
        hilo.worker.postMessage(pendiente.mensaje);
      } catch (error) {
        // Data that cannot be cloned (a function, a class instance with private state) is the caller's bug.
        this.liberar(hilo);
        pendiente.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private iniciarHilo(): Hilo {
    const worker = (this.opciones.crearWorker ?? crearWorkerDocumentos)();
    const hilo: Hilo = { worker, actual: null, temporizador: null };
    this.hilos.add(hilo);
    worker.on('message', (respuesta: RespuestaDocumento) => {
      const pendiente = hilo.actual;
      if (!pendiente || pendiente.mensaje.id !== respuesta.id) return;
      this.liberar(hilo);
      if (respuesta.ok) pendiente.resolve(Buffer.from(respuesta.pdf.buffer, respuesta.pdf.byteOffset, respuesta.pdf.byteLength));
      else pendiente.reject(new Error(`No se pudo generar el documento ${pendiente.mensaje.tipo}: ${respuesta.mensaje}`));
      this.despachar();
    });
    const caida = () => {
      if (!this.hilos.has(hilo)) return;
      void this.descartar(hilo, new AppError('SERVICIO_OCUPADO', MENSAJES_DOCUMENTOS.caida));
      this.despachar();
    };
    worker.on('error', caida);
    worker.on('exit', caida);
    // An idle worker must not keep the process alive on shutdown.
    worker.unref();
    return hilo;
  }

  private liberar(hilo: Hilo): void {
    if (hilo.temporizador) clearTimeout(hilo.temporizador);
    hilo.temporizador = null;
    hilo.actual = null;
  }

  private async descartar(hilo: Hilo, error: Error): Promise<void> {
    if (!this.hilos.delete(hilo)) return;
    const pendiente = hilo.actual;
    this.liberar(hilo);
    pendiente?.reject(error);
    await hilo.worker.terminate();
  }
}
