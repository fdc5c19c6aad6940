import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  descuentoAprobarSchema,
  descuentoSchema,
  descuentoSolicitarSchema,
  descuentosConsultaSchema,
  descuentosSolicitadosRespuestaSchema,
  MENSAJES_DESCUENTO,
  RUTAS,
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

/**
 * spec 000 §7 descuentos*: a seller asks for a discount on a line of the order form (the roles of the order form);
 * the approver role of the requested discounts screen lists, approves and rejects them. Always in the selected store.
 */
export async function descuentosRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const solicitar = { acceso: RUTAS.facturacionCrear.acceso, tienda: 'requerida' } as const;
  const aprobar = { acceso: RUTAS.descuentosSolicitados.acceso, tienda: 'requerida' } as const;

  rutas.post(
    '/descuentos/solicitar/guardar',
    {
      config: solicitar,
      schema: {
        tags: ['descuentos'],
        summary: 'Solicita un descuento (porcentaje de 1 a 100) para una línea del pedido; sub_total = cantidad × precio al centavo',
        body: descuentoSolicitarSchema,
        response: { 200: z.object({ message: z.string(), data: z.object({ descuento: descuentoSchema }) }) },
      },
    },
    async (request) => {
      tiendaCoincidente(request, request.body.codigo_tienda);
      return {
        message: MENSAJES_DESCUENTO.solicitado,
        data: { descuento: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => descuentosService.solicitarDescuento(trx, actor, request.body)) },
      };
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
        params: z.object({ storeId: z.string().max(10) }),
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
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => descuentosService.decidirDescuento(trx, actor, request.body));
      return { message: request.body.aprobado ? MENSAJES_DESCUENTO.aprobadoOk : MENSAJES_DESCUENTO.rechazadoOk };
    },
  );
}
