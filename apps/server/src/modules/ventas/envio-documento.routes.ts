import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { ejecutarCasoDeUso } from '../../db/transaccion';
import { carpetaBandejaSalida } from '../../lib/correo';
import { actorDe } from '../../plugins/auth';
import * as envioService from './envio-documento.service';

/**
 * Sending a sale's documents from its detail (docs/decisions-redondeo-envios.md, "Enviar desde la venta"): the roles
 * that open the sale detail (Pendiente por facturar's), in the selected store (another store's sale is a 404).
 */
export async function envioDocumentoRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const config = { acceso: RUTAS.facturacion.acceso, tienda: 'requerida' } as const;

  // The e-mail's work (PDFs in the documents pool, SMTP or the outbox) runs in a job, never in the request.
  await app.trabajos.registrar<envioService.DatosTrabajoCorreoDocumentos>(envioService.TRABAJO_CORREO_DOCUMENTOS, (datos, trabajo) =>
    envioService.procesarCorreoDocumentos(
      { db: app.db, secreto: app.tokenSecret, documentos: app.documentos, carpetaSalida: carpetaBandejaSalida(app.config) },
      datos.envioIds,
      trabajo.ultimoIntento,
    ),
  );

  rutas.get(
    '/facturas/:venta_id/envios',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Documentos que la venta puede enviar, el correo del cliente y el historial de envíos (correo y enlace), el más nuevo primero',
        params: ventaParamsSchema,
        response: { 200: respuestaDatos(enviosVentaSchema) },
      },
    },
    async (request) => ({ data: await envioService.enviosDeVenta(app.db, actorDe(request), request.params.venta_id) }),
  );

  rutas.post(
    '/facturas/:venta_id/envios/correo',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Envía por correo los documentos elegidos de la venta (PDF adjuntos) a las direcciones separadas por punto y coma',
        description: 'Queda un envío por documento en estado PENDIENTE y un trabajo en cola que genera los PDF y envía el correo (SMTP o bandeja de salida).',
        params: ventaParamsSchema,
        body: enviarCorreoDocumentosSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request) => {
      await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => envioService.solicitarCorreo(trx, actor, request.params.venta_id, request.body, app.trabajos));
      return { message: MENSAJES_ENVIO.correoEnCola };
    },
  );

  rutas.post(
    '/facturas/:venta_id/envios/enlace',
    {
      config,
      schema: {
        tags: ['facturación'],
        summary: 'Enlace público firmado del documento para compartirlo (WhatsApp); queda registrado como envío',
        params: ventaParamsSchema,
        body: enlaceDocumentoSchema,
        response: { 200: respuestaDatos(enlaceDocumentoRespuestaSchema) },
      },
    },
    async (request) => ({
      data: await ejecutarCasoDeUso(app.db, actorDe(request), (trx, actor) => envioService.crearEnlace(trx, actor, app.tokenSecret, request.params.venta_id, request.body.documento)),
    }),
  );
}
