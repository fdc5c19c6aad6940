import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { respuestaArchivo } from '@tablero/domain';
import { conContextoAuditoria } from '../db/contexto-auditoria';
import { avisarFallosDb, poolDeDb } from '../db/database';
import { esErrorDeConexion } from '../db/errores-db';
import { AppError } from '../lib/app-error';
import { colasPendientes } from '../modules/salud';

/** A client's own request id is kept only when it is a short, plain token: anything else could forge log lines. */
const ID_SOLICITUD_VALIDO = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the client's `x-request-id` when sane (a proxy or the web app tracing one action across
 * services), else a random UUID. Fastify's own `requestIdHeader` would take the header as sent, unchecked.
 */
export function idDeSolicitud(solicitud: IncomingMessage): string {
  const dado = solicitud.headers['x-request-id'];
  return typeof dado === 'string' && ID_SOLICITUD_VALIDO.test(dado) ? dado : randomUUID();
}

/** Only the machine itself may read the metrics when no token is set; a proxied request is not local. */
function esLocal(request: FastifyRequest): boolean {
  const origen = request.socket.remoteAddress ?? '';
  const local = origen === '127.0.0.1' || origen === '::1' || origen === '::ffff:127.0.0.1';
  return local && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

function mismoToken(dado: string | undefined, esperado: string): boolean {
  const a = Buffer.from(dado ?? '');
  const b = Buffer.from(`Bearer ${esperado}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operation (docs/decisions-operacion.md): the request id in the `x-request-id` answer header (logs carry it as
 * `reqId`, error bodies as `request_id`: plugins/errors.ts) and Prometheus metrics at `GET /api/metricas`, in a
 * registry of this app (tests build many apps in one process). The health check `GET /api/salud` is the salud module's.
 */
export const operacionPlugin = fp(async (app: FastifyInstance) => {
  const pool = poolDeDb(app.db);
  // A connection of the app's pools that PostgreSQL ended (a failover, pg_terminate_backend) is one warning in the log;
  // the pool opens a new one on the next query (docs/architecture.md §11).
  for (const db of new Set([app.db, app.dbLectura])) {
    avisarFallosDb(db, (error) => {
      if (esErrorDeConexion(error)) app.log.warn({ err: error }, 'base de datos: conexión perdida');
      else app.log.error({ err: error }, 'base de datos: error de conexión');
    });
  }
  // onSend runs for every answer, errors included (a 401 from the auth hook), whatever hook refused the request.
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // The rest of the request runs in its audit context (db/contexto-auditoria.ts), read when a write is sent: by then
  // the auth hook has put the session on the request. Callback style, so that `done` (the later hooks and the
  // handler) runs inside it. Anything long-lived that a request happens to start (pg-boss on its first job, a timer)
  // inherits the context: once the answer has gone, the context reads as none, so such work is the system's.
  app.addHook('onRequest', (request, reply, done) => {
    conContextoAuditoria(
      () => ({
        terminada: reply.sent || reply.raw.writableEnded,
        usuario_id: request.sesion?.userId ?? null,
        rol: request.sesion?.role ?? null,
        codigo_tienda: request.codigoTienda,
        ip: request.ip,
        request_id: request.id,
      }),
      done,
    );
  });

  const registro = new Registry();
  const solicitudes = new Counter({
    name: 'http_solicitudes_total',
    help: 'Solicitudes HTTP respondidas, por método, ruta (el patrón, no la URL) y estado',
    labelNames: ['metodo', 'ruta', 'estado'] as const,
    registers: [registro],
  });
  const duracion = new Histogram({
    name: 'http_duracion_segundos',
    help: 'Duración de las solicitudes HTTP, por método y ruta',
    labelNames: ['metodo', 'ruta'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registro],
  });
  const errores = new Counter({
    name: 'http_errores_total',
    help: 'Respuestas 5xx, por ruta y código HTTP',
    labelNames: ['ruta', 'codigo'] as const,
    registers: [registro],
  });
  new Gauge({
    name: 'trabajos_en_cola',
    help: 'Trabajos en segundo plano esperando (creados o por reintentar), por cola',
    labelNames: ['cola'] as const,
    registers: [registro],
    async collect() {
      this.reset();
      // A database that does not answer leaves the gauge empty rather than holding the scrape.
      const colas = await colasPendientes(app.db);
      for (const { cola, pendientes } of colas) this.set({ cola }, pendientes);
    },
  });
  new Gauge({
    name: 'pg_pool_conexiones',
    help: 'Conexiones del pool de PostgreSQL de esta instancia: total, libres y solicitudes esperando una',
    labelNames: ['estado'] as const,
    registers: [registro],
    collect() {
      if (!pool) return;
      this.set({ estado: 'total' }, pool.totalCount);
      this.set({ estado: 'libres' }, pool.idleCount);
      this.set({ estado: 'esperando' }, pool.waitingCount);
    },
  });
  // Event-loop lag, memory, CPU, GC: prom-client's defaults, started on the first scrape, so an app never scraped
  // (most tests) keeps no event-loop monitor or GC observer.
  let predeterminadas = false;

  app.addHook('onResponse', async (request, reply) => {
    const ruta = request.is404 ? 'no_encontrada' : (request.routeOptions.url ?? 'no_encontrada');
    const metodo = request.method;
    solicitudes.inc({ metodo, ruta, estado: String(reply.statusCode) });
    duracion.observe({ metodo, ruta }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errores.inc({ ruta, codigo: String(reply.statusCode) });
  });

  app.get(
    '/api/metricas',
    // Its own access rule below (a token, or the machine itself): not a session route, and not in the API docs.
    { config: { acceso: 'publico' }, schema: { hide: true, response: { 200: respuestaArchivo('Las métricas en el formato de texto de Prometheus', ['text/plain']) } } },
    async (request, reply) => {
      const token = app.config.metricasToken;
      const permitido = token ? mismoToken(request.headers.authorization, token) : esLocal(request);
      // 404, not 401/403: the address does not exist for anyone else.
      if (!permitido) throw new AppError('NO_ENCONTRADO');
      if (!predeterminadas) {
        predeterminadas = true;
        collectDefaultMetrics({ register: registro, eventLoopMonitoringPrecision: 10 });
      }
      const texto = await registro.metrics();
      return reply.header('content-type', registro.contentType).header('cache-control', 'no-store').send(texto);
    },
  );
});
