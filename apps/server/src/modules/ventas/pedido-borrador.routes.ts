import type { FastifyInstance } from 'fastify';
import {
  BORRADOR_PEDIDO_MAXIMO_BYTES,
  borradorPedidoDescartadoSchema,
  borradorPedidoConsultaSchema,
  borradorPedidoGuardarSchema,
  borradorPedidoRespuestaSchema,
  borradorPedidoSchema,
  MENSAJES_BORRADOR_PEDIDO,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
} from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as borradorService from './pedido-borrador.service';

/**
 * The order form's draft (docs/decisions.md "Borrador del pedido"): read, keep and discard the seller's own draft of
 * a new order (no venta_id) or of the order being edited, in the selected store. Who sells may call them (the order
 * form's access).
 */
export async function pedidoBorradorRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'ventas', acceso: RUTAS.facturacionCrear.acceso, tienda: 'requerida' });

  ruta.get('/ventas/borrador', {
    summary: 'El borrador del pedido del usuario en la tienda (venta_id: el del pedido en edición), o null',
    querystring: borradorPedidoConsultaSchema,
    respuesta: respuestaDatos(borradorPedidoRespuestaSchema),
    manejador: async (request) => ({ data: { borrador: await borradorService.leerBorradorPedido(app.db, actorDe(request), request.query.venta_id) } }),
  });

  ruta.put('/ventas/borrador', {
    summary: 'Guarda el borrador del pedido (uno por usuario, tienda y pedido); el contenido es el estado del formulario',
    description: `Cuerpo de hasta ${BORRADOR_PEDIDO_MAXIMO_BYTES / 1024 / 1024} MB (413 si es mayor). Un venta_id de otra tienda o inexistente es 404.`,
    bodyLimit: BORRADOR_PEDIDO_MAXIMO_BYTES,
    body: borradorPedidoGuardarSchema,
    respuesta: respuestaMensajeDatos(borradorPedidoSchema),
    casoDeUso: (trx, actor, request) => borradorService.guardarBorradorPedido(trx, actor, request.body),
    mensaje: MENSAJES_BORRADOR_PEDIDO.guardado,
    datos: (borrador) => borrador,
  });

  ruta.delete('/ventas/borrador', {
    summary: 'Descarta el borrador del pedido (venta_id: el del pedido en edición); responde cuántos se borraron',
    querystring: borradorPedidoConsultaSchema,
    respuesta: respuestaMensajeDatos(borradorPedidoDescartadoSchema),
    casoDeUso: (trx, actor, request) => borradorService.descartarBorradorPedido(trx, actor, request.query.venta_id),
    mensaje: MENSAJES_BORRADOR_PEDIDO.descartado,
    datos: (borrados) => ({ borrados }),
  });
}
