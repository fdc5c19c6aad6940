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
import { respuestaArchivo, respuestaEnlaceInvalido, TIPOS_ARCHIVO, tokenParamsSchema, type Acceso, type CodigoError } from '@tablero/domain';
import { responderDocumentoPublico, type DocumentoPublico } from './enlaces';

type Tienda = 'requerida' | 'opcional';

/** The request and answer schemas of one route, as Fastify's zod type provider reads them. */
type Esquemas<P, Q, B, R> = { params: P; querystring: Q; body: B; response: { 200: R } };

/**
 * One route of a module (docs/architecture.md §4): its summary for the OpenAPI document, the zod schemas of what it
 * reads, its 200 answer (an envelope of `packages/domain/src/respuestas.ts` or a `respuestaArchivo`) and its handler,
 * whose request and answer types come from those schemas. `acceso` and `tienda` replace the module's for this route.
 */
export interface Ruta<P, Q, B, R> {
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
  manejador: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    Esquemas<P, Q, B, R>,
    ZodTypeProvider
  >;
}

type Declarar = <P = undefined, Q = undefined, B = undefined, R = undefined>(url: string, ruta: Ruta<P, Q, B, R>) => void;

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
    (url, ruta) => {
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
        handler: ruta.manejador as RouteHandlerMethod,
      });
    };
  const get = declarar('GET');
  /**
   * A PDF served by a signed link (`/public/x/:token`, no session): the document `leer` makes of the token, or 404 when
   * it refuses the link with an AppError of `codigo` (`responderDocumentoPublico`, lib/enlaces.ts).
   */
  const documentoPublico = (
    url: string,
    documento: { summary: string; leer: (token: string) => Promise<DocumentoPublico>; codigo: CodigoError; detalle: string },
  ) =>
    get(url, {
      acceso: 'publico',
      summary: documento.summary,
      params: tokenParamsSchema,
      respuesta: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]),
      otrasRespuestas: { 404: respuestaEnlaceInvalido },
      manejador: (request, reply) =>
        responderDocumentoPublico(request, reply, { leer: () => documento.leer(request.params.token), codigo: documento.codigo, detalle: documento.detalle }),
    });
  return { get, post: declarar('POST'), put: declarar('PUT'), delete: declarar('DELETE'), documentoPublico };
}
