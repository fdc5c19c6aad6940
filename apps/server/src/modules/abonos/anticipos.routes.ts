import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  anticipoAnuladoSchema,
  anticipoGuardarSchema,
  anticipoRegistradoSchema,
  anticiposConsultaSchema,
  anticiposRespuestaSchema,
  devolucionPreviaSchema,
  idParamsSchema,
  MENSAJES_ANTICIPOS,
  movimientosAnticipoConsultaSchema,
  movimientosAnticipoRespuestaSchema,
  RUTAS,
  saldoAnticipoConsultaSchema,
  saldoAnticipoSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaEnlaceInvalido,
  respuestaMensajeDatos,
  TIPOS_ARCHIVO,
  tokenParamsSchema,
} from '@tablero/domain';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { responderDocumentoPublico } from '../../lib/enlaces';
import { actorDe } from '../../plugins/auth';
import * as anticiposService from './anticipos.service';

/**
 * The advances screen (spec 002 §2.5–§2.7, §7 Advances): SuperAdministrador only; writes record the selected store.
 * Thin: schema, access, one service call, answer.
 */
export async function anticiposRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const acceso = RUTAS.anticipos.acceso;

  rutas.get(
    '/anticipos',
    {
      config: { acceso },
      schema: {
        tags: ['anticipos'],
        summary: 'Clientes con movimientos de anticipo y su saldo (por nombre, paginado; cliente_id 0 = Todos) y el saldo total del filtro',
        querystring: anticiposConsultaSchema,
        response: { 200: respuestaDatos(anticiposRespuestaSchema) },
      },
    },
    async (request) => ({ data: await anticiposService.listarAnticipos(app.db, request.query) }),
  );

  rutas.get(
    '/anticipos/saldo',
    {
      config: { acceso },
      schema: {
        tags: ['anticipos'],
        summary: 'Saldo de anticipos de un cliente (tercero.saldo_abono)',
        querystring: saldoAnticipoConsultaSchema,
        response: { 200: respuestaDatos(saldoAnticipoSchema) },
      },
    },
    async (request) => ({ data: { total_anticipo: await anticiposService.saldoAnticipo(app.db, request.query.cliente_id) } }),
  );

  rutas.get(
    '/anticipos/:id/movimientos',
    {
      config: { acceso },
      schema: {
        tags: ['anticipos'],
        summary: 'Historial de movimientos de anticipo de un cliente (id = el cliente), más recientes primero, con el enlace del recibo de cada anticipo',
        params: idParamsSchema,
        querystring: movimientosAnticipoConsultaSchema,
        response: { 200: respuestaDatos(movimientosAnticipoRespuestaSchema) },
      },
    },
    async (request) => ({
      data: { anticipos_movimientos: await anticiposService.listarMovimientosAnticipo(app.db, app.tokenSecret, request.params.id, request.query) },
    }),
  );

  rutas.post(
    '/anticipos/guardar',
    {
      // Money received at a store: the store is recorded with the movement.
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['anticipos'],
        summary: 'Registra un anticipo: movimiento tipo 1 con su consecutivo y forma de pago, y el saldo del cliente, en una transacción',
        body: anticipoGuardarSchema,
        response: { 200: respuestaMensajeDatos(anticipoRegistradoSchema) },
      },
    },
    async (request) => {
      const anticipo = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => anticiposService.registrarAnticipo(trx, request.body, actor));
      return { message: MENSAJES_ANTICIPOS.anticipoRegistrado, data: { ...anticipo, enlace_documento: anticiposService.enlaceReciboAnticipo(app.tokenSecret, anticipo.id) } };
    },
  );

  rutas.get(
    '/anticipos/movimientos/:id/devolucion',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['anticipos'],
        summary: 'Lo que anular el anticipo devolvería al cliente (su valor en su forma de pago) y la frase del diálogo',
        params: idParamsSchema,
        response: { 200: respuestaDatos(devolucionPreviaSchema) },
      },
    },
    async (request) => ({ data: await anticiposService.previaDevolucionAnticipo(app.db, request.params.id) }),
  );

  rutas.put(
    '/anticipos/movimientos/:id/anular',
    {
      config: { acceso, tienda: 'requerida' },
      schema: {
        tags: ['anticipos'],
        summary: 'Anula un anticipo (solo tipo 1, una vez, mientras el saldo del cliente lo cubra): movimiento tipo 3 y saldo en una transacción',
        params: idParamsSchema,
        response: { 200: respuestaMensajeDatos(anticipoAnuladoSchema) },
      },
    },
    async (request) => {
      const data = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => anticiposService.anularAnticipo(trx, request.params.id, actor));
      return { message: MENSAJES_ANTICIPOS.anticipoAnulado, data };
    },
  );

  const contexto = { db: app.db, documentos: app.documentos, secreto: app.tokenSecret };
  rutas.get(
    '/public/anticipo/:token',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['anticipos'],
        summary: 'PDF del recibo de un anticipo. Enlace firmado, vigente 30 días',
        params: tokenParamsSchema,
        response: { 200: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]), 404: respuestaEnlaceInvalido },
      },
    },
    // The receipt names a customer and changes when the advance is annulled: never kept by a cache.
    (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => anticiposService.reciboAnticipoPdf(contexto, request.params.token),
        codigo: 'NO_ENCONTRADO',
        detalle: 'Pida a la tienda un enlace nuevo del recibo de anticipo.',
      }),
  );
}
