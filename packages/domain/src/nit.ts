/** DIAN's weights of the check digit, from the NIT's last digit leftwards. */
const PESOS_DV = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/**
 * DIAN's check digit (DV) of a NIT of up to 15 digits: the digits times the weights above, summed, modulo 11; a
 * remainder of 0 or 1 is the DV itself, otherwise 11 minus it. DIAN's own 800197268 gives 4.
 */
export function calcularDvNit(nit: string): string {
  if (!/^\d{1,15}$/.test(nit)) throw new Error(`NIT inválido: ${nit}`);
  let suma = 0;
  for (let i = 0; i < nit.length; i++) suma += Number(nit[nit.length - 1 - i]) * PESOS_DV[i]!;
  const residuo = suma % 11;
  return String(residuo > 1 ? 11 - residuo : residuo);
}

/**
 * A NIT as people write it: its digits, with or without thousands dots, and its check digit after a dash or not at all
 * ('900123456', '900.123.456-7', '900123456-7'). The check digit is DIAN's (calcularDvNit).
 */
export interface NitLeido {
  numero: string;
  /** The check digit written, null when none was. */
  dv: string | null;
}

/** The message when the check digit written is not the NIT's own: one text for every form (FE configuration, customers, suppliers). */
export const MENSAJE_DV_NIT = 'El dígito de verificación no corresponde al NIT';

/** Reads a NIT ('900.123.456-7' → 900123456 and 7); null when the text is no NIT of up to 15 digits. */
export function leerNit(texto: string): NitLeido | null {
  const partes = /^(\d{1,15})(?:-(\d))?$/.exec(texto.replace(/[.\s]/g, ''));
  if (!partes) return null;
  return { numero: partes[1]!, dv: partes[2] ?? null };
}

/** Whether a NIT's written check digit is DIAN's (true when none is written, or the text is no NIT to check). */
export function dvNitCorresponde(texto: string): boolean {
  const nit = leerNit(texto);
  return !nit || nit.dv === null || nit.dv === calcularDvNit(nit.numero);
}

/**
 * The one printer of a NIT: thousands dots and its check digit, '900.123.456-7', the DV computed when the text has
 * none (customers keep the digits alone). A text that is no NIT prints as it is.
 */
export function formatearNit(texto: string): string {
  const nit = leerNit(texto.trim());
  if (!nit) return texto;
  const agrupado = nit.numero.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${agrupado}-${nit.dv ?? calcularDvNit(nit.numero)}`;
}
