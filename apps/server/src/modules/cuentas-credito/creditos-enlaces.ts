import { firmarEnlaceCorto, leerEnlaceCorto } from '../../lib/enlaces';

/**
 * The public links of the credits screens (spec 002 §7 public/abono/{id} and public/credito/{id}): the id travels inside a
 * short signed token, never bare (ARCHITECTURE §4), and each purpose is its own audience, so a sale's receipt link is
 * never read as an account statement's or as a sale invoice's (public/FVS). Relative: the web is served by the same
 * server. The lists sign fresh links each time they are read; a link handed to a customer works for a month.
 */
export const PROPOSITO_ENLACE_RECIBO_CREDITO = 'recibo-credito';
export const PROPOSITO_ENLACE_ESTADO_CUENTA = 'estado-cuenta-credito';
export const VIGENCIA_ENLACES_CREDITO_DIAS = 30;

/** What a receipt or statement link that cannot be served answers (404), in JSON and on the HTML page. */
export const MENSAJE_ENLACE_RECIBO_INVALIDO = 'El enlace del recibo de abonos no es válido o ya expiró';
export const MENSAJE_ENLACE_ESTADO_CUENTA_INVALIDO = 'El enlace del estado de cuenta no es válido o ya expiró';

const expira = (ahora: Date) => new Date(ahora.getTime() + VIGENCIA_ENLACES_CREDITO_DIAS * 86_400_000);

/** A credit sale's receipt (its charge, payments and pending balance): the SALE id inside the token. */
export function urlReciboCredito(secreto: string, ventaId: number, ahora: Date = new Date()): string {
  return `/api/public/abono/${firmarEnlaceCorto(secreto, PROPOSITO_ENLACE_RECIBO_CREDITO, ventaId, expira(ahora))}`;
}

/** A credit's account statement: the cuenta_credito id inside the token. */
export function urlEstadoCuenta(secreto: string, cuentaId: number, ahora: Date = new Date()): string {
  return `/api/public/credito/${firmarEnlaceCorto(secreto, PROPOSITO_ENLACE_ESTADO_CUENTA, cuentaId, expira(ahora))}`;
}

export function ventaDeEnlaceRecibo(secreto: string, token: string, ahora: Date = new Date()): number | null {
  return leerEnlaceCorto(secreto, PROPOSITO_ENLACE_RECIBO_CREDITO, token, ahora)?.id ?? null;
}

export function cuentaDeEnlaceEstado(secreto: string, token: string, ahora: Date = new Date()): number | null {
  return leerEnlaceCorto(secreto, PROPOSITO_ENLACE_ESTADO_CUENTA, token, ahora)?.id ?? null;
}
