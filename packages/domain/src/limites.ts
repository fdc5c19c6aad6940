import { z } from 'zod';
import { formatearNumero } from './numeros';

/** Largest id PostgreSQL's `integer` (serial) columns hold: 2^31 − 1. */
export const ID_MAXIMO = 2_147_483_647;

/** Largest value of any `integer` column (quantities, days, millimetres): the same 2^31 − 1. */
export const ENTERO_MAXIMO = ID_MAXIMO;

/**
 * Largest quantity of units typed in one field (a product's stock, units added to it). Far below ENTERO_MAXIMO so
 * that a stock can take a second such addition; a third one would outgrow the integer column and answers 409.
 */
export const CANTIDAD_MAXIMA = 1_000_000_000;

/**
 * Highest page a paged list accepts. Its offset (page × rows per page) must stay an exact integer that PostgreSQL's
 * bigint OFFSET reads: a page of 10^20 became '1e+21' and failed. A million pages of 10 rows is beyond any list here.
 */
export const PAGINA_MAXIMA = 1_000_000;

/**
 * The id in a URL path ('/productos/{id}'). Anything that is not an id PostgreSQL could hold (0, -1, 2^31, 'abc')
 * cannot name a row, so the server answers it as not found (404), like an id that does not exist.
 */
export const idRutaSchema = z.coerce.number().int().min(1).max(ID_MAXIMO);

/**
 * Characters no text may carry: the C0 controls but tab, line feed and carriage return, DEL, and UTF-16 surrogates
 * without their pair. PostgreSQL's text cannot hold NUL at all (a NUL answered 500 on every route), and a lone
 * surrogate has no UTF-8 form: the driver would silently store U+FFFD instead. Without the `u` flag the pattern
 * reads UTF-16 code units, which is what finds unpaired surrogates. One precompiled test per string.
 */
export const CARACTERES_NO_PERMITIDOS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const MENSAJE_CARACTERES_NO_PERMITIDOS = 'El texto contiene caracteres no permitidos';

/** Whether `texto` holds a character that cannot be stored (see CARACTERES_NO_PERMITIDOS). */
export function tieneCaracteresNoPermitidos(texto: string): boolean {
  return CARACTERES_NO_PERMITIDOS.test(texto);
}

/**
 * `page` of a paged list's query string: an integer from 1 to PAGINA_MAXIMA, 1 when absent. The checks keep
 * zod's Spanish texts (the error handler sets the locale), which name the bound.
 */
/** The answer to a page that is not one of a list's (0, 1.5, 1e20, 'x'). */
export const MENSAJE_PAGINA = `La página debe ser un número entero entre 1 y ${formatearNumero(PAGINA_MAXIMA)}`;

export const paginaConsultaSchema = z.coerce
  .number({ error: MENSAJE_PAGINA })
  // The bound first and alone: 1e20 is 'too large', not zod's 'not a safe integer'.
  .max(PAGINA_MAXIMA, { error: MENSAJE_PAGINA, abort: true })
  .int(MENSAJE_PAGINA)
  .min(1, MENSAJE_PAGINA)
  .default(1);
