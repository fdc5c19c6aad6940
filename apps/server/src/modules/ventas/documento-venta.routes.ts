import type { FastifyInstance } from 'fastify';
import { documentoVentaConsultaSchema, respuestaArchivo, respuestaEnlaceInvalido, TIPOS_ARCHIVO, TIPOS_IMAGEN_ADJUNTO, tokenParamsSchema } from '@tablero/domain';
import { contextoDocumentoPublico, responderDocumentoPublico } from '../../lib/enlaces';
import { rutasDelModulo } from '../../lib/rutas';
import * as documentoVentaService from './documento-venta.service';

/**
 * spec 000 §7 public/FVS/{id} and ?pdf_remision=1: a sale's invoice, remission or order PDF behind a signed,
 * expiring link (enlaces-factura.ts), rendered in the documents pool (503 when it is saturated). A link that cannot be
 * served answers 404: a small Spanish page for a browser (the customer opened the link), the Spanish JSON error for
 * the web's API client and tools.
 */
export async function documentoVentaRoutes(app: FastifyInstance) {
  const ruta = rutasDelModulo(app, { tag: 'facturacion', acceso: 'publico' });
  const contexto = contextoDocumentoPublico(app);

  ruta.get('/public/FVS/:token', {
    summary: 'PDF de la factura, la remisión (?pdf_remision=1) o el pedido de una venta; carta o 80 mm (?formato=80mm). Enlace firmado, vigente 5 años',
    params: tokenParamsSchema,
    querystring: documentoVentaConsultaSchema,
    respuesta: respuestaArchivo('El PDF', [TIPOS_ARCHIVO.pdf]),
    otrasRespuestas: { 404: respuestaEnlaceInvalido },
    // A sale's document names a customer and changes when the sale is billed or annulled: never kept by a cache.
    manejador: (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => documentoVentaService.documentoVentaPdf(contexto, request.params.token, { remision: request.query.pdf_remision, formato: request.query.formato }),
        codigo: 'VENTA_NO_ENCONTRADA',
        detalle: 'Pida a la tienda un enlace nuevo del documento de venta.',
      }),
  });

  ruta.get('/public/comprobante/:token', {
    summary: 'Imagen del comprobante adjunto a una forma de pago de una venta. Enlace firmado, vigente 30 días',
    params: tokenParamsSchema,
    respuesta: respuestaArchivo('La imagen del comprobante', [TIPOS_IMAGEN_ADJUNTO.jpg, TIPOS_IMAGEN_ADJUNTO.png, TIPOS_IMAGEN_ADJUNTO.webp]),
    otrasRespuestas: { 404: respuestaEnlaceInvalido },
    // The type comes from the picture's own bytes (lib/adjuntos); a stored picture is never served as anything else.
    manejador: (request, reply) =>
      responderDocumentoPublico(request, reply, {
        leer: () => documentoVentaService.comprobantePago(app.db, app.tokenSecret, request.params.token),
        codigo: 'VENTA_NO_ENCONTRADA',
        detalle: 'Abra de nuevo el detalle de la venta.',
      }),
  });
}
