import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ejecutarCasoDeUso } from '../../db/transaccion';
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
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.facturacionCrear.acceso, tienda: 'requerida' } as const;
  await app.register(pedidoBorradorRoutes);

  rutas.post(
    '/facturas/guardar',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Guarda un pedido nuevo o el pedido en edición (venta_id y la version con que se cargó)',
        description:
          'Precios de la tienda, impuestos del producto y totales recalculados por el servidor (calcularTotalesVenta): ' +
          '409 si el precio, el descuento, los totales o la versión no coinciden, o si es a crédito y el cliente no tiene cuenta crédito.',
        body: ventaGuardarSchema,
        response: { 200: respuestaMensajeDatos(ventaGuardadaSchema) },
      },
    },
    async (request) => ({
      message: MENSAJES_VENTA.guardada,
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => pedidosService.guardarVenta(trx, actor, request.body)),
    }),
  );

  rutas.post(
    '/facturas/retal',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Calcula el precio de un retal (calculadora de retales) y responde la línea con que se abre el pedido',
        description:
          'Área (base/1000 × altura/1000) × VALOR_BASE_PIEZA más los metros de canto de los lados elegidos × el valor de su tipo ' +
          '(1 rígido, 2 flexible). Si se envían total_precio_base, cantidad_canto o total_precio_canto deben ser los del servidor (409).',
        body: facturaRetalSchema,
        response: { 200: respuestaMensajeDatos(retalCotizadoSchema) },
      },
    },
    async (request) => ({
      message: 'Retal calculado con éxito',
      data: await retalesService.cotizarRetal(app.db, actorDe(request), request.body),
    }),
  );

  rutas.get(
    '/ventas/:id',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Un pedido de la tienda con sus líneas y tareas',
        params: idParamsSchema,
        response: { 200: respuestaDatos(ventaCompletaSchema) },
      },
    },
    async (request) => ({ data: await pedidosService.leerVenta(app.db, actorDe(request), request.params.id) }),
  );

  rutas.put(
    '/ventas/:id/editar',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Carga un pedido para editarlo: solo en estado 1 o 4; queda en estado 4 (En edición)',
        params: idParamsSchema,
        response: { 200: respuestaMensajeDatos(ventaCompletaSchema) },
      },
    },
    async (request) => ({
      message: MENSAJES_VENTA.enEdicion,
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => pedidosService.cargarParaEdicion(trx, actor, request.params.id)),
    }),
  );

  rutas.post(
    '/ventas/filtros',
    {
      config,
      schema: {
        tags: ['ventas'],
        summary: 'Pedidos de un cliente (tercero_id) en un estado (4 si no se indica), los más recientes primero',
        body: ventasFiltrosSchema,
        response: { 200: respuestaDatos(ventasFiltrosRespuestaSchema) },
      },
    },
    async (request) => ({ data: { ventas: await pedidosService.ventasPorFiltro(app.db, actorDe(request), request.body) } }),
  );

  rutas.get(
    '/listas/tipos-pagos',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['ventas'],
        summary: 'Tipos de pago (1 Contado, 2 Crédito)',
        response: { 200: respuestaDatos(tiposPagosRespuestaSchema) },
      },
    },
    async () => ({ data: { tipos_pagos: await pedidosService.listarTiposPago(app.db) } }),
  );

  rutas.get(
    '/listas/formas-pago',
    {
      config: { acceso: 'autenticado' },
      schema: {
        tags: ['ventas'],
        summary: 'Formas de pago activas: 1 Efectivo, 6 Crédito (forma_credito), 8 Anticipo (forma_abono) y las que piden código de comprobante',
        response: { 200: respuestaDatos(formasPagosRespuestaSchema) },
      },
    },
    async () => ({ data: { formas_pagos: await pedidosService.listarFormasPago(app.db) } }),
  );
}
