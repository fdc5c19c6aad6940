/**
 * A pool of worker threads, shared by the cutting engine (modules/corte/corte.pool.ts) and the documents pool
 * (documents/documentos.pool.ts), which differ only in their messages and in how they report a failure.
 * Workers start on demand up to the pool's size; a job waits in a bounded queue (one more is refused at
 * once); its time limit counts from the moment it reaches a running worker (a worker still starting, which
 * on a loaded machine can take longer than a job, does not eat into it); and a worker that hangs, crashes or
 * exits is dropped, so the next job starts a fresh one and the pool heals itself.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** How long closing waits for a worker to stop before going on without it. */
const ESPERA_TERMINAR_MS = 2_000;

/** Why the pool answered a job itself, without a word from its worker. */
export type MotivoPool = 'cola' | 'tiempo' | 'caida' | 'cerrado';

export interface OpcionesPoolHilos<TTrabajo, TResultado, TRespuesta> {
  /** Workers at most. */
  tamano: number;
  /** Jobs waiting at most, while every worker is busy; one more is refused at once. */
  colaMaxima: number;
  /** Time a job may take once on its worker, ms, before that worker is replaced. */
  timeoutMs: number;
  /** Starts a worker: each pool its own script and limits, tests one that hangs or crashes. */
  crearWorker: () => Worker;
  /**
   * The job's result from its worker's answer; throwing rejects the job with what is thrown, so each
   * pool keeps its own errors for a job the worker refused (a bad input, a renderer's bug).
   */
  interpretar: (respuesta: TRespuesta, trabajo: TTrabajo) => TResultado;
  /** The error for a job the pool answers itself; on 'caida', `causa` is the worker's error when it sent one. */
  error: (motivo: MotivoPool, causa?: Error) => Error;
}

interface Pendiente<TTrabajo, TResultado> {
  id: number;
  trabajo: TTrabajo;
  resolve: (resultado: TResultado) => void;
  reject: (error: Error) => void;
}

interface Hilo<TTrabajo, TResultado> {
  worker: Worker;
  actual: Pendiente<TTrabajo, TResultado> | null;
  temporizador: NodeJS.Timeout | null;
  /** The worker's thread has started ('online'); until then a job's clock waits. */
  enLinea: boolean;
}

/**
 * Starts a worker from a TypeScript file: the server runs under tsx and its flags are passed on; vitest does
 * not run under tsx, so there the worker loads tsx itself.
 */
export function crearWorkerTs(archivo: URL, opciones: Omit<WorkerOptions, 'execArgv'> = {}): Worker {
  const conTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  return new Worker(archivo, { ...opciones, execArgv: conTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'] });
}

function comoError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * The worker gets the job's fields plus an `id`, and must answer with that `id`: an answer for a job the
 * pool already gave up on (timed out, closed) is ignored instead of settling the next one.
 */
export class PoolHilos<TTrabajo extends object, TResultado, TRespuesta extends { id: number }> {
  private readonly tamano: number;
  private readonly colaMaxima: number;
  private readonly hilos = new Set<Hilo<TTrabajo, TResultado>>();
  private readonly cola: Pendiente<TTrabajo, TResultado>[] = [];
  private siguienteId = 0;
  private cerrado = false;

  constructor(private readonly opciones: OpcionesPoolHilos<TTrabajo, TResultado, TRespuesta>) {
    this.tamano = Math.max(1, opciones.tamano);
    this.colaMaxima = Math.max(0, opciones.colaMaxima);
  }

  /** Workers alive (busy or idle). */
  get vivos(): number {
    return this.hilos.size;
  }

  /** Jobs waiting for a worker. */
  get enCola(): number {
    return this.cola.length;
  }

  /** Runs one job on a worker; rejects with the pool's error on a full queue, timeout, crash or close. */
  ejecutar(trabajo: TTrabajo): Promise<TResultado> {
    if (this.cerrado) return Promise.reject(this.opciones.error('cerrado'));
    // Only a job that would wait counts against the queue: with a worker idle or yet to start, it runs at once.
    const ocupados = [...this.hilos].filter((hilo) => hilo.actual !== null).length;
    if (ocupados >= this.tamano && this.cola.length >= this.colaMaxima) return Promise.reject(this.opciones.error('cola'));
    return new Promise((resolve, reject) => {
      this.cola.push({ id: ++this.siguienteId, trabajo, resolve, reject });
      this.despachar();
    });
  }

  /** Terminates every worker; running and queued jobs are refused, and so is every job after. */
  async cerrar(): Promise<void> {
    this.cerrado = true;
    for (const pendiente of this.cola.splice(0)) pendiente.reject(this.opciones.error('cerrado'));
    await Promise.all([...this.hilos].map((hilo) => this.descartar(hilo, this.opciones.error('cerrado'))));
  }

  private despachar(): void {
    while (this.cola.length > 0) {
      const hilo = [...this.hilos].find((h) => h.actual === null) ?? (this.hilos.size < this.tamano ? this.iniciarHilo() : undefined);
      if (!hilo) return;
      const pendiente = this.cola.shift()!;
      hilo.actual = pendiente;
      // The clock starts when the job reaches a running worker, not while it waits in the queue or its worker starts.
      if (hilo.enLinea) this.iniciarReloj(hilo);
      try {
        hilo.worker.postMessage({ ...pendiente.trabajo, id: pendiente.id });
      } catch (error) {
        // A job that cannot be cloned (a function, a class with private state) is the caller's bug, not the worker's.
        this.liberar(hilo);
        pendiente.reject(comoError(error));
      }
    }
  }

  private iniciarHilo(): Hilo<TTrabajo, TResultado> {
    const worker = this.opciones.crearWorker();
    const hilo: Hilo<TTrabajo, TResultado> = { worker, actual: null, temporizador: null, enLinea: false };
    this.hilos.add(hilo);
    worker.once('online', () => {
      hilo.enLinea = true;
      if (hilo.actual && !hilo.temporizador) this.iniciarReloj(hilo);
    });
    worker.on('message', (respuesta: TRespuesta) => {
      const pendiente = hilo.actual;
      if (!pendiente || pendiente.id !== respuesta.id) return;
      this.liberar(hilo);
      try {
        pendiente.resolve(this.opciones.interpretar(respuesta, pendiente.trabajo));
      } catch (error) {
        pendiente.reject(comoError(error));
      }
      this.despachar();
    });
    const caida = (causa?: Error) => {
      if (!this.hilos.has(hilo)) return;
      void this.descartar(hilo, this.opciones.error('caida', causa));
      this.despachar();
    };
    worker.on('error', caida);
    // 'exit' passes an exit code, not an error: the worker simply went away.
    worker.on('exit', () => caida());
    // An idle worker must not keep the process alive on shutdown.
    worker.unref();
    return hilo;
  }

  private iniciarReloj(hilo: Hilo<TTrabajo, TResultado>): void {
    hilo.temporizador = setTimeout(() => {
      void this.descartar(hilo, this.opciones.error('tiempo'));
      this.despachar();
    }, this.opciones.timeoutMs);
  }

  private liberar(hilo: Hilo<TTrabajo, TResultado>): void {
    if (hilo.temporizador) clearTimeout(hilo.temporizador);
    hilo.temporizador = null;
    hilo.actual = null;
  }

  private async descartar(hilo: Hilo<TTrabajo, TResultado>, error: Error): Promise<void> {
    if (!this.hilos.delete(hilo)) return;
    const pendiente = hilo.actual;
    this.liberar(hilo);
    pendiente?.reject(error);
    // A worker still loading its modules may take its time to stop; closing the app (and a test file's teardown)
    // must not wait on it. It is unref'ed, so it never keeps the process alive.
    let espera: NodeJS.Timeout | undefined;
    await Promise.race([hilo.worker.terminate(), new Promise<void>((listo) => (espera = setTimeout(listo, ESPERA_TERMINAR_MS)))]);
    clearTimeout(espera);
  }
}
