import { definirEnlace } from '../../lib/enlaces';

/**
 * The public link of a sale's documents (spec 000 §7 public/FVS/{id}): the sale id travels inside a short signed token,
 * never bare (ARCHITECTURE §4). The list and the detail sign fresh links each time they are read, and the bill answers
 * one that the web opens at once; a link forwarded to a customer keeps working for a month.
 */
export const ENLACE_FACTURA = definirEnlace({
  proposito: 'factura-venta',
  vigenciaDias: 30,
  ruta: '/api/public/FVS',
  mensajeInvalido: 'El enlace del documento de venta no es válido o ya expiró',
});

/** The links of a sale's document and of its remission (the same token, ?pdf_remision=1), signed now. */
export function urlsFactura(secreto: string, ventaId: number, ahora: Date = new Date()): { url_factura: string; url_remision: string } {
  const url = ENLACE_FACTURA.url(secreto, ventaId, ahora);
  return { url_factura: url, url_remision: `${url}?pdf_remision=1` };
}

/**
 * The signed link of a sale payment's voucher picture (venta_forma_pago.id inside the token), valid as long as the
 * sale's document links: the detail and the list sign it when they are read, the month closing opens it later.
 */
export const ENLACE_COMPROBANTE = definirEnlace({
  proposito: 'comprobante-pago',
  vigenciaDias: ENLACE_FACTURA.vigenciaDias,
  ruta: '/api/public/comprobante',
  mensajeInvalido: 'El enlace del comprobante no es válido o ya expiró',
});
