import type { FastifyInstance } from 'fastify';
import { idParamsSchema, respuestaDatos, reservasConsultaSchema, reservasProductoRespuestaSchema, reservasRespuestaSchema, RUTAS } from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as reservasService from './reservas.service';

/**
 * Stock reservations of saved orders (docs/decisions-reservas.md). Served by ventas, which owns the orders they are
 * derived from. The figures are read by every screen that shows stock (any logged-in user, like the products it
 * describes); the orders holding a product name customers, so only the Inventario screen's roles read them.
 */
export async function reservasRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'reservas', acceso: 'autenticado', tienda: 'requerida' });

  ruta.get('/reservas', {
    summary: 'Existencia, reservado y disponible de unos productos en la tienda (producto_ids=1,2,3); venta_id: el pedido en edición, que no cuenta contra sí mismo',
    querystring: reservasConsultaSchema,
    respuesta: respuestaDatos(reservasRespuestaSchema),
    manejador: async (request) => ({ data: { reservas: await reservasService.existencias(app.db, actorDe(request), request.query) } }),
  });

  ruta.get('/reservas/producto/:id', {
    summary: 'Los pedidos que reservan un producto en la tienda (pedido, cliente, vendedor, cantidad, desde, vence) y sus cifras',
    acceso: RUTAS.inventario.acceso,
    params: idParamsSchema,
    respuesta: respuestaDatos(reservasProductoRespuestaSchema),
    manejador: async (request) => ({ data: await reservasService.reservasDeProducto(app.db, actorDe(request), request.params.id) }),
  });
}
