import type { FastifyInstance } from 'fastify';
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
  respuestaDatos,
  respuestaMensajeDatos,
} from '@tablero/domain';
import * as anticiposService from './anticipos.service';
import { rutasDelModulo } from '../../lib/rutas';

/**
 * The advances screen (spec 002 §2.5–§2.7, §7 Advances): SuperAdministrador only; writes record the selected store.
 * Thin: schema, access, one service call, answer.
 */
export async function anticiposRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'anticipos', acceso: RUTAS.anticipos.acceso });

  ruta.get('/anticipos', {
    summary: 'Clientes con movimientos de anticipo y su saldo (por nombre, paginado; cliente_id 0 = Todos) y el saldo total del filtro',
    querystring: anticiposConsultaSchema,
    respuesta: respuestaDatos(anticiposRespuestaSchema),
    manejador: async (request) => ({ data: await anticiposService.listarAnticipos(app.db, request.query) }),
  });

  ruta.get('/anticipos/saldo', {
    summary: 'Saldo de anticipos de un cliente (tercero.saldo_abono)',
    querystring: saldoAnticipoConsultaSchema,
    respuesta: respuestaDatos(saldoAnticipoSchema),
    manejador: async (request) => ({ data: { total_anticipo: await anticiposService.saldoAnticipo(app.db, request.query.cliente_id) } }),
  });

  ruta.get('/anticipos/:id/movimientos', {
    summary: 'Historial de movimientos de anticipo de un cliente (id = el cliente), más recientes primero, con el enlace del recibo de cada anticipo',
    params: idParamsSchema,
    querystring: movimientosAnticipoConsultaSchema,
    respuesta: respuestaDatos(movimientosAnticipoRespuestaSchema),
    manejador: async (request) => ({
      data: { anticipos_movimientos: await anticiposService.listarMovimientosAnticipo(app.db, app.tokenSecret, request.params.id, request.query) },
    }),
  });

  ruta.post('/anticipos/guardar', {
    // Money received at a store: the store is recorded with the movement.
    tienda: 'requerida',
    summary: 'Registra un anticipo: movimiento tipo 1 con su consecutivo y forma de pago, y el saldo del cliente, en una transacción',
    body: anticipoGuardarSchema,
    respuesta: respuestaMensajeDatos(anticipoRegistradoSchema),
    casoDeUso: (trx, actor, request) => anticiposService.registrarAnticipo(trx, request.body, actor),
    mensaje: MENSAJES_ANTICIPOS.anticipoRegistrado,
    datos: (anticipo) => ({ ...anticipo, enlace_documento: anticiposService.enlaceReciboAnticipo(app.tokenSecret, anticipo.id) }),
  });

  ruta.get('/anticipos/movimientos/:id/devolucion', {
    tienda: 'requerida',
    summary: 'Lo que anular el anticipo devolvería al cliente (su valor en su forma de pago) y la frase del diálogo',
    params: idParamsSchema,
    respuesta: respuestaDatos(devolucionPreviaSchema),
    manejador: async (request) => ({ data: await anticiposService.previaDevolucionAnticipo(app.db, request.params.id) }),
  });

  ruta.put('/anticipos/movimientos/:id/anular', {
    tienda: 'requerida',
    summary: 'Anula un anticipo (solo tipo 1, una vez, mientras el saldo del cliente lo cubra): movimiento tipo 3 y saldo en una transacción',
    params: idParamsSchema,
    respuesta: respuestaMensajeDatos(anticipoAnuladoSchema),
    casoDeUso: (trx, actor, request) => anticiposService.anularAnticipo(trx, request.params.id, actor),
    mensaje: MENSAJES_ANTICIPOS.anticipoAnulado,
    datos: (anulado) => anulado,
  });

  // The receipt names a customer and changes when the advance is annulled: never kept by a cache.
  ruta.documentoPublico('/public/anticipo/:token', {
    summary: 'PDF del recibo de un anticipo. Enlace firmado, vigente 30 días',
    leer: anticiposService.reciboAnticipoPdf,
    codigo: 'NO_ENCONTRADO',
    detalle: 'Pida a la tienda un enlace nuevo del recibo de anticipo.',
  });
}
