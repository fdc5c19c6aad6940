import { definirEnlace } from '../../lib/enlaces';

/**
 * The public links of the credits screens (spec 002 §7 public/abono/{id} and public/credito/{id}): the id travels inside a
 * short signed token, never bare (ARCHITECTURE §4), and each purpose is its own, so a sale's receipt link is never read
 * as an account statement's or as a sale invoice's (public/FVS). The lists sign fresh links each time they are read; a
 * link handed to a customer works for a month.
 */

/** A credit sale's receipt (its charge, payments and pending balance): the SALE id inside the token. */
export const ENLACE_RECIBO_CREDITO = definirEnlace({
  proposito: 'recibo-credito',
  vigenciaDias: 30,
  ruta: '/api/public/abono',
  mensajeInvalido: 'El enlace del recibo de abonos no es válido o ya expiró',
});

/** A credit's account statement: the cuenta_credito id inside the token. */
export const ENLACE_ESTADO_CUENTA = definirEnlace({
  proposito: 'estado-cuenta-credito',
  vigenciaDias: 30,
  ruta: '/api/public/credito',
  mensajeInvalido: 'El enlace del estado de cuenta no es válido o ya expiró',
});
