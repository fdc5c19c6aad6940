import type { FastifyInstance } from 'fastify';
import {
  facturaRetalSchema,
  formasPagosRespuestaSchema,
  idParamsSchema,
  MENSAJES_VENTA,
  respuestaDatos,
  respuestaMensajeDatos,
  retalCotizadoSchema,
  RUTAS,
  tiposPagosRespuestaSchema,
  ventaCompletaSchema,
  ventaGuardadaSchema,
  ventaGuardarSchema,
  ventasFiltrosRespuestaSchema,
  ventasFiltrosSchema,
} from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import { pedidoBorradorRoutes } from './pedido-borrador.routes';
import * as pedidosService from './pedidos.service';
import * as retalesService from './retales.service';

/**
 * The sales order form (spec 000 §2.12, /facturacion/crear): save (POST facturas/guardar), read an order ("Sales: get
 * by id", GET ventas/{id}), load it for editing (PUT ventas/{id}/editar), a customer's orders in editing ("Sales: list
 * by filters", POST ventas/filtros), and the payment types. Always in the selected store: another store's order is a 404.
 */
export async function pedidosRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'ventas', acceso: RUTAS.facturacionCrear.acceso, tienda: 'requerida' });
  await app.register(pedidoBorradorRoutes);

  ruta.post('/facturas/guardar', {
    summary: 'Guarda un pedido nuevo o el pedido en edición (venta_id y la version con que se cargó)',
    description:
      'Precios de la tienda, impuestos del producto y totales recalculados por el servidor (calcularTotalesVenta): ' +
      '409 si el precio, el descuento, los totales o la versión no coinciden, o si es a crédito y el cliente no tiene cuenta crédito.',
    body: ventaGuardarSchema,
    respuesta: respuestaMensajeDatos(ventaGuardadaSchema),
    casoDeUso: (trx, actor, request) => pedidosService.guardarVenta(trx, actor, request.body),
    mensaje: MENSAJES_VENTA.guardada,
    datos: (guardada) => guardada,
  });

  ruta.post('/facturas/retal', {
    summary: 'Calcula el precio de un retal (calculadora de retales) y responde la línea con que se abre el pedido',
    description:
      'Área (base/1000 × altura/1000) × VALOR_BASE_PIEZA más los metros de canto de los lados elegidos × el valor de su tipo ' +
      '(1 rígido, 2 flexible). Si se envían total_precio_base, cantidad_canto o total_precio_canto deben ser los del servidor (409).',
    body: facturaRetalSchema,
    respuesta: respuestaMensajeDatos(retalCotizadoSchema),
    manejador: async (request) => ({
      message: 'Retal calculado con éxito',
      data: await retalesService.cotizarRetal(app.db, actorDe(request), request.body),
    }),
  });

  ruta.get('/ventas/:id', {
    summary: 'Un pedido de la tienda con sus líneas y tareas',
    params: idParamsSchema,
    respuesta: respuestaDatos(ventaCompletaSchema),
    manejador: async (request) => ({ data: await pedidosService.leerVenta(app.db, actorDe(request), request.params.id) }),
  });

  ruta.put('/ventas/:id/editar', {
    summary: 'Carga un pedido para editarlo: solo en estado 1 o 4; queda en estado 4 (En edición)',
    params: idParamsSchema,
    respuesta: respuestaMensajeDatos(ventaCompletaSchema),
    casoDeUso: (trx, actor, request) => pedidosService.cargarParaEdicion(trx, actor, request.params.id),
    mensaje: MENSAJES_VENTA.enEdicion,
    datos: (venta) => venta,
  });

  ruta.post('/ventas/filtros', {
    summary: 'Pedidos de un cliente (tercero_id) en un estado (4 si no se indica), los más recientes primero',
    body: ventasFiltrosSchema,
    respuesta: respuestaDatos(ventasFiltrosRespuestaSchema),
    manejador: async (request) => ({ data: { ventas: await pedidosService.ventasPorFiltro(app.db, actorDe(request), request.body) } }),
  });

  // The payment lookups: open to every logged-in user, no store.
  const listas = rutasDelModulo(app, { tag: 'ventas', acceso: 'autenticado' });

  listas.get('/listas/tipos-pagos', {
    summary: 'Tipos de pago (1 Contado, 2 Crédito)',
    respuesta: respuestaDatos(tiposPagosRespuestaSchema),
    manejador: async () => ({ data: { tipos_pagos: await pedidosService.listarTiposPago(app.db) } }),
  });

  listas.get('/listas/formas-pago', {
    summary: 'Formas de pago activas: 1 Efectivo, 6 Crédito (forma_credito), 8 Anticipo (forma_abono) y las que piden código de comprobante',
    respuesta: respuestaDatos(formasPagosRespuestaSchema),
    manejador: async () => ({ data: { formas_pagos: await pedidosService.listarFormasPago(app.db) } }),
  });
}
