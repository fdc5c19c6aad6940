import type { FastifyInstance } from 'fastify';
import {
  devolucionCalculadaSchema,
  devolucionesVentaSchema,
  devolucionParcialSchema,
  MENSAJES_DEVOLUCION_PARCIAL,
  respuestaDatos,
  respuestaMensajeDatos,
  RUTAS,
  ventaParamsSchema,
} from '@tablero/domain';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as servicio from './devolucion-parcial.service';

/**
 * A billed sale's partial returns (docs/decisions-factura-electronica.md, "Devolución parcial"), in the selected store,
 * made by SuperAdministrador only: the one who may annul (spec 000 §6), since a return undoes part of a bill. Their
 * list is read by whoever reads the sale's detail.
 */
export async function devolucionParcialRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'facturacion', acceso: ['SuperAdministrador'], tienda: 'requerida' });

  ruta.get('/facturas/:venta_id/devoluciones', {
    // The list is read by the sale detail, which every role that reads a bill opens (GET facturas/{id}).
    acceso: RUTAS.facturacion.acceso,
    summary: 'Las líneas de la venta con lo que aún se puede devolver, y sus devoluciones parciales',
    params: ventaParamsSchema,
    respuesta: respuestaDatos(devolucionesVentaSchema),
    manejador: async (request) => ({ data: await servicio.devolucionesDeVenta(app.db, actorDe(request), request.params.venta_id) }),
  });

  ruta.post('/facturas/:venta_id/devoluciones/previa', {
    summary: 'Lo que la devolución devolvería (valores, crédito y dinero por forma de pago), sin registrar nada',
    params: ventaParamsSchema,
    body: devolucionParcialSchema,
    respuesta: respuestaDatos(devolucionCalculadaSchema),
    manejador: async (request) => ({ data: await servicio.previaDevolucionParcial(app.db, actorDe(request), request.params.venta_id, request.body) }),
  });

  ruta.post('/facturas/:venta_id/devoluciones', {
    summary: 'Registra la devolución parcial: inventario, crédito o dinero devuelto y, con factura electrónica, la nota crédito concepto 1',
    params: ventaParamsSchema,
    body: devolucionParcialSchema,
    respuesta: respuestaMensajeDatos(devolucionCalculadaSchema),
    casoDeUso: (trx, actor, request) => servicio.registrarDevolucionParcial(trx, actor, request.params.venta_id, request.body, app.trabajos),
    mensaje: ({ devolucion, nota }) => {
      const partes = [MENSAJES_DEVOLUCION_PARCIAL.registrada(devolucion.id!)];
      const ajuste = nota?.tipo === 'NOTA_AJUSTE';
      if (nota) partes.push(nota.facturaAceptada ? MENSAJES_DEVOLUCION_PARCIAL.notaEnCola(nota.numero, ajuste) : MENSAJES_DEVOLUCION_PARCIAL.notaEspera(nota.numero, nota.factura, ajuste));
      return partes.join('. ');
    },
    datos: ({ devolucion }) => devolucion,
  });
}
