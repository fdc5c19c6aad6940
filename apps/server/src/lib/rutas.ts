import type {
  ContextConfigDefault,
  FastifyInstance,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  idCreadoSchema,
  paginacionConsultaSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaEnlaceInvalido,
  TIPOS_ARCHIVO,
  tokenParamsSchema,
  type Acceso,
  type CodigoError,
} from '@tablero/domain';
import type { Db } from '../db/database';
import { ejecutarCasoDeUso, type ActorUsuario, type Trx } from '../db/transaccion';
import { actorDe } from '../plugins/auth';
import { contextoDocumentoPublico, responderDocumentoPublico, type ContextoDocumentoPublico, type DocumentoPublico } from './enlaces';

type Tienda = 'requerida' | 'opcional';

/** The request and answer schemas of one route, as Fastify's zod type provider reads them. */
type Esquemas<P, Q, B, R> = { params: P; querystring: Q; body: B; response: { 200: R } };

/** What every route declares besides how it answers. */
interface RutaBase<P, Q, B, R> {
  summary: string;
  description?: string;
  acceso?: Acceso;
  tienda?: Tienda;
  /** Above Fastify's 1 MB default, for a body that carries pictures. */
  bodyLimit?: number;
  params?: P;
  querystring?: Q;
  body?: B;
  respuesta: R;
  /** Answers besides the 200 (a public document's 404). */
  otrasRespuestas?: Record<number, unknown>;
}

type Manejador<P, Q, B, R> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Esquemas<P, Q, B, R>,
  ZodTypeProvider
>;

/**
 * One route of a module (docs/architecture.md §4): its summary for the OpenAPI document, the zod schemas of what it
 * reads, its 200 answer (an envelope of `packages/domain/src/respuestas.ts` or a `respuestaArchivo`) and its handler,
 * whose request and answer types come from those schemas. `acceso` and `tienda` replace the module's for this route.
 */
export interface Ruta<P, Q, B, R> extends RutaBase<P, Q, B, R> {
  manejador: Manejador<P, Q, B, R>;
}

/** The request of a route, typed by its `params`, `querystring` and `body`. */
type Solicitud<P, Q, B, R> = Parameters<Manejador<P, Q, B, R>>[0];
/** The 200 answer of a route, typed by its `respuesta`. */
type Respuesta<P, Q, B, R> = Exclude<Awaited<ReturnType<Manejador<P, Q, B, R>>>, void>;
/** The data of an answer with data. */
type DatosDe<A> = A extends { data: infer D } ? D : never;
/** What one part of the answer is built from: the use case's result and the request. */
type DeResultado<P, Q, B, R, T, V> = (resultado: T, request: Solicitud<P, Q, B, R>) => V;

/**
 * A route that runs one use case (docs/architecture.md §3: one transaction, as the request's actor, retried whole on a
 * conflict) and answers with the envelope its `respuesta` declares: `{ message }`, `{ message, data }` or `{ data }`.
 * `mensaje` is required exactly when the answer has a message and `datos` when it has data, and `datos` must build
 * the answer's data: both are checked against `respuesta` at compile time. `trasConfirmar` runs after the commit and
 * before the answer, for the live notices that must never announce a transaction that rolled back (§9 "Emit after
 * commit"). A route that reads again after the commit, sets headers or sends a file keeps its own `manejador`.
 */
export type RutaCasoDeUso<P, Q, B, R, T> = RutaBase<P, Q, B, R> & {
  casoDeUso: (trx: Trx, actor: ActorUsuario, request: Solicitud<P, Q, B, R>) => Promise<T>;
  trasConfirmar?: DeResultado<P, Q, B, R, T, Promise<void>>;
  mensaje?: string | DeResultado<P, Q, B, R, T, string>;
  datos?: DeResultado<P, Q, B, R, T, DatosDe<Respuesta<P, Q, B, R>>>;
} & (Respuesta<P, Q, B, R> extends { message: string } ? { mensaje: unknown } : { mensaje?: never }) &
  (Respuesta<P, Q, B, R> extends { data: unknown } ? { datos: unknown } : { datos?: never });

/**
 * The handler of a `RutaCasoDeUso`: the use case in its transaction, the notices after the commit, then the answer.
 * Fastify validated the request against the route's schemas before it runs, so it is the `Solicitud` they describe.
 */
function manejadorCasoDeUso<P, Q, B, R, T>(app: FastifyInstance, ruta: RutaCasoDeUso<P, Q, B, R, T>): RouteHandlerMethod {
  const { casoDeUso, trasConfirmar, mensaje, datos } = ruta;
  return async (peticion) => {
    const request = peticion as Solicitud<P, Q, B, R>;
    const resultado = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => casoDeUso(trx, actor, request));
    if (trasConfirmar) await trasConfirmar(resultado, request);
    return {
      ...(mensaje === undefined ? {} : { message: typeof mensaje === 'string' ? mensaje : mensaje(resultado, request) }),
      ...(datos ? { data: datos(resultado, request) } : {}),
    };
  };
}

/** `ruta.get`/`post`/`put`/`delete`: a route with its own `manejador`, or one that runs a use case. */
interface Declarar {
  <P = undefined, Q = undefined, B = undefined, R = undefined>(url: string, ruta: Ruta<P, Q, B, R>): void;
  <P = undefined, Q = undefined, B = undefined, R = undefined, T = unknown>(url: string, ruta: RutaCasoDeUso<P, Q, B, R, T>): void;
}

/**
 * A module's routes, declared with what they share said once: the OpenAPI tag and, by default, who may call them and
 * whether they work in the selected store (`config.acceso`/`config.tienda`, read by the guard in plugins/auth.ts).
 * `ruta.get('/anticipos/saldo', { summary, querystring, respuesta: respuestaDatos(x), manejador })` declares what
 * `rutas.get(url, { config, schema: { tags, summary, querystring, response: { 200: x } } }, handler)` would.
 */
export function rutasDelModulo(app: FastifyInstance, modulo: { tag: string; acceso?: Acceso; tienda?: Tienda }) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const declarar =
    (method: HTTPMethods): Declarar =>
    <P, Q, B, R, T>(url: string, ruta: Ruta<P, Q, B, R> | RutaCasoDeUso<P, Q, B, R, T>) => {
      const acceso = ruta.acceso ?? modulo.acceso;
      // A public route has no session, so the guard reads no store for it: the module's default store rule is not its.
      const tienda = ruta.tienda ?? (acceso === 'publico' ? undefined : modulo.tienda);
      const { summary, description, params, querystring, body } = ruta;
      rutas.route({
        method,
        url,
        config: { acceso, ...(tienda ? { tienda } : {}) },
        ...(ruta.bodyLimit ? { bodyLimit: ruta.bodyLimit } : {}),
        schema: {
          tags: [modulo.tag],
          summary,
          ...(description ? { description } : {}),
          ...(params ? { params } : {}),
          ...(querystring ? { querystring } : {}),
          ...(body ? { body } : {}),
          response: { 200: ruta.respuesta, ...ruta.otrasRespuestas },
        },
        handler: 'manejador' in ruta ? (ruta.manejador as RouteHandlerMethod) : manejadorCasoDeUso(app, ruta),
      });
    };
  const get = declarar('GET');
  /** What every public document is read with: the database, the PDF pool and the secret that signed its link. */
  const contextoDocumentos = contextoDocumentoPublico(app);
  /**
   * A PDF served by a signed link (`/public/x/:token`, no session): the document `leer` makes of the token, or 404 when
   * it refuses the link with an AppError of `codigo` (`responderDocumentoPublico`, lib/enlaces.ts).
   */
  const documentoPublico = (
    url: string,
    documento: {
      summary: string;
      leer: (contexto: ContextoDocumentoPublico, token: string) => Promise<DocumentoPublico>;
      codigo: CodigoError;
      detalle: string;
    },
  ) =>
    get(url, {
      acceso: 'publico',
      summary: documento.summary,
      params: tokenParamsSchema,
      respuesta: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]),
      otrasRespuestas: { 404: respuestaEnlaceInvalido },
      manejador: (request, reply) =>
        responderDocumentoPublico(request, reply, {
          leer: () => documento.leer(contextoDocumentos, request.params.token),
          codigo: documento.codigo,
          detalle: documento.detalle,
        }),
    });
  const post = declarar('POST');
  /**
   * A creation (`POST`, a use case): it answers `{ message, data: { id } }` (`idCreadoSchema`), the new row's id that
   * `casoDeUso` returns.
   */
  const crear = <P, B>(
    url: string,
    creacion: Omit<RutaBase<P, undefined, B, typeof idCreadoSchema>, 'respuesta' | 'querystring'> & {
      casoDeUso: RutaCasoDeUso<P, undefined, B, typeof idCreadoSchema, number>['casoDeUso'];
      mensaje: string;
    },
  ) => post(url, { ...creacion, respuesta: idCreadoSchema, datos: (id: number) => ({ id }) });
  /**
   * A page of a list whose filters travel in the body (`POST`, `?page&per_page`: `paginacionConsultaSchema`), read
   * outside any transaction: `listar` answers the page's data for the filters and the session's actor.
   */
  const paginaFiltrada = <F extends z.ZodType, D extends z.ZodType>(
    url: string,
    pagina: {
      acceso?: Acceso;
      summary: string;
      filtro: F;
      datos: D;
      listar: (db: Db, filtro: z.infer<F>, page: number, perPage: number, actor: ActorUsuario) => Promise<z.infer<D>>;
    },
  ) => {
    // Fastify validated the body against `filtro` and the query against paginacionConsultaSchema before this runs; its
    // reply type cannot be resolved over the generic page, so the handler is typed by hand (the call site's `listar`
    // is checked against `datos` above).
    const manejador: RouteHandlerMethod = async (peticion) => {
      const { body, query } = peticion as unknown as { body: z.infer<F>; query: z.infer<typeof paginacionConsultaSchema> };
      return { data: await pagina.listar(app.db, body, query.page, query.per_page, actorDe(peticion)) };
    };
    const respuesta = respuestaDatos(pagina.datos);
    post(url, {
      acceso: pagina.acceso,
      summary: pagina.summary,
      querystring: paginacionConsultaSchema,
      body: pagina.filtro,
      respuesta,
      manejador: manejador as Manejador<undefined, typeof paginacionConsultaSchema, F, typeof respuesta>,
    });
  };
  return { get, post, put: declarar('PUT'), delete: declarar('DELETE'), documentoPublico, crear, paginaFiltrada };
}
