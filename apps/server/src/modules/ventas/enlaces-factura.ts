import { definirEnlace } from '../../lib/enlaces';

/**
 * Five years, the time an invoice must be kept (Estatuto Tributario art. 632, Decreto 1625 de 2016), in days: the
 * longest five years, two of them leap years, so a link never dies before the invoice may be discarded.
 */
export const VIGENCIA_FACTURA_DIAS = 5 * 365 + 2;

/**
 * The public link of a sale's documents (spec 000 §7 public/FVS/{id}): the sale id travels inside a short signed token,
 * never bare (ARCHITECTURE §4). The list and the detail sign fresh links each time they are read, and the bill answers
 * one that the web opens at once. A link handed or e-mailed to a customer keeps working as long as the invoice must be
 * kept (docs/architecture.md §4 "Signed links").
 */
export const ENLACE_FACTURA = definirEnlace({
  proposito: 'factura-venta',
  vigenciaDias: VIGENCIA_FACTURA_DIAS,
  ruta: '/api/public/FVS',
  mensajeInvalido: 'El enlace del documento de venta no es válido o ya expiró',
});

/** The links of a sale's document and of its remission (the same token, ?pdf_remision=1), signed now. */
export function urlsFactura(secreto: string, ventaId: number, ahora: Date = new Date()): { url_factura: string; url_remision: string } {
  const url = ENLACE_FACTURA.url(secreto, ventaId, ahora);
  return { url_factura: url, url_remision: `${url}?pdf_remision=1` };
}

/**
 * The signed link of a sale payment's voucher picture (venta_forma_pago.id inside the token), valid 30 days: it is
 * never handed to the customer; the detail and the list sign it when they are read, the month closing opens it later.
 */
export const ENLACE_COMPROBANTE = definirEnlace({
  proposito: 'comprobante-pago',
  vigenciaDias: 30,
  ruta: '/api/public/comprobante',
  mensajeInvalido: 'El enlace del comprobante no es válido o ya expiró',
});

/**
 * The signed link of a quotation's PDF (docs/decisions-cotizaciones.md), valid 30 days: the quotations list signs it
 * when it is read, and the seller hands or sends the PDF to the customer.
 */
export const ENLACE_COTIZACION = definirEnlace({
  proposito: 'cotizacion',
  vigenciaDias: 30,
  ruta: '/api/public/cotizacion',
  mensajeInvalido: 'El enlace de la cotización no es válido o ya expiró',
});
