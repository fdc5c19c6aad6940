import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { actorDe } from '../../plugins/auth';
import * as servicio from './devolucion-parcial.service';

/**
 * A billed sale's partial returns (docs/decisions-factura-electronica.md, "Devolución parcial"), in the selected store,
 * made by SuperAdministrador only: the one who may annul (spec 000 §6), since a return undoes part of a bill. Their
 * list is read by whoever reads the sale's detail.
 */
export async function devolucionParcialRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: ['SuperAdministrador'] as const, tienda: 'requerida' as const };
  // The list is read by the sale detail, which every role that reads a bill opens (GET facturas/{id}).
  const lectura = { acceso: RUTAS.facturacion.acceso, tienda: 'requerida' as const };

  rutas.get(
    '/facturas/:venta_id/devoluciones',
    {
      config: lectura,
      schema: {
        tags: ['facturacion'],
        summary: 'Las líneas de la venta con lo que aún se puede devolver, y sus devoluciones parciales',
        params: ventaParamsSchema,
        response: { 200: respuestaDatos(devolucionesVentaSchema) },
      },
    },
    async (request) => ({ data: await servicio.devolucionesDeVenta(app.db, actorDe(request), request.params.venta_id) }),
  );

  rutas.post(
    '/facturas/:venta_id/devoluciones/previa',
    {
      config,
      schema: {
        tags: ['facturacion'],
        summary: 'Lo que la devolución devolvería (valores, crédito y dinero por forma de pago), sin registrar nada',
        params: ventaParamsSchema,
        body: devolucionParcialSchema,
        response: { 200: respuestaDatos(devolucionCalculadaSchema) },
      },
    },
    async (request) => ({ data: await servicio.previaDevolucionParcial(app.db, actorDe(request), request.params.venta_id, request.body) }),
  );

  rutas.post(
    '/facturas/:venta_id/devoluciones',
    {
      config,
      schema: {
        tags: ['facturacion'],
        summary: 'Registra la devolución parcial: inventario, crédito o dinero devuelto y, con factura electrónica, la nota crédito concepto 1',
        params: ventaParamsSchema,
        body: devolucionParcialSchema,
        response: { 200: respuestaMensajeDatos(devolucionCalculadaSchema) },
      },
    },
    async (request) => {
      const { devolucion, nota } = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        servicio.registrarDevolucionParcial(trx, actor, request.params.venta_id, request.body, app.trabajos),
      );
      const partes = [MENSAJES_DEVOLUCION_PARCIAL.registrada(devolucion.id!)];
      const ajuste = nota?.tipo === 'NOTA_AJUSTE';
      if (nota) partes.push(nota.facturaAceptada ? MENSAJES_DEVOLUCION_PARCIAL.notaEnCola(nota.numero, ajuste) : MENSAJES_DEVOLUCION_PARCIAL.notaEspera(nota.numero, nota.factura, ajuste));
      return { message: partes.join('. '), data: devolucion };
    },
  );
}
