import { z } from 'zod';

/**
 * Field builders shared by the schemas of forms. Forms send numbers or the text of an
 * input ('1,250.5'): thousands commas are stripped (spec 001 §5 "Price commas stripped before sending") and an
 * empty value counts as missing, so the required message is the one the user reads.
 */
export function numeroDesde(valor: unknown): unknown {
  if (valor === null || valor === undefined) return undefined;
  if (typeof valor === 'string') {
    const limpio = valor.replaceAll(',', '').trim();
    return limpio === '' ? undefined : Number(limpio);
  }
  return valor;
}

/** Empty text, null or undefined become null (an optional select or text left blank). */
function vacioANull(valor: unknown): unknown {
  if (valor === undefined || valor === null) return null;
  if (typeof valor === 'string' && valor.trim() === '') return null;
  return valor;
}

/** A required number; `mensaje` for missing or not a number. */
export function numeroRequerido(mensaje: string) {
  return z.preprocess(numeroDesde, z.number({ error: mensaje }));
}

/** A required id of a select (a positive integer). */
export function idRequerido(mensaje: string) {
  return z.preprocess(numeroDesde, z.number({ error: mensaje }).int(mensaje).positive(mensaje));
}

/** An optional id of a select: blank is null. */
export function idOpcional(mensaje = 'Debe seleccionar una opción válida') {
  return z.preprocess((valor) => {
    const v = vacioANull(valor);
    return v === null ? null : numeroDesde(v);
  }, z.number({ error: mensaje }).int(mensaje).positive(mensaje).nullable());
}

/** An optional text: trimmed, blank is null. */
export function textoOpcional(maximo: number, mensajeLargo: string) {
  return z.preprocess(
    (valor) => (typeof valor === 'string' ? (valor.trim() === '' ? null : valor.trim()) : vacioANull(valor)),
    z.string().max(maximo, mensajeLargo).nullable(),
  );
}

/** A required text: trimmed, blank gives `mensaje`. */
export function textoRequerido(mensaje: string, maximo: number, mensajeLargo: string) {
  return z.string({ error: mensaje }).trim().min(1, mensaje).max(maximo, mensajeLargo);
}
