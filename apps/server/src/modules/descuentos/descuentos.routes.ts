import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  descuentoAprobarSchema,
  descuentoRespuestaSchema,
  descuentosConsultaSchema,
  descuentoSolicitadoRespuestaSchema,
  descuentoSolicitarSchema,
  descuentosPendientesRespuestaSchema,
  descuentosSolicitadosRespuestaSchema,
  descuentosTiendaParamsSchema,
  idParamsSchema,
  MENSAJES_DESCUENTO,
  mensajeSchema,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  salaAprobadores,
  type Rol,
} from '@tablero/domain';
import { AppError } from '../../lib/app-error';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { actorDe, tiendaDe } from '../../plugins/auth';
import * as descuentosService from './descuentos.service';

/** The store of the request; a store named in the path or body (the spec sends it) must be the same one. */
function tiendaCoincidente(request: FastifyRequest, enviada: string | undefined): string {
  const tienda = tiendaDe(request);
  if (enviada !== undefined && enviada !== tienda) throw new AppError('TIENDA_NO_PERMITIDA');
  return tienda;
}

/** The roles of a route that names them (never 'autenticado' or 'publico' here). */
function rolesDe(acceso: (typeof RUTAS)[keyof typeof RUTAS]['acceso']): readonly Rol[] {
  if (typeof acceso === 'string') throw new Error(`Se esperaba una lista de roles, no '${acceso}'`);
  return acceso;
}

/**
 * spec 000 §7 descuentos*: a seller asks for a discount on a line of the order form (the roles of the order form);
 * the approver role of the requested discounts screen lists, approves and rejects them. Always in the selected store.
 */
export async function descuentosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const solicitar = { acceso: RUTAS.facturacionCrear.acceso, tienda: 'requerida' } as const;
  const aprobar = { acceso: RUTAS.descuentosSolicitados.acceso, tienda: 'requerida' } as const;
  // One request is read by who asked for it or by who approves it.
  const leer = {
    acceso: [...new Set([...rolesDe(RUTAS.facturacionCrear.acceso), ...rolesDe(RUTAS.descuentosSolicitados.acceso)])],
    tienda: 'requerida',
  } as const;

  /**
   * Tells the store's approvers how many requests wait, after the change committed. Realtime is a notice, not the
   * answer: a failure to count (the database just went away) is logged and the request still answers.
   */
  const avisarPendientes = async (codigoTienda: string) => {
    try {
      const pendientes = await descuentosService.pendientesDeTienda(app.db, codigoTienda);
      app.tiempoReal.emitirASala(salaAprobadores(codigoTienda), 'descuentos:pendientes', { codigo_tienda: codigoTienda, pendientes });
    } catch (error) {
      app.log.warn({ err: error }, 'tiempo real: no se pudo contar los descuentos pendientes');
    }
  };

  rutas.post(
    '/descuentos/solicitar/guardar',
    {
      config: solicitar,
      schema: {
        tags: ['descuentos'],
        summary: 'Solicita un descuento (porcentaje de 1 a 100) para una línea del pedido; sub_total = cantidad × precio al centavo',
        body: descuentoSolicitarSchema,
        response: { 200: respuestaMensajeDatos(descuentoRespuestaSchema) },
      },
    },
    async (request) => {
      const tienda = tiendaCoincidente(request, request.body.codigo_tienda);
      const descuento = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => descuentosService.solicitarDescuento(trx, actor, request.body));
      await avisarPendientes(tienda);
      return { message: MENSAJES_DESCUENTO.solicitado, data: { descuento } };
    },
  );

  rutas.get(
    '/descuentos/solicitados/:storeId',
    {
      config: aprobar,
      // No HEAD twin: its 403 for another store's path would carry no body to say it is TIENDA_NO_PERMITIDA.
      exposeHeadRoute: false,
      schema: {
        tags: ['descuentos'],
        summary:
          'Descuentos solicitados de la tienda, del más reciente al más antiguo o por columna; estado pendiente, aprobado o rechazado (spec 000 §4.3); storeId es el codigo_tienda de la tienda seleccionada',
        params: descuentosTiendaParamsSchema,
        querystring: descuentosConsultaSchema,
        response: { 200: descuentosSolicitadosRespuestaSchema },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.params.storeId);
      return { data: { descuentos_solicitados: await descuentosService.descuentosSolicitados(app.db, actorDe(request), request.query) } };
    },
  );

  rutas.post(
    '/descuentos/solicitados/aprobar',
    {
      config: aprobar,
      schema: {
        tags: ['descuentos'],
        summary: 'Aprueba (aprobado true) o rechaza (false) una solicitud pendiente de la tienda; una ya decidida es un 409',
        body: descuentoAprobarSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      const { solicitanteId, decision } = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        descuentosService.decidirDescuento(trx, actor, request.body),
      );
      // Committed: the requester learns it on every open screen, the approvers get the new count.
      app.tiempoReal.emitirAUsuario(solicitanteId, 'descuento:decidido', decision);
      await avisarPendientes(decision.codigo_tienda);
      return { message: request.body.aprobado ? MENSAJES_DESCUENTO.aprobadoOk : MENSAJES_DESCUENTO.rechazadoOk };
    },
  );

  rutas.get(
    '/descuentos/pendientes',
    {
      config: aprobar,
      schema: {
        tags: ['descuentos'],
        summary: 'Cuántas solicitudes de descuento de la tienda seleccionada esperan una decisión (el número del menú)',
        response: { 200: respuestaDatos(descuentosPendientesRespuestaSchema) },
      },
    },
    async (request) => ({ data: { pendientes: await descuentosService.pendientesDeTienda(app.db, tiendaDe(request)) } }),
  );

  rutas.get(
    '/descuentos/:id',
    {
      config: leer,
      schema: {
        tags: ['descuentos'],
        summary:
          'Una solicitud de descuento de la tienda seleccionada con su estado, para quien la pidió o para quien aprueba en la tienda (404 para cualquier otro); una pantalla la relee tras reconectarse al tiempo real',
        params: idParamsSchema,
        response: { 200: respuestaDatos(descuentoSolicitadoRespuestaSchema) },
      },
    },
    async (request) => ({ data: { descuento: await descuentosService.leerDescuento(app.db, actorDe(request), request.params.id) } }),
  );
}
