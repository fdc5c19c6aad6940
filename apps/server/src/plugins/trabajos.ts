import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CompiledQuery } from 'kysely';
import { PgBoss, type Db as DbPgBoss } from 'pg-boss';
import { urlDeDb } from '../db/database';
import { esErrorDeConexion } from '../db/errores-db';
import type { Trx } from '../db/transaccion';

/** The PostgreSQL schema of pg-boss's tables, beside the app's `public`. */
export const ESQUEMA_TRABAJOS = 'pgboss';

export interface OpcionesTrabajos {
  /**
   * Whether this instance runs the registered workers and the supervision that gives back jobs whose worker died.
   * Off, the instance only enqueues (an API-only instance, or a test that does not run jobs).
   */
  trabajadores: boolean;
  /** How often an idle worker looks for jobs that came due without a notification (retries, deferred jobs). Default 5. */
  sondeoSegundos?: number;
  /** How often expired jobs (their worker died) are given back to the queue. Default 60. */
  supervisionSegundos?: number;
  /** How long closing the app waits for running jobs before failing them back to their queue. Default 10. */
  esperaCierreSegundos?: number;
}

export interface OpcionesEncolar {
  /** While a job with this key is pending, retrying or running in the queue, another one is not enqueued (null). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSegundos?: number;
  /** Runs after the first one fails. Default 8. */
  reintentos?: number;
  /** First wait before a retry, doubling on each one up to 30 minutes. Default 10; 0 retries at once, without backoff. */
  esperaReintentoSegundos?: number;
  /** Longest a run may take; after it the run counts as failed, and a job whose process died runs again. Default 300. */
  expiraEnSegundos?: number;
}

/** What a handler knows of the run it is in. */
export interface InfoTrabajo {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  intento: number;
  /** No retry follows if this run fails: the handler records the failure for good. */
  ultimoIntento: boolean;
  /** Aborted when the run expired or the app is closing: stop and let the job run again. */
  senal: AbortSignal;
}

export type ManejadorTrabajo<T extends object> = (datos: T, trabajo: InfoTrabajo) => Promise<void>;

/** How the app runs work in the background (`app.trabajos`). */
export interface Trabajos {
  /**
   * Enqueues `datos` for the queue `nombre` inside `trx`: the job exists only if the transaction commits, and the
   * workers start it as soon as it does. Answers the job's id, or null when `singletonKey` matched a job that is
   * still pending, retrying or running.
   */
  encolar<T extends object>(trx: Trx, nombre: string, datos: T, opciones?: OpcionesEncolar): Promise<string | null>;
  /**
   * The worker of the queue `nombre`: `manejador` runs once per job; throwing fails that run and the job is retried
   * with backoff until its retries are spent. Nothing runs in an instance without workers.
   */
  registrar<T extends object>(nombre: string, manejador: ManejadorTrabajo<T>, opciones?: { concurrencia?: number }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    trabajos: Trabajos;
  }
}

const REINTENTOS = 8;
const ESPERA_REINTENTO_SEGUNDOS = 10;
const ESPERA_REINTENTO_MAXIMA_SEGUNDOS = 30 * 60;
const EXPIRA_EN_SEGUNDOS = 5 * 60;
/** pg-boss's own pool: fetches, completions and supervision are short statements; handlers use the app's pool. */
const CONEXIONES = 4;

/**
 * pg-boss on `url`, configured as the app runs it. `exclusive` queues make a singletonKey mean "one pending, retrying
 * or running job per key"; `notify` makes the insert NOTIFY on commit, so a listening worker starts at once.
 */
function crearPgBoss(url: string, opciones: Required<OpcionesTrabajos>, conexionMs: number): PgBoss {
  const { trabajadores } = opciones;
  return new PgBoss({
    connectionString: url,
    schema: ESQUEMA_TRABAJOS,
    max: CONEXIONES,
    connectionTimeoutMillis: conexionMs,
    // Creates the schema on a database that lacks it, and migrates it after an upgrade of pg-boss (its own migrations).
    migrate: true,
    supervise: trabajadores,
    superviseIntervalSeconds: opciones.supervisionSegundos,
    monitorIntervalSeconds: opciones.supervisionSegundos,
    useListenNotify: trabajadores,
    registerInstance: trabajadores,
    schedule: false,
    openTelemetry: { enabled: false },
  });
}

/** pg-boss's statements run in the caller's Kysely transaction, so what they write commits or rolls back with it. */
function enTransaccion(trx: Trx): DbPgBoss {
  return {
    executeSql: async (texto, valores) => {
      const resultado = await trx.executeQuery(CompiledQuery.raw(texto, valores ?? []));
      return { rows: [...resultado.rows] };
    },
  };
}

/**
 * Creates (or migrates) pg-boss's schema in the database at `url`. The tests' template gets it once, so no test
 * file pays for it; a server creates it on its first start without this.
 */
export async function instalarEsquemaTrabajos(url: string): Promise<void> {
  const jefe = new PgBoss({ connectionString: url, schema: ESQUEMA_TRABAJOS, max: 1, supervise: false, schedule: false, registerInstance: false });
  // A failure rejects start() itself; an unheard 'error' event would end the process instead.
  jefe.on('error', () => {});
  await jefe.start();
  await jefe.stop({ graceful: false });
}

/**
 * Background jobs with pg-boss, in the app's own PostgreSQL (schema pgboss). pg-boss starts on first need: when the
 * app is ready if this instance runs workers, else on the first job enqueued, so an app that never enqueues (most
 * tests) opens no connection for it. Closing the app stops it, waiting a bounded time for the jobs running.
 */
export const trabajosPlugin = fp(async (app: FastifyInstance, opciones: OpcionesTrabajos) => {
  const ajustes: Required<OpcionesTrabajos> = {
    trabajadores: opciones.trabajadores,
    sondeoSegundos: opciones.sondeoSegundos ?? 5,
    supervisionSegundos: opciones.supervisionSegundos ?? 60,
    esperaCierreSegundos: opciones.esperaCierreSegundos ?? 10,
  };
  const registrarFallo = (error: Error) => {
    if (esErrorDeConexion(error)) app.log.warn({ err: error }, 'trabajos: base de datos no disponible');
    else app.log.error({ err: error }, 'trabajos: error de pg-boss');
  };

  let arranque: Promise<PgBoss> | null = null;
  let cerrado = false;
  const colas = new Map<string, Promise<void>>();

  /** The started pg-boss; a failed start is forgotten, so the next call tries again. */
  const iniciar = (): Promise<PgBoss> => {
    if (cerrado) return Promise.reject(new Error('Los trabajos en segundo plano están detenidos'));
    arranque ??= (async () => {
      const url = urlDeDb(app.db);
      if (!url) throw new Error('Trabajos en segundo plano no disponibles: la base de datos no se creó con crearDb');
      const jefe = crearPgBoss(url, ajustes, app.config.baseDatos.connectionTimeoutMs);
      jefe.on('error', registrarFallo);
      jefe.on('warning', (aviso) => app.log.warn({ aviso: aviso.data }, `trabajos: ${aviso.message}`));
      try {
        await jefe.start();
        return jefe;
      } catch (error) {
        arranque = null;
        await jefe.stop({ graceful: false }).catch(() => {});
        throw error;
      }
    })();
    return arranque;
  };

  /** pg-boss 12 needs the queue before its first job or worker; created once per process, kept if it exists. */
  const asegurarCola = (jefe: PgBoss, nombre: string): Promise<void> => {
    let creada = colas.get(nombre);
    if (!creada) {
      creada = jefe.createQueue(nombre, {
        policy: 'exclusive',
        notify: true,
        retryLimit: REINTENTOS,
        retryDelay: ESPERA_REINTENTO_SEGUNDOS,
        retryBackoff: true,
        retryDelayMax: ESPERA_REINTENTO_MAXIMA_SEGUNDOS,
        expireInSeconds: EXPIRA_EN_SEGUNDOS,
      });
      colas.set(nombre, creada);
      creada.catch(() => colas.delete(nombre));
    }
    return creada;
  };

  const trabajos: Trabajos = {
    encolar: async (trx, nombre, datos, opcionesEncolar = {}) => {
      const jefe = await iniciar();
      await asegurarCola(jefe, nombre);
      const espera = opcionesEncolar.esperaReintentoSegundos ?? ESPERA_REINTENTO_SEGUNDOS;
      return jefe.send(nombre, datos, {
        db: enTransaccion(trx),
        // In an exclusive queue every job without a key would share the empty one: each gets a key of its own.
        singletonKey: opcionesEncolar.singletonKey ?? randomUUID(),
        startAfter: opcionesEncolar.startAfterSegundos,
        retryLimit: opcionesEncolar.reintentos ?? REINTENTOS,
        retryDelay: espera,
        retryBackoff: espera > 0,
        ...(espera > 0 ? { retryDelayMax: ESPERA_REINTENTO_MAXIMA_SEGUNDOS } : {}),
        expireInSeconds: opcionesEncolar.expiraEnSegundos ?? EXPIRA_EN_SEGUNDOS,
      });
    },

    registrar: async (nombre, manejador, opcionesRegistro = {}) => {
      if (!ajustes.trabajadores) return;
      const jefe = await iniciar();
      await asegurarCola(jefe, nombre);
      await jefe.work(
        nombre,
        {
          batchSize: 1,
          localConcurrency: opcionesRegistro.concurrencia ?? 1,
          includeMetadata: true,
          pollingIntervalSeconds: ajustes.sondeoSegundos,
          notifyPollingIntervalSeconds: ajustes.sondeoSegundos,
        },
        async ([trabajo]) => {
          try {
            await manejador(trabajo!.data as Parameters<typeof manejador>[0], {
              id: trabajo!.id,
              intento: trabajo!.retryCount + 1,
              ultimoIntento: trabajo!.retryCount >= trabajo!.retryLimit,
              senal: trabajo!.signal,
            });
          } finally {
            // pg-boss waits a whole poll after every job; a worker that just ran one looks for the next at once
            // instead (a batch of 30 jobs takes seconds, not 30 polls). Idle workers are left alone.
            for (const trabajador of jefe.getWipData()) {
              if (trabajador.name === nombre && trabajador.count > 0) jefe.notifyWorker(trabajador.id);
            }
          }
        },
      );
    },
  };
  app.decorate('trabajos', trabajos);

  // An instance with workers starts with the app, so the supervision of expired jobs runs even before a worker exists.
  if (ajustes.trabajadores) app.addHook('onReady', async () => void (await iniciar()));

  app.addHook('onClose', async () => {
    cerrado = true;
    const jefe = await arranque?.catch(() => null);
    // A job still running after the wait is failed back to its queue (it runs again after its retry delay).
    await jefe?.stop({ graceful: true, timeout: ajustes.esperaCierreSegundos * 1000 });
  });
});
