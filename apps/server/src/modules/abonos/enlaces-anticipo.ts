import { firmarEnlaceCorto, leerEnlaceCorto } from '../../lib/enlaces';

/** The purpose (audience) of an advance receipt's public links (public/anticipo): a link signed for anything else is not one. */
export const PROPOSITO_ENLACE_ANTICIPO = 'recibo-anticipo';

/** How long an advance receipt's link works, days (like the sale documents' links: lists sign fresh ones when read). */
export const VIGENCIA_ENLACE_ANTICIPO_DIAS = 30;

/** What a receipt link that cannot be served answers (404), in JSON and on the HTML page. */
export const MENSAJE_ENLACE_ANTICIPO_INVALIDO = 'El enlace del recibo de anticipo no es válido o ya expiró';

/**
 * The public link of an advance's receipt (spec 002 §7 public/anticipo/{id}): the advance's movement id (abono_tercero,
 * type 1) travels inside a short signed token, never bare (ARCHITECTURE §4). Relative: the web is served by the same server.
 */
export function urlReciboAnticipo(secreto: string, movimientoId: number, ahora: Date = new Date()): string {
  const token = firmarEnlaceCorto(secreto, PROPOSITO_ENLACE_ANTICIPO, movimientoId, new Date(ahora.getTime() + VIGENCIA_ENLACE_ANTICIPO_DIAS * 86_400_000));
  return `/api/public/anticipo/${token}`;
}

/** The advance's movement id of a receipt link, or null when it is malformed, altered, for another purpose or expired. */
export function anticipoDeEnlace(secreto: string, token: string, ahora: Date = new Date()): number | null {
  return leerEnlaceCorto(secreto, PROPOSITO_ENLACE_ANTICIPO, token, ahora)?.id ?? null;
}
