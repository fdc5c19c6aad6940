import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anularVentaSchema, devolucionPreviaSchema, documentosAdmitidosSchema, facturarSchema, hoyNegocio, MENSAJES_FACTURACION, MENSAJES_FE, mensajeSchema, respuestaDatos, respuestaMensajeDatos, RUTAS, ventaFacturadaSchema, ventaParamsSchema } from '@tablero/domain';
import * as despachosService from '../despachos';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { actorDe } from '../../plugins/auth';
import { previaDevolucionVenta } from './devolucion-venta.service';
import { documentosAdmitidos } from './documento-pos.service';
import { urlsFactura } from './enlaces-factura';
import * as facturarService from './facturar.service';

/** spec 000 §7 facturas/{venta_id}/forma-pago (bill) and facturas/{venta_id}/anular (annul), in the selected store. */
export async function facturarRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();

  rutas.post(
    '/facturas/:venta_id/forma-pago',
    {
      config: { acceso: RUTAS.facturacion.acceso, tienda: 'requerida' },
      // Up to 10 payments, each with a voucher picture of up to 1 MB (base64: 4/3 of it).
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags: ['facturacion'],
        summary: 'Factura una venta pendiente: formas de pago (suman el total), cambio, inventario, anticipo, crédito y número del documento',
        params: ventaParamsSchema,
        body: facturarSchema,
        response: { 200: respuestaMensajeDatos(ventaFacturadaSchema) },
      },
    },
    async (request) => {
      const hoy = hoyNegocio();
      const ventaId = request.params.venta_id;
      const actorUsuario = actorDe(request);
      const facturada = await ejecutarCasoDeUso(app.db, actorUsuario, (trx, actor) => facturarService.facturarVenta(trx, actor, ventaId, request.body, hoy, app.trabajos));
      await despachosService.avisarTurnoDeVenta(app, ventaId, request.log);
      return {
        message: MENSAJES_FACTURACION.facturada,
        data: {
          ...facturada,
          url_factura: urlsFactura(app.tokenSecret, ventaId).url_factura,
          // docs/decisions-factura-electronica.md: only SuperAdministrador is warned that the range is running out.
          aviso_numeracion: actorUsuario.role === 'SuperAdministrador' ? facturada.aviso_numeracion : null,
        },
      };
    },
  );

  rutas.get(
    '/facturas/:venta_id/documentos',
    {
      config: { acceso: RUTAS.facturacion.acceso, tienda: 'requerida' },
      schema: {
        tags: ['facturacion'],
        summary: 'Los documentos que el diálogo Facturar ofrece para la venta: factura electrónica, documento equivalente POS (o por qué no) y remisión',
        params: ventaParamsSchema,
        response: { 200: respuestaDatos(documentosAdmitidosSchema) },
      },
    },
    async (request) => ({ data: await documentosAdmitidos(app.db, actorDe(request), request.params.venta_id, hoyNegocio()) }),
  );

  rutas.get(
    '/facturas/:venta_id/devolucion',
    {
      config: { acceso: ['SuperAdministrador'], tienda: 'requerida' },
      schema: {
        tags: ['facturacion'],
        summary: 'Lo que anular la venta devolvería al cliente, por forma de pago (sin Crédito ni Anticipo), y la frase del diálogo',
        params: ventaParamsSchema,
        response: { 200: respuestaDatos(devolucionPreviaSchema) },
      },
    },
    async (request) => ({ data: await previaDevolucionVenta(app.db, actorDe(request), request.params.venta_id) }),
  );

  rutas.put(
    '/facturas/:venta_id/anular',
    {
      config: { acceso: ['SuperAdministrador'], tienda: 'requerida' },
      schema: {
        tags: ['facturacion'],
        summary:
          'Anula una venta facturada (SuperAdministrador): devuelve inventario, anticipo y crédito; con factura electrónica pide concepto DIAN y motivo y emite la nota crédito',
        params: ventaParamsSchema,
        body: anularVentaSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      const { notaCredito } = await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) =>
        facturarService.anularVenta(trx, actor, request.params.venta_id, request.body, app.trabajos),
      );
      await despachosService.avisarTurnoDeVenta(app, request.params.venta_id, request.log);
      const ajuste = notaCredito?.tipo === 'NOTA_AJUSTE';
      const message = !notaCredito
        ? MENSAJES_FACTURACION.anulada
        : notaCredito.facturaAceptada
          ? (ajuste ? MENSAJES_FE.notaAjusteEnCola : MENSAJES_FE.notaCreditoEnCola)(notaCredito.numero)
          : (ajuste ? MENSAJES_FE.notaAjusteEspera : MENSAJES_FE.notaCreditoEspera)(notaCredito.numero, notaCredito.factura);
      return { message };
    },
  );
}
