/**
 * A small pool of worker threads for the cutting engine (issue 3 item 4). Jobs queue when every
 * worker is busy; a job that outlives its timeout has its worker terminated, and a worker that
 * crashes or hangs is dropped: the next job starts a fresh one, so the pool heals itself.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { HILOS_POR_TRABAJO, type OpcionesOptimizacion, type ResultadoCorte, type TrabajoCorte } from '@tablero/cutting';
import type { MensajeRespuesta, MensajeTrabajo } from './corte.worker';

/** Why a job failed without an answer from the engine. */
export class FalloPool extends Error {
  constructor(
    readonly motivo: 'entrada' | 'tiempo' | 'caida' | 'cola' | 'cerrado',
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

interface Pendiente {
  mensaje: MensajeTrabajo;
  resolve: (resultado: ResultadoCorte) => void;
  reject: (error: Error) => void;
}

interface Hilo {
  worker: Worker;
  actual: Pendiente | null;
  temporizador: NodeJS.Timeout | null;
}

/** The engine's worker under tsx: the server itself runs under tsx, and vitest does not pass it on. */
export function crearWorkerCorte(): Worker {
  const conTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  return new Worker(new URL('./corte.worker.ts', import.meta.url), {
    execArgv: conTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  });
}

/**
 * One worker per search of a job (HILOS_POR_TRABAJO), as many as the machine has cores: the
 * main thread only waits on the database and the network while the engine runs.
 */
export function tamanoPorDefecto(): number {
  return Math.max(1, Math.min(HILOS_POR_TRABAJO, os.availableParallelism()));
}

export class PoolCorte {
  private readonly tamano: number;
  private readonly hilos = new Set<Hilo>();
  private readonly cola: Pendiente[] = [];
  private siguienteId = 0;
  private cerrado = false;

  constructor(private readonly opciones: OpcionesPool) {
    this.tamano = Math.max(1, opciones.tamano ?? tamanoPorDefecto());
  }

  /** Workers alive (busy or idle). */
  get vivos(): number {
    return this.hilos.size;
  }

  /** Runs one job; rejects with FalloPool when the engine refuses it, or on timeout, crash or a full queue. */
  ejecutar(trabajo: TrabajoCorte, opciones: OpcionesOptimizacion): Promise<ResultadoCorte> {
    if (this.cerrado) return Promise.reject(new FalloPool('cerrado', 'El optimizador se está cerrando'));
    if (this.cola.length >= (this.opciones.colaMaxima ?? 100)) {
      return Promise.reject(new FalloPool('cola', 'Hay demasiados trabajos de corte en espera'));
    }
    return new Promise((resolve, reject) => {
      this.cola.push({ mensaje: { id: ++this.siguienteId, trabajo, opciones }, resolve, reject });
      this.despachar();
    });
  }

  /** Terminates every worker; queued jobs are refused. */
  async cerrar(): Promise<void> {
    this.cerrado = true;
    for (const pendiente of this.cola.splice(0)) pendiente.reject(new FalloPool('cerrado', 'El optimizador se está cerrando'));
    await Promise.all([...this.hilos].map((hilo) => this.descartar(hilo, new FalloPool('cerrado', 'El optimizador se está cerrando'))));
  }

  private despachar(): void {
    while (this.cola.length > 0) {
      let hilo = [...this.hilos].find((h) => h.actual === null);
      if (!hilo && this.hilos.size < this.tamano) hilo = this.iniciarHilo();
      if (!hilo) return;
      const pendiente = this.cola.shift()!;
      hilo.actual = pendiente;
      // The clock starts when the job reaches its worker, not while it waits in the queue.
      hilo.temporizador = setTimeout(() => {
        void this.descartar(hilo, new FalloPool('tiempo', 'El optimizador tardó demasiado'));
        this.despachar();
      }, this.opciones.timeoutMs);
      hilo.worker.postMessage(pendiente.mensaje);
    }
  }

  private iniciarHilo(): Hilo {
    const worker = (this.opciones.crearWorker ?? crearWorkerCorte)();
    const hilo: Hilo = { worker, actual: null, temporizador: null };
    this.hilos.add(hilo);
    worker.on('message', (respuesta: MensajeRespuesta) => {
      const pendiente = hilo.actual;
      if (!pendiente || pendiente.mensaje.id !== respuesta.id) return;
      this.liberar(hilo);
      if (respuesta.ok) pendiente.resolve(respuesta.resultado);
      else pendiente.reject(new FalloPool(respuesta.entrada ? 'entrada' : 'caida', respuesta.mensaje, respuesta.pieza));
      this.despachar();
    });
    const caida = (error?: Error) => {
      if (!this.hilos.has(hilo)) return;
      void this.descartar(hilo, new FalloPool('caida', `El optimizador falló${error ? `: ${error.message}` : ''}`));
      this.despachar();
    };
    worker.on('error', caida);
    worker.on('exit', () => caida());
    // An idle worker must not keep the process alive on shutdown.
    worker.unref();
    return hilo;
  }

  private liberar(hilo: Hilo): void {
    if (hilo.temporizador) clearTimeout(hilo.temporizador);
    hilo.temporizador = null;
    hilo.actual = null;
  }

  private async descartar(hilo: Hilo, error: FalloPool): Promise<void> {
    if (!this.hilos.delete(hilo)) return;
    const pendiente = hilo.actual;
    this.liberar(hilo);
    pendiente?.reject(error);
    await hilo.worker.terminate();
  }
}
