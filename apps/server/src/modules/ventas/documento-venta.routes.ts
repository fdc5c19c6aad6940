import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentoVentaConsultaSchema, respuestaArchivo, respuestaEnlaceInvalido, TIPOS_ARCHIVO, TIPOS_IMAGEN_ADJUNTO, tokenParamsSchema } from '@tablero/domain';
import { responderDocumentoPublico } from '../../lib/enlaces';
import * as documentoVentaService from './documento-venta.service';

/**
 * spec 000 §7 public/FVS/{id} and ?pdf_remision=1: a sale's invoice, remission or order PDF behind a signed,
 * expiring link (enlaces-factura.ts), rendered in the documents pool (503 when it is saturated). A link that cannot be
 * served answers 404: a small Spanish page for a browser (the customer opened the link), the Spanish JSON error for
 * the web's API client and tools.
 */
export async function documentoVentaRoutes(app: FastifyInstance) {
  const rutas = app.withTypeProvider<ZodTypeProvider>();
  const contexto = { db: app.db, documentos: app.documentos, secreto: app.tokenSecret };

  rutas.get(
    '/public/FVS/:token',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['facturacion'],
        summary: 'PDF de la factura, la remisión (?pdf_remision=1) o el pedido de una venta; carta o 80 mm (?formato=80mm). Enlace firmado, vigente 5 años',
        params: tokenParamsSchema,
        querystring: documentoVentaConsultaSchema,
        response: { 200: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]), 404: respuestaEnlaceInvalido },
      },
    },
    // A sale's document names a customer and changes when the sale is billed or annulled: never kept by a cache.
    (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => documentoVentaService.documentoVentaPdf(contexto, request.params.token, { remision: request.query.pdf_remision, formato: request.query.formato }),
        codigo: 'VENTA_NO_ENCONTRADA',
        detalle: 'Pida a la tienda un enlace nuevo del documento de venta.',
      }),
  );

  rutas.get(
    '/public/comprobante/:token',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['facturacion'],
        summary: 'Imagen del comprobante adjunto a una forma de pago de una venta. Enlace firmado, vigente 30 días',
        params: tokenParamsSchema,
        response: { 200: respuestaArchivo('La imagen del comprobante', [TIPOS_IMAGEN_ADJUNTO.jpg, TIPOS_IMAGEN_ADJUNTO.png, TIPOS_IMAGEN_ADJUNTO.webp]), 404: respuestaEnlaceInvalido },
      },
    },
    // The type comes from the picture's own bytes (lib/adjuntos); a stored picture is never served as anything else.
    (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => documentoVentaService.comprobantePago(app.db, app.tokenSecret, request.params.token),
        codigo: 'VENTA_NO_ENCONTRADA',
        detalle: 'Abra de nuevo el detalle de la venta.',
      }),
  );
}
