import { setImmediate as enSeguida } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  RUTA_TIEMPO_REAL,
  NAMESPACE_PUBLICO,
  salaUsuario,
  type EventoDespachoPublico,
  type EventosDespachoPublico,
  type EventosTiempoReal,
  type EventoTiempoReal,
} from '@tablero/domain';
import { urlDeDb } from '../db/database';
import { esErrorDeConexion, traducirErrorBaseDatos } from '../db/errores-db';
import type { ActorUsuario } from '../db/transaccion';
import { AppError } from '../lib/app-error';
import type { CanalPublico, SalaTiempoReal } from '../modules/modulo';
import * as tiendasService from '../modules/tiendas';
import type { SesionVerificada } from './auth';

/** What the server sends: each event of EventosTiempoReal with its payload. */
type EventosServidor = { [E in EventoTiempoReal]: (datos: EventosTiempoReal[E]) => void };
/** What a socket keeps from its handshake. */
interface DatosSocket {
  token: string;
  userId: number;
}
type SocketTablero = Socket<Record<string, never>, EventosServidor, Record<string, never>, DatosSocket>;

/** How the app pushes events (after the transaction that caused them committed, never inside it). */
export interface TiempoReal {
  /** To every socket of the user, on every server instance. */
  emitirAUsuario<E extends EventoTiempoReal>(userId: number, evento: E, datos: EventosTiempoReal[E]): void;
  /** To a room a module offers (its SalaTiempoReal, e.g. `salaProduccion(tienda)`), on every server instance. */
  emitirASala<E extends EventoTiempoReal>(sala: string, evento: E, datos: EventosTiempoReal[E]): void;
  /** To a room of the public namespace (a module's CanalPublico, e.g. `salaDespachosPublico(tienda)`). */
  emitirPublico<E extends EventoDespachoPublico>(sala: string, evento: E, datos: EventosDespachoPublico[E]): void;
  /** Ends the sockets of this instance whose session is over (closed, revoked, expired, user inactive); how many. */
  revisarSesiones(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tiempoReal: TiempoReal;
  }
}

/** How often the open sockets' sessions are read again: a revoked session loses its socket within this time. */
const REVISION_SESIONES_MS = 60_000;
/** Connections of the adapter's own pool: the LISTEN client, held while the app runs, and one for NOTIFY. */
const CONEXIONES_ADAPTADOR = 2;

/** The rooms and public channels the modules offer through their doors (MODULOS' `salas` and `canalPublico`). */
export interface OpcionesTiempoReal {
  salas: readonly SalaTiempoReal[];
  canalesPublicos: readonly CanalPublico[];
}

/** What @socket.io/postgres-adapter sends for each event (its PubSubClient.publish): PoolAdaptador batches it. */
const AVISO_DEL_ADAPTADOR = 'SELECT pg_notify($1, $2)';
const AVISOS_POR_SENTENCIA = 100;
interface LoteAvisos {
  avisos: [string, string][];
  hecho: Promise<unknown>;
}

/**
 * The adapter's pool, as the adapter sees it: its LISTEN client gets an 'error' listener (pg-pool listens only to
 * idle clients, and an unheard 'error' of a lost connection would end the process; the adapter then sees 'end' and
 * reconnects by itself) and is given back to the pool when its connection ends, and a connect still under way is
 * known, so closing waits for it instead of leaving the adapter a client it would hold forever.
 */
class PoolAdaptador {
  private enCurso = new Set<Promise<unknown>>();
  private cerrado = false;
  /** The events asked for in this turn of the event loop, sent together at its end (avisarEnLote). */
  private lote: LoteAvisos | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly alFallar: (error: Error) => void,
  ) {}

  connect(): Promise<pg.PoolClient> {
    if (this.cerrado) return Promise.reject(new Error('Tiempo real cerrado'));
    const conexion = this.pool.connect().then((cliente) => {
      cliente.on('error', this.alFallar);
      // The adapter forgets a client whose connection ended and asks for a new one, without releasing it: its slot
      // would stay taken (with 2 slots, one outage leaves NOTIFY without a connection, and pool.end() waiting).
      cliente.once('end', () => {
        try {
          cliente.release(true);
        } catch {
          // Already released by the adapter's close.
        }
      });
      if (this.cerrado) {
        cliente.release(true);
        throw new Error('Tiempo real cerrado');
      }
      // The adapter keeps a client only once its LISTEN statements answered (one per namespace): closing meanwhile
      // would find no client to release, and the pool's end would wait for it forever. Its queries are followed too.
      const consultar = cliente.query.bind(cliente) as (...a: unknown[]) => unknown;
      cliente.query = ((...argumentos: unknown[]) => {
        const resultado = consultar(...argumentos);
        if (resultado instanceof Promise) this.seguir(resultado);
        return resultado;
      }) as typeof cliente.query;
      return cliente;
    });
    this.seguir(conexion);
    return conexion;
  }

  private seguir(promesa: Promise<unknown>): void {
    const seguimiento = promesa.catch(() => {});
    this.enCurso.add(seguimiento);
    void seguimiento.finally(() => this.enCurso.delete(seguimiento));
  }

  query(...argumentos: Parameters<pg.Pool['query']>) {
    const [texto, valores] = argumentos as unknown[];
    if (texto === AVISO_DEL_ADAPTADOR && Array.isArray(valores)) return this.avisarEnLote(valores as [string, string]);
    return (this.pool.query as (...a: unknown[]) => unknown)(...argumentos);
  }

  /**
   * The adapter sends each event as its own `SELECT pg_notify($1, $2)`: a bill's two (the public board's and the
   * Despachos screen's) were two statements, each a round trip and a socket write in both processes (a write is a
   * costly system call on these machines: socket writes are about 40 % of the busy time in the billing benchmark's
   * profile). The events asked
   * for in one turn of the event loop go in one statement instead, in the order they were asked for, which is the
   * order PostgreSQL delivers them (docs/decisions.md, "Una factura en pocas sentencias").
   */
  private avisarEnLote(aviso: [string, string]): Promise<unknown> {
    if (this.lote === null) {
      const avisos: [string, string][] = [];
      const hecho = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (this.lote?.avisos === avisos) this.lote = null;
        const marcas = avisos.map((_, n) => `pg_notify($${2 * n + 1}, $${2 * n + 2})`);
        return (this.pool.query as (texto: string, valores: unknown[]) => Promise<unknown>)(`select ${marcas.join(', ')}`, avisos.flat());
      });
      this.seguir(hecho);
      this.lote = { avisos, hecho };
    }
    const lote = this.lote;
    lote.avisos.push(aviso);
    // A long burst is cut into statements of a bounded size.
    if (lote.avisos.length >= AVISOS_POR_SENTENCIA) this.lote = null;
    return lote.hecho;
  }

  /**
   * No new connections; resolves once the connects and the listener's statements under way have settled and the
   * adapter has reacted to them (a statement may follow another: wait until none is left).
   */
  async cerrar(): Promise<void> {
    this.cerrado = true;
    do {
      await Promise.all(this.enCurso);
      await enSeguida();
    } while (this.enCurso.size > 0);
  }
}

/** The adapter's listener (`PubSubClient` of @socket.io/postgres-adapter, shared by its namespaces): what it reconnects with. */
interface EscuchaAdaptador {
  client?: unknown;
  /** The library's timer, cleared by its close(): the reconnection scheduled here keeps it there. */
  reconnectTimer?: ReturnType<typeof setTimeout>;
  scheduleReconnection(): void;
  initClient(): Promise<void>;
}

/**
 * The listener's reconnection delays: the first soon, each next one twice the last up to the library's own 2 s, each
 * drawn between half and one and a half of it (instances cut together do not reconnect together); `reiniciar` once a
 * connection listens. A connection cut while PostgreSQL is up (a terminated backend, a pooler's failover) listens again
 * within about a tenth of a second instead of the library's fixed 1–3 s, during which events from other instances
 * never reach this one's sockets; a database that is down is asked again every 1–3 s, as the library does.
 */
export function esperasDeReconexion(azar: () => number = Math.random) {
  const PRIMERA_MS = 50;
  const MAXIMA_MS = 2_000;
  let base = PRIMERA_MS;
  return {
    siguiente(): number {
      const demora = Math.floor(base * (0.5 + azar()));
      base = Math.min(base * 2, MAXIMA_MS);
      return demora;
    },
    reiniciar(): void {
      base = PRIMERA_MS;
    },
  };
}

/**
 * The adapter's listener keeps one LISTEN connection, but schedules a reconnection both when its connection ends and
 * when a LISTEN fails, and a LISTEN cut by PostgreSQL does both: two timers, two connections that LISTEN, one of them
 * forgotten but held (the pool's two slots taken, NOTIFY waiting, events heard twice, closing the app waiting for it
 * forever). So a reconnection asked for while one is pending, or while a connection listens, is not started again.
 * The delays are esperasDeReconexion's.
 */
function unaEscuchaALaVez(adaptador: unknown): void {
  const escucha = (adaptador as { client?: EscuchaAdaptador }).client;
  if (!escucha || typeof escucha.scheduleReconnection !== 'function' || typeof escucha.initClient !== 'function') return;
  let pendiente = false;
  const esperas = esperasDeReconexion();
  const iniciar = escucha.initClient.bind(escucha);
  escucha.scheduleReconnection = () => {
    if (pendiente) return;
    pendiente = true;
    escucha.reconnectTimer = setTimeout(() => void escucha.initClient(), esperas.siguiente());
  };
  escucha.initClient = async () => {
    pendiente = false;
    if (escucha.client) return;
    await iniciar();
    if (escucha.client) esperas.reiniciar();
  };
}

/**
 * Socket.IO on the app's HTTP server (path /socket.io, WebSocket with long-polling as fallback). Broadcasts cross
 * server instances through @socket.io/postgres-adapter (LISTEN/NOTIFY on a small pool of its own, to the app's
 * database). The handshake authenticates `auth.token` as the API's bearer is, and joins the socket to its rooms:
 * `usuario:{id}`, and each room a module offers (`opciones.salas`) whose role test the user passes, once per active
 * store. It knows no feature: a new live screen is a room in its module's door. With PostgreSQL down, events still
 * reach this instance's sockets, errors are logged, and the adapter reconnects by itself.
 */
export const tiempoRealPlugin = fp(async (app: FastifyInstance, opciones: OpcionesTiempoReal) => {
  const registrarFallo = (error: Error) => {
    if (esErrorDeConexion(error)) app.log.warn({ err: error }, 'tiempo real: base de datos no disponible');
    else app.log.error({ err: error }, 'tiempo real: error del adaptador');
  };

  const io = new Server<Record<string, never>, EventosServidor, Record<string, never>, DatosSocket>(app.server, {
    path: RUTA_TIEMPO_REAL,
    transports: ['websocket', 'polling'],
    serveClient: false,
  });

  const url = urlDeDb(app.db);
  let pool: pg.Pool | null = null;
  let poolAdaptador: PoolAdaptador | null = null;
  if (url) {
    pool = new pg.Pool({
      connectionString: url,
      max: CONEXIONES_ADAPTADOR,
      connectionTimeoutMillis: app.config.baseDatos.connectionTimeoutMs,
      keepAlive: true,
    });
    pool.on('error', registrarFallo);
    poolAdaptador = new PoolAdaptador(pool, registrarFallo);
    io.adapter(createAdapter(poolAdaptador as unknown as pg.Pool, { errorHandler: registrarFallo }));
    unaEscuchaALaVez(io.of('/').adapter);
  } else {
    app.log.warn('tiempo real: sin adaptador de PostgreSQL; los eventos llegan solo a esta instancia');
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    void (async () => {
      const sesion = await app.verificarSesion(typeof token === 'string' && token ? token : null, null);
      const salas = [salaUsuario(sesion.userId)];
      const admitidas = opciones.salas.filter((sala) => sala.admite(sesion.role));
      if (admitidas.length > 0) {
        const tiendas = await tiendasService.tiendasDeUsuario(app.db, actorDeSesion(sesion), sesion.userId);
        for (const tienda of tiendas) for (const sala of admitidas) salas.push(sala.sala(tienda.codigo_tienda));
      }
      socket.data = { token: token as string, userId: sesion.userId };
      await socket.join(salas);
    })().then(
      () => next(),
      (error: unknown) => next(rechazo(error, registrarFallo)),
    );
  });

  // The public namespace (no token): the handshake names only a store, whose public rooms (the modules' channels) the
  // socket joins; it joins nothing else, and no listener is registered for what its client emits, so it can only
  // receive what those channels emit. A store no channel serves (unknown, inactive) is refused.
  const publico = io.of(NAMESPACE_PUBLICO);
  publico.use((socket, next) => {
    const tienda = (socket.handshake.auth as { tienda?: unknown } | undefined)?.tienda;
    void (async () => {
      if (typeof tienda !== 'string' || !/^[A-Za-z0-9_-]{1,10}$/.test(tienda)) throw new AppError('NO_ENCONTRADO');
      const canales = [];
      for (const canal of opciones.canalesPublicos) if (await canal.admite(app.db, tienda)) canales.push(canal.sala(tienda));
      if (canales.length === 0) throw new AppError('NO_ENCONTRADO');
      await socket.join(canales);
    })().then(
      () => next(),
      (error: unknown) => next(rechazo(error, registrarFallo)),
    );
  });
  publico.on('connection', (socket) => {
    // Anything the board sends is dropped; a client that keeps sending is cut off.
    let mensajes = 0;
    socket.onAny(() => {
      if (++mensajes > 20) socket.disconnect(true);
    });
  });

  /** Emits to a room; the adapter forwards it to the other instances (its failures go to registrarFallo). */
  const emitir = (sala: string, evento: EventoTiempoReal, datos: unknown) => {
    (io.to(sala).emit as (evento: string, datos: unknown) => boolean)(evento, datos);
  };
  const tiempoReal: TiempoReal = {
    emitirAUsuario: (userId, evento, datos) => emitir(salaUsuario(userId), evento, datos),
    emitirASala: (sala, evento, datos) => emitir(sala, evento, datos),
    emitirPublico: (sala, evento, datos) => {
      (publico.to(sala).emit as (evento: string, datos: unknown) => boolean)(evento, datos);
    },
    revisarSesiones: async () => {
      let terminados = 0;
      for (const socket of io.of('/').sockets.values() as Iterable<SocketTablero>) {
        try {
          await app.verificarSesion(socket.data.token, null);
        } catch (error) {
          // A database that does not answer right now says nothing about the session.
          if (!(error instanceof AppError)) continue;
          socket.disconnect(true);
          terminados++;
        }
      }
      return terminados;
    },
  };
  app.decorate('tiempoReal', tiempoReal);

  const revision = setInterval(() => {
    tiempoReal.revisarSesiones().catch(registrarFallo);
  }, REVISION_SESIONES_MS);
  revision.unref();

  // Before the HTTP server stops: its open WebSockets and polls would keep it from closing. The connections are cut
  // without a 'disconnect' packet, as io.close() does: the clients reconnect by themselves (to this server once it is
  // back, or to another instance) and read their state again.
  app.addHook('preClose', async () => {
    clearInterval(revision);
    io.engine.close();
  });
  // Not io.close(): it would close the HTTP server too, which Fastify closes itself.
  app.addHook('onClose', async () => {
    await poolAdaptador?.cerrar();
    await io.of('/').adapter.close();
    await publico.adapter.close();
    await pool?.end();
  });
});

/** The Actor of a socket's session, for the reads its handshake makes on the user's behalf. */
function actorDeSesion(sesion: SesionVerificada): ActorUsuario {
  return { userId: sesion.userId, role: sesion.role, codigoTienda: null, conexionId: sesion.conexionId };
}

/** The handshake's refusal: the API's Spanish message, and its code in `data` (the client reads `error.data.code`). */
function rechazo(error: unknown, registrarFallo: (error: Error) => void): Error & { data: { code: string } } {
  if (error instanceof AppError) return Object.assign(new Error(error.message), { data: { code: error.code } });
  registrarFallo(error as Error);
  // The database's errors are named as the API's error handler names them (503 when it does not answer).
  const traducido = traducirErrorBaseDatos(error) ?? new AppError('ERROR_INTERNO');
  return Object.assign(new Error(traducido.message), { data: { code: traducido.code } });
}
