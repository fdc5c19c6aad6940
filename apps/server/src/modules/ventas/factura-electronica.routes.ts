import type { FastifyInstance } from 'fastify';
import { enviarEmailFeSchema, facturaElectronicaVentaSchema, MENSAJES_FE, mensajeSchema, notaFeParamsSchema, respuestaDatos, RUTAS, ventaParamsSchema } from '@tablero/domain';
import { carpetaBandejaSalida } from '../../lib/correo';
import { contextoDocumentoPublico } from '../../lib/enlaces';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as facturaElectronicaService from '../factura-electronica';
import { facturaPdfDeVenta } from './documento-venta.service';

/**
 * spec 000 §7 facturas/{venta_id}/timbrar-dian and facturas/{venta_id}/enviar-email-fe (SuperAdministrador, §4.1), a
 * rejected note sent again by its id (notas-fe/{documento_id}/reenviar), the sale's electronic documents for the
 * detail dialog, and the two jobs that send them. The jobs live here because the invoice PDF they attach is this
 * module's document; the rules are factura-electronica's.
 */
export async function facturaElectronicaRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'facturacion', acceso: ['SuperAdministrador'], tienda: 'requerida' });

  await app.trabajos.registrar<facturaElectronicaService.DatosTrabajoEnvio>(facturaElectronicaService.TRABAJO_ENVIAR_FE, (datos, trabajo) =>
    facturaElectronicaService.procesarEnvio(
      {
        db: app.db,
        secreto: app.tokenSecret,
        cola: app.trabajos,
        proveedorPara: (configuracion, db) => facturaElectronicaService.proveedorPara(configuracion, db, app.config.feTiempoEsperaMs),
        esperaFacturaSegundos: app.config.feEsperaFacturaSegundos,
      },
      datos,
      trabajo.ultimoIntento,
    ),
  );
  const contextoDocumentos = contextoDocumentoPublico(app);
  await app.trabajos.registrar<facturaElectronicaService.DatosTrabajoCorreo>(facturaElectronicaService.TRABAJO_CORREO_FE, (datos, trabajo) =>
    facturaElectronicaService.procesarCorreo(
      {
        db: app.db,
        secreto: app.tokenSecret,
        carpetaSalida: carpetaBandejaSalida(app.config),
        pdfFactura: (ventaId) => facturaPdfDeVenta(contextoDocumentos, ventaId),
      },
      datos.correoId,
      trabajo.ultimoIntento,
    ),
  );

  ruta.post('/facturas/:venta_id/timbrar-dian', {
    summary: 'Envía a la DIAN la factura electrónica de una venta facturada (la construye, la firma y la envía un trabajo en segundo plano)',
    params: ventaParamsSchema,
    respuesta: mensajeSchema,
    casoDeUso: async (trx, actor, request) => {
      const { tipo } = await facturaElectronicaService.solicitarEnvioFactura(trx, actor, request.params.venta_id, app.trabajos);
      return { proveedor: await facturaElectronicaService.proveedorConfigurado(trx), tipo };
    },
    mensaje: ({ proveedor, tipo }) => {
      if (tipo === 'POS') return proveedor === 'NINGUNO' ? MENSAJES_FE.posSinProveedor : MENSAJES_FE.posEnCola;
      return proveedor === 'NINGUNO' ? MENSAJES_FE.sinProveedor : MENSAJES_FE.enCola;
    },
  });

  ruta.post('/facturas/:venta_id/notas-fe/:documento_id/reenviar', {
    summary: 'Envía de nuevo a la DIAN una nota de la venta rechazada o pendiente de envío (nota crédito o nota de ajuste), reconstruida con los datos de hoy',
    params: notaFeParamsSchema,
    respuesta: mensajeSchema,
    casoDeUso: async (trx, actor, request) => {
      const nota = await facturaElectronicaService.solicitarReenvioNota(trx, actor, request.params.venta_id, request.params.documento_id, app.trabajos);
      return { numero: nota.numero, proveedor: await facturaElectronicaService.proveedorConfigurado(trx) };
    },
    mensaje: ({ numero, proveedor }) => (proveedor === 'NINGUNO' ? MENSAJES_FE.notaSinProveedor(numero) : MENSAJES_FE.notaEnCola(numero)),
  });

  ruta.post('/facturas/:venta_id/enviar-email-fe', {
    summary: 'Reenvía por correo la factura electrónica aceptada (PDF y XML) a las direcciones separadas por punto y coma',
    params: ventaParamsSchema,
    body: enviarEmailFeSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => facturaElectronicaService.solicitarCorreo(trx, actor, request.params.venta_id, request.body.lista_email, app.trabajos),
    mensaje: MENSAJES_FE.correoEnCola,
  });

  ruta.get('/facturas/:venta_id/factura-electronica', {
    acceso: RUTAS.facturacion.acceso,
    summary: 'Documentos electrónicos de una venta (factura y nota crédito) con su estado, los intentos de envío y los correos',
    params: ventaParamsSchema,
    respuesta: respuestaDatos(facturaElectronicaVentaSchema),
    manejador: async (request) => ({ data: await facturaElectronicaService.facturaElectronicaDeVenta(app.db, actorDe(request), request.params.venta_id) }),
  });
}
