import type { FastifyInstance } from 'fastify';
import { anularVentaSchema, devolucionPreviaSchema, documentosAdmitidosSchema, facturarSchema, hoyNegocio, MENSAJES_FACTURACION, MENSAJES_FE, mensajeSchema, respuestaDatos, respuestaMensajeDatos, RUTAS, ventaFacturadaSchema, ventaParamsSchema } from '@tablero/domain';
import * as despachosService from '../despachos';
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import { previaDevolucionVenta } from './devolucion-venta.service';
import { documentosAdmitidos } from './documento-pos.service';
import { urlsFactura } from './enlaces-factura';
import * as facturarService from './facturar.service';

/** spec 000 §7 facturas/{venta_id}/forma-pago (bill) and facturas/{venta_id}/anular (annul), in the selected store. */
export async function facturarRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'facturacion', acceso: RUTAS.facturacion.acceso, tienda: 'requerida' });

  ruta.post('/facturas/:venta_id/forma-pago', {
    // Up to 10 payments, each with a voucher picture of up to 1 MB (base64: 4/3 of it).
    bodyLimit: 16 * 1024 * 1024,
    summary: 'Factura una venta pendiente: formas de pago (suman el total), cambio, inventario, anticipo, crédito y número del documento',
    params: ventaParamsSchema,
    body: facturarSchema,
    respuesta: respuestaMensajeDatos(ventaFacturadaSchema),
    manejador: async (request) => {
      const hoy = hoyNegocio();
      const ventaId = request.params.venta_id;
      const actorUsuario = actorDe(request);
      const { avisoDespacho, ...facturada } = await ejecutarCasoDeUso(app.db, actorUsuario, (trx, actor) => facturarService.facturarVenta(trx, actor, ventaId, request.body, hoy, app.trabajos));
      if (avisoDespacho) despachosService.emitirAvisoTurno(app, avisoDespacho);
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
  });

  ruta.get('/facturas/:venta_id/documentos', {
    summary: 'Los documentos que el diálogo Facturar ofrece para la venta: factura electrónica, documento equivalente POS (o por qué no) y remisión',
    params: ventaParamsSchema,
    respuesta: respuestaDatos(documentosAdmitidosSchema),
    manejador: async (request) => ({ data: await documentosAdmitidos(app.db, actorDe(request), request.params.venta_id, hoyNegocio()) }),
  });

  ruta.get('/facturas/:venta_id/devolucion', {
    acceso: ['SuperAdministrador'],
    summary: 'Lo que anular la venta devolvería al cliente, por forma de pago (sin Crédito ni Anticipo), y la frase del diálogo',
    params: ventaParamsSchema,
    respuesta: respuestaDatos(devolucionPreviaSchema),
    manejador: async (request) => ({ data: await previaDevolucionVenta(app.db, actorDe(request), request.params.venta_id) }),
  });

  ruta.put('/facturas/:venta_id/anular', {
    acceso: ['SuperAdministrador'],
    summary:
      'Anula una venta facturada (SuperAdministrador): devuelve inventario, anticipo y crédito; con factura electrónica pide concepto DIAN y motivo y emite la nota crédito',
    params: ventaParamsSchema,
    body: anularVentaSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => facturarService.anularVenta(trx, actor, request.params.venta_id, request.body, app.trabajos),
    trasConfirmar: (_, request) => despachosService.avisarTurnoDeVenta(app, request.params.venta_id, request.log),
    mensaje: ({ notaCredito }) => {
      const ajuste = notaCredito?.tipo === 'NOTA_AJUSTE';
      return !notaCredito
        ? MENSAJES_FACTURACION.anulada
        : notaCredito.facturaAceptada
          ? (ajuste ? MENSAJES_FE.notaAjusteEnCola : MENSAJES_FE.notaCreditoEnCola)(notaCredito.numero)
          : (ajuste ? MENSAJES_FE.notaAjusteEspera : MENSAJES_FE.notaCreditoEspera)(notaCredito.numero, notaCredito.factura);
    },
  });
}
