import { firmarEnlaceCorto, leerEnlaceCorto } from '../../lib/enlaces';

/** The purpose (audience) of a sale document's public links (public/FVS): a link signed for anything else is not one. */
export const PROPOSITO_ENLACE_FACTURA = 'factura-venta';

/**
 * How long a sale document's link works, days. The list and the detail sign fresh links each time they are read,
 * and the bill answers one that the web opens at once; a link forwarded to a customer keeps working for a month.
 */
export const VIGENCIA_ENLACE_FACTURA_DIAS = 30;

/** What a public document link that cannot be served answers (404), in JSON and on the HTML page. */
export const MENSAJE_ENLACE_FACTURA_INVALIDO = 'El enlace del documento de venta no es válido o ya expiró';

/**
 * The public links of a sale's documents (spec 000 §7 public/FVS/{id} and ?pdf_remision=1), signed now: the sale id
 * travels inside a short signed token, never bare (ARCHITECTURE §4). Relative: the web is served by the same server.
 */
export function urlsFactura(secreto: string, ventaId: number, ahora: Date = new Date()): { url_factura: string; url_remision: string } {
  const token = firmarEnlaceCorto(secreto, PROPOSITO_ENLACE_FACTURA, ventaId, new Date(ahora.getTime() + VIGENCIA_ENLACE_FACTURA_DIAS * 86_400_000));
  return { url_factura: `/api/public/FVS/${token}`, url_remision: `/api/public/FVS/${token}?pdf_remision=1` };
}

/** The sale id of a public document link, or null when it is malformed, altered, for another purpose or expired. */
export function ventaDeEnlace(secreto: string, token: string, ahora: Date = new Date()): number | null {
  return leerEnlaceCorto(secreto, PROPOSITO_ENLACE_FACTURA, token, ahora)?.id ?? null;
}

/** The purpose of a payment voucher picture's public link (public/comprobante). */
export const PROPOSITO_ENLACE_COMPROBANTE = 'comprobante-pago';

/** What a voucher link that cannot be served answers (404). */
export const MENSAJE_ENLACE_COMPROBANTE_INVALIDO = 'El enlace del comprobante no es válido o ya expiró';

/**
 * The signed link of a sale payment's voucher picture (venta_forma_pago.id inside the token), valid as long as the
 * sale's document links: the detail and the list sign it when they are read, the month closing opens it later.
 */
export function urlComprobantePago(secreto: string, pagoId: number, ahora: Date = new Date()): string {
  const token = firmarEnlaceCorto(secreto, PROPOSITO_ENLACE_COMPROBANTE, pagoId, new Date(ahora.getTime() + VIGENCIA_ENLACE_FACTURA_DIAS * 86_400_000));
  return `/api/public/comprobante/${token}`;
}

/** The payment id of a voucher link, or null when it is malformed, altered, for another purpose or expired. */
export function pagoDeEnlaceComprobante(secreto: string, token: string, ahora: Date = new Date()): number | null {
  return leerEnlaceCorto(secreto, PROPOSITO_ENLACE_COMPROBANTE, token, ahora)?.id ?? null;
}
