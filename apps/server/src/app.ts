import Fastify, { type FastifyInstance, type FastifyReply, type FastifySerializerCompiler, type RouteOptions } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { documentosPlugin } from './documents/documentos.plugin';
import { entradaPlugin } from './plugins/entrada';
import { OPCIONES_CABECERAS_SEGURIDAD } from './plugins/cabeceras-seguridad';
import { operacionPlugin, idDeSolicitud } from './plugins/operacion';
import { erroresPlugin, responderErrorDeFramework, respuestaErrorCliente } from './plugins/errors';
import { tiempoRealPlugin } from './plugins/tiempo-real';
import { trabajosPlugin, type OpcionesTrabajos } from './plugins/trabajos';
import { webPlugin } from './plugins/web';
import { MODULOS } from './modules';
import { BuscadorProductos } from './modules/productos';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /**
     * Where the reports read: the read replica when configured (`DATABASE_URL_LECTURA`), else `db`. Only reads go
     * here, and only those that may lag the primary by a moment (a report, not a form about to save).
     */
    dbLectura: Kysely<Database>;
    config: Config;
    tokenSecret: string;
    /** The catalog's search index (product list, inventory), one per database. */
    buscadorProductos: BuscadorProductos;
    /**
     * Every route as it was declared (method, URL, config, schema), in registration order: Fastify keeps no list of
     * routes with their config, and the generated authorisation matrix and fuzzing read each route's `acceso`,
     * `tienda` and body schema from here (docs/decisions-operacion.md).
     */
    rutasRegistradas: readonly RouteOptions[];
  }
}

export interface OpcionesApp {
  db: Kysely<Database>;
  /** The read replica's connection for the reports; `db` when absent. */
  dbLectura?: Kysely<Database>;
  config: Config;
  tokenSecret: string;
  /** Pino log level, or false for none (tests). */
  logger?: false | string;
  /** Serve the built web app (the real server does; API tests do not). */
  servirWeb?: boolean;
  /** Background jobs; without it the app enqueues but runs no worker (plugins/trabajos.ts). */
  trabajos?: OpcionesTrabajos;
  /**
   * How answers become JSON; the zod one (each answer encoded through its route's response schema) when absent. The
   * byte-identity test (src/contratos-bytes.test.ts) builds a second app with plain JSON.stringify to compare.
   */
  serializador?: FastifySerializerCompiler<unknown>;
}

/** Builds the Fastify app; the server and the API tests both call it. Not started: the caller listens or injects. */
export async function buildApp(opciones: OpcionesApp): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opciones.logger ? { level: opciones.logger } : false,
    bodyLimit: 10 * 1024 * 1024,
    // Behind the configured proxies the client's address is the one they forward (login limits per IP, sessions).
    trustProxy: opciones.config.trustProxy,
    // Every request's id (the client's sane x-request-id, else a UUID) goes in each log line as reqId, in the
    // x-request-id answer header and in error bodies as request_id (plugins/operacion.ts, plugins/errors.ts).
    requestIdHeader: false,
    genReqId: idDeSolicitud,
    // The framework's own refusals in Spanish JSON, never a 400 (plugins/errors.ts).
    frameworkErrors: (error, request, reply) => responderErrorDeFramework(error, request, reply as FastifyReply),
    // Requests Node cannot parse (headers too large, broken HTTP) never reach Fastify's handlers.
    clientErrorHandler: (error, socket) => {
      if (socket.writable) socket.end(respuestaErrorCliente((error as NodeJS.ErrnoException).code));
      else socket.destroy(error);
    },
  });
  const rutasRegistradas: RouteOptions[] = [];
  app.addHook('onRoute', (ruta) => void rutasRegistradas.push(ruta));
  app.decorate('rutasRegistradas', rutasRegistradas);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(opciones.serializador ?? serializerCompiler);
  app.decorate('db', opciones.db);
  app.decorate('dbLectura', opciones.dbLectura ?? opciones.db);
  app.decorate('config', opciones.config);
  app.decorate('tokenSecret', opciones.tokenSecret);
  app.decorate('buscadorProductos', new BuscadorProductos(opciones.db));

  // Order matters: the error handler first, so every later failure answers in Spanish; the docs before
  // the routes, since swagger collects routes as they are added; auth before the routes, since its
  // onRoute hook refuses an /api route that does not declare who may call it.
  await app.register(erroresPlugin);
  // Texts PostgreSQL cannot store (NUL and other control characters) are refused once, for every route.
  await app.register(entradaPlugin);
  await app.register(fastifyHelmet, OPCIONES_CABECERAS_SEGURIDAD);
  await app.register(docsPlugin);
  await app.register(authPlugin, { secreto: opciones.tokenSecret });
  // One documents pool per app: every PDF renders on worker threads, off the event loop; closed with the app.
  await app.register(documentosPlugin);
  // Socket.IO on the same HTTP server, authenticated as the API is (after auth); closed with the app.
  await app.register(tiempoRealPlugin, {
    salas: MODULOS.flatMap((modulo) => modulo.salas ?? []),
    canalesPublicos: MODULOS.flatMap((modulo) => (modulo.canalPublico ? [modulo.canalPublico] : [])),
  });
  // pg-boss, started on first need; before the modules, which register their workers; stopped with the app.
  await app.register(trabajosPlugin, opciones.trabajos ?? { trabajadores: false });
  // The request id header and the metrics; before the modules, so its hooks count their routes.
  await app.register(operacionPlugin);

  // Every module's routes under /api, one plugin each, in the order of MODULOS (modules/index.ts).
  await app.register(
    async (api) => {
      for (const modulo of MODULOS) if (modulo.rutas) await api.register(modulo.rutas);
    },
    { prefix: '/api' },
  );

  if (opciones.servirWeb && opciones.config.webDir) {
    await app.register(webPlugin, { directorio: opciones.config.webDir });
  }
  return app;
}
