import type { FastifyInstance } from 'fastify';
import {
  enlaceDocumentoRespuestaSchema,
  enlaceDocumentoSchema,
  enviarCorreoDocumentosSchema,
  enviosVentaSchema,
  MENSAJES_ENVIO,
  mensajeSchema,
  respuestaDatos,
  RUTAS,
  ventaParamsSchema,
} from '@tablero/domain';
import { carpetaBandejaSalida } from '../../lib/correo';
import { rutasDelModulo } from '../../lib/rutas';
import { actorDe } from '../../plugins/auth';
import * as envioService from './envio-documento.service';

/**
 * Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): the roles
 * that open the sale detail (Pendiente por facturar's), in the selected store (another store's sale is a 404).
 */
export async function envioDocumentoRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'facturación', acceso: RUTAS.facturacion.acceso, tienda: 'requerida' });

  // The e-mail's work (PDFs in the documents pool, SMTP or the outbox) runs in a job, never in the request.
  await app.trabajos.registrar<envioService.DatosTrabajoCorreoDocumentos>(envioService.TRABAJO_CORREO_DOCUMENTOS, (datos, trabajo) =>
    envioService.procesarCorreoDocumentos(
      { db: app.db, secreto: app.tokenSecret, documentos: app.documentos, carpetaSalida: carpetaBandejaSalida(app.config) },
      datos.envioIds,
      trabajo.ultimoIntento,
    ),
  );

  ruta.get('/facturas/:venta_id/envios', {
    summary: 'Documentos que la venta puede enviar, el correo del cliente y el historial de envíos (correo y enlace), el más nuevo primero',
    params: ventaParamsSchema,
    respuesta: respuestaDatos(enviosVentaSchema),
    manejador: async (request) => ({ data: await envioService.enviosDeVenta(app.db, actorDe(request), request.params.venta_id) }),
  });

  ruta.post('/facturas/:venta_id/envios/correo', {
    summary: 'Envía por correo los documentos elegidos de la venta (PDF adjuntos) a las direcciones separadas por punto y coma',
    description: 'Queda un envío por documento en estado PENDIENTE y un trabajo en cola que genera los PDF y envía el correo (SMTP o bandeja de salida).',
    params: ventaParamsSchema,
    body: enviarCorreoDocumentosSchema,
    respuesta: mensajeSchema,
    casoDeUso: (trx, actor, request) => envioService.solicitarCorreo(trx, actor, request.params.venta_id, request.body, app.trabajos),
    mensaje: MENSAJES_ENVIO.correoEnCola,
  });

  ruta.post('/facturas/:venta_id/envios/enlace', {
    summary: 'Enlace público firmado del documento para compartirlo (WhatsApp); queda registrado como envío',
    params: ventaParamsSchema,
    body: enlaceDocumentoSchema,
    respuesta: respuestaDatos(enlaceDocumentoRespuestaSchema),
    casoDeUso: (trx, actor, request) => envioService.crearEnlace(trx, actor, app.tokenSecret, request.params.venta_id, request.body.documento),
    datos: (enlace) => enlace,
  });
}
