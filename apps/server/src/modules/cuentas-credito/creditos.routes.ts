import type { FastifyInstance } from 'fastify';
import {
  pagoCreditoRegistradoSchema,
  pagoCreditoSchema,
  carteraConsultaSchema,
  carteraSchema,
  creditoEliminadoSchema,
  creditosConsultaSchema,
  creditosRespuestaSchema,
  devolucionPreviaSchema,
  eliminarCreditoSchema,
  hoyNegocio,
  idParamsSchema,
  MENSAJES_CREDITOS,
  movimientosCreditoConsultaSchema,
  movimientosCreditoRespuestaSchema,
  pagoCreditoAnuladoSchema,
  pagoCreditoParamsSchema,
  RUTAS,
  ventasPendientesCreditoSchema,
  respuestaArchivo,
  respuestaDatos,
  respuestaMensajeDatos,
  TIPOS_ARCHIVO,
} from '@tablero/domain';
import { ENLACE_RECIBO_CREDITO } from './creditos-enlaces';
import * as documentosService from './cartera-documentos.service';
import * as carteraService from './cartera.service';
import * as libroService from './libro-credito.service';
import { enviarXlsx } from '../../lib/libro-xlsx';
import { rutasDelModulo } from '../../lib/rutas';

/**
 * Credits (spec 002 §2.1–§2.3, §7 "Credits", public/abono/{id}, public/credito/{id}; docs/decisions-creditos.md). SuperAdministrador only;
 * writes need the selected store, recorded on each movement. Thin: read, call one service function, answer.
 */
export async function creditosRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'creditos', acceso: RUTAS.creditos.acceso });
  const hoy = () => hoyNegocio();

  ruta.get('/creditos', {
    summary: 'Créditos (cuentas crédito con movimientos) por nombre del cliente, con el total pendiente de todos los que cumplen el filtro',
    description: 'cliente_id 0 o ausente: todos. total_pendientes_abono: ventas con saldo pendiente. enlace_estado_cuenta: PDF firmado, vigente 30 días.',
    querystring: creditosConsultaSchema,
    respuesta: respuestaDatos(creditosRespuestaSchema),
    manejador: async (request) => ({ data: await carteraService.listarCreditos(app.db, app.tokenSecret, request.query) }),
  });

  ruta.get('/creditos/cartera', {
    summary: 'Cartera por edades: lo pendiente de cada cliente por días desde la fecha de la factura o de vencimiento (corriente, 1–30, 31–60, 61–90, más de 90) y los totales',
    description:
      'fecha_corte (por defecto hoy): cuenta los movimientos hasta ese día y los días hasta él. cliente_id 0 o ausente: todos. base: factura (por defecto) o vencimiento (días vencidos; 0 o menos, corriente).',
    querystring: carteraConsultaSchema,
    respuesta: respuestaDatos(carteraSchema),
    manejador: async (request) => ({ data: await carteraService.carteraPorEdades(app.dbLectura, request.query, hoy()) }),
  });

  ruta.get('/creditos/cartera/exportar', {
    summary: 'La cartera por edades en .xlsx (valores numéricos), archivo «Cartera por edades {fecha}.xlsx»',
    querystring: carteraConsultaSchema,
    respuesta: respuestaArchivo('El libro .xlsx', [TIPOS_ARCHIVO.xlsx]),
    manejador: async (request, reply) => {
      const { archivo, nombre } = await documentosService.exportarCartera(app.dbLectura, request.query, hoy());
      return enviarXlsx(reply, archivo, nombre);
    },
  });

  ruta.get('/creditos/:id/ventas-pendientes', {
    summary: 'Ventas del crédito con saldo pendiente, la más antigua primero, con el enlace de su recibo',
    params: idParamsSchema,
    respuesta: respuestaDatos(ventasPendientesCreditoSchema),
    manejador: async (request) => ({ data: { creditos_movimientos: await carteraService.listarVentasPendientes(app.db, app.tokenSecret, request.params.id) } }),
  });

  ruta.get('/creditos/:id/movimientos', {
    summary: 'Movimientos del crédito, el más reciente primero, por tipo y venta (0: todos)',
    description:
      'Tipo 1: valor_pagado (abonos vigentes) y valor_saldo_movimiento (pendiente). Tipo 2: anulado y formas_pago. enlace_recibo en los tipos 1 y 2.',
    params: idParamsSchema,
    querystring: movimientosCreditoConsultaSchema,
    respuesta: respuestaDatos(movimientosCreditoRespuestaSchema),
    manejador: async (request) => ({
      data: { creditos_movimientos: await carteraService.listarMovimientos(app.db, app.tokenSecret, request.params.id, request.query) },
    }),
  });

  ruta.post('/creditos/abonos', {
    tienda: 'requerida',
    summary: 'Registra un abono a una venta a crédito, con sus formas de pago (la de anticipo hasta el saldo de anticipos del cliente)',
    description: "422 'El abono no debe superar el saldo pendiente {saldo}' cuando supera lo pendiente de la venta, comprobado con la cuenta bloqueada.",
    body: pagoCreditoSchema,
    respuesta: respuestaMensajeDatos(pagoCreditoRegistradoSchema),
    casoDeUso: (trx, actor, request) => libroService.registrarPagoCredito(trx, request.body, actor),
    mensaje: MENSAJES_CREDITOS.abonoRegistrado,
    datos: ({ movimientoId, saldoVenta }, request) => ({
      movimiento_id: movimientoId,
      valor_saldo_movimiento: saldoVenta,
      enlace_recibo: ENLACE_RECIBO_CREDITO.url(app.tokenSecret, request.body.venta_id),
    }),
  });

  ruta.get('/creditos/abonos/:movimiento_id/devolucion', {
    tienda: 'requerida',
    summary: 'Lo que anular el abono devolvería al cliente, por forma de pago (la parte pagada con anticipo vuelve a su saldo), y la frase del diálogo',
    params: pagoCreditoParamsSchema,
    respuesta: respuestaDatos(devolucionPreviaSchema),
    manejador: async (request) => ({ data: await libroService.previaDevolucionPagoCredito(app.db, request.params.movimiento_id) }),
  });

  ruta.put('/creditos/abonos/:movimiento_id/anular', {
    tienda: 'requerida',
    summary: 'Anula un abono (movimiento tipo 2) con un movimiento tipo 3; la parte pagada con anticipo vuelve al saldo del cliente',
    params: pagoCreditoParamsSchema,
    respuesta: respuestaMensajeDatos(pagoCreditoAnuladoSchema),
    casoDeUso: (trx, actor, request) => libroService.anularPagoCredito(trx, request.params.movimiento_id, actor),
    mensaje: MENSAJES_CREDITOS.abonoAnulado,
    datos: ({ ventaId }) => ({ venta_id: ventaId }),
  });

  ruta.put('/creditos/:id/eliminar', {
    tienda: 'requerida',
    summary: 'Elimina el crédito: un movimiento tipo 5 con el motivo por cada venta con saldo pendiente (409 si no hay nada pendiente)',
    params: idParamsSchema,
    body: eliminarCreditoSchema,
    respuesta: respuestaMensajeDatos(creditoEliminadoSchema),
    casoDeUso: (trx, actor, request) => libroService.eliminarCredito(trx, request.params.id, request.body, actor),
    mensaje: MENSAJES_CREDITOS.creditoEliminado,
    datos: (eliminado) => eliminado,
  });

  ruta.documentoPublico('/public/abono/:token', {
    summary: 'PDF del recibo de una venta a crédito: el cargo, cada abono con sus formas de pago, los anulados y el saldo pendiente. Enlace firmado, vigente 30 días',
    leer: documentosService.reciboCreditoPdf,
    codigo: documentosService.CODIGO_ENLACE_CREDITO_INVALIDO,
    detalle: 'Pida a la tienda un enlace nuevo del recibo.',
  });

  ruta.documentoPublico('/public/credito/:token', {
    summary: 'PDF del estado de cuenta de un crédito: movimientos con saldo, pendiente por venta, totales y edades. Enlace firmado, vigente 30 días',
    leer: documentosService.estadoCuentaPdf,
    codigo: documentosService.CODIGO_ENLACE_CREDITO_INVALIDO,
    detalle: 'Pida a la tienda un enlace nuevo del estado de cuenta.',
  });
}
