import { z } from 'zod';
import { ENTERO_MAXIMO, ID_MAXIMO } from './limites';
import { leerNumero, mensajeMaximo } from './numeros';

/**
 * Field builders shared by the schemas of forms. Forms send numbers or the text of an input ('1,250.5'), read by
 * the one number reader (numeros.ts: thousands commas in groups of three, '.' decimal; '2,5' is no number, never
 * 25), and an empty value counts as missing, so the required message is the one the user reads.
 */
export function numeroDesde(valor: unknown): unknown {
  if (valor === null || valor === undefined) return undefined;
  if (typeof valor === 'string') {
    // Decimals and limits are each schema's own checks (its messages): the reader only decides what number it is.
    const lectura = leerNumero(valor, { decimales: Infinity, negativos: true, maximo: Infinity });
    if (lectura.error !== null) return Number.NaN;
    return lectura.valor ?? undefined;
  }
  return valor;
}

/** Empty text, null or undefined become null (an optional select or text left blank). */
function vacioANull(valor: unknown): unknown {
  if (valor === undefined || valor === null) return null;
  if (typeof valor === 'string' && valor.trim() === '') return null;
  return valor;
}

/** A required number; `mensaje` for missing or not a number (zod 4 refuses NaN and ±Infinity, 'Infinity' included). */
export function numeroRequerido(mensaje: string) {
  return z.preprocess(numeroDesde, z.number({ error: mensaje }));
}

/**
 * A required whole number stored in an `integer` column (quantities, days, millimetres): from `minimo` (0 unless
 * told) to `maximo` (ENTERO_MAXIMO unless told, never above it). Missing gives `mensaje`; a fraction or a value
 * below `minimo` gives `mensajeInvalido` (default `mensaje`); above `maximo`, 'El valor máximo es …' naming it, so
 * PostgreSQL never has to round a decimal away or refuse an integer out of range.
 */
export function enteroRequerido(
  mensaje: string,
  opciones: { minimo?: number; maximo?: number; mensajeInvalido?: string; mensajeMaximo?: string } = {},
) {
  const maximo = Math.min(opciones.maximo ?? ENTERO_MAXIMO, ENTERO_MAXIMO);
  const invalido = opciones.mensajeInvalido ?? mensaje;
  return z.preprocess(
    numeroDesde,
    z
      .number({ error: (issue) => (issue.input === undefined ? mensaje : invalido) })
      // First and alone: 1e308 is above the limit, not 'no integer' (zod's int() means a safe integer).
      .max(maximo, { error: opciones.mensajeMaximo ?? mensajeMaximo(maximo), abort: true })
      .int(invalido)
      .min(opciones.minimo ?? 0, invalido),
  );
}

/** A required id of a select: a whole number from 1 to ID_MAXIMO (what an `integer` key holds). */
export function idRequerido(mensaje: string) {
  return z.preprocess(numeroDesde, z.number({ error: mensaje }).int(mensaje).positive(mensaje).max(ID_MAXIMO, mensaje));
}

/** An optional id of a select: blank is null; otherwise a whole number from 1 to ID_MAXIMO. */
export function idOpcional(mensaje = 'Debe seleccionar una opción válida') {
  return z.preprocess((valor) => {
    const v = vacioANull(valor);
    return v === null ? null : numeroDesde(v);
  }, z.number({ error: mensaje }).int(mensaje).positive(mensaje).max(ID_MAXIMO, mensaje).nullable());
}

/**
 * An id sent in a body or query next to the one in the path ('the path names it too'): optional, a whole number
 * from 1 to ID_MAXIMO, numeric text accepted.
 */
export function idOpcionalCoercido(mensaje = 'Debe seleccionar una opción válida') {
  return z.coerce.number({ error: mensaje }).int(mensaje).positive(mensaje).max(ID_MAXIMO, mensaje).optional();
}

/** An optional text: trimmed, blank is null. */
export function textoOpcional(maximo: number, mensajeLargo: string) {
  // No preprocess: the form types keep `string | null` as the field's input.
  return z
    .string()
    .trim()
    .max(maximo, mensajeLargo)
    .nullish()
    .transform((valor) => (valor ? valor : null));
}

/** A required text: trimmed, blank gives `mensaje`. */
export function textoRequerido(mensaje: string, maximo: number, mensajeLargo: string) {
  return z.string({ error: mensaje }).trim().min(1, mensaje).max(maximo, mensajeLargo);
}
