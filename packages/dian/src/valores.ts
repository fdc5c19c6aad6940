/**
 * How DIAN writes values: amounts with a decimal point and exactly two decimals, no thousands separator. Amounts
 * come as integer centavos so the text is exact (no float arithmetic anywhere between the sale and the CUFE).
 */

/** '1785000.00' from 178500000 centavos. */
export function valorDian(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new Error(`Valor en centavos no válido: ${centavos}`);
  }
  const texto = String(centavos).padStart(3, '0');
  return `${texto.slice(0, -2)}.${texto.slice(-2)}`;
}

/** The format of every amount term of the CUFE/CUDE and of every amount written into the XML. */
export const FORMATO_VALOR = /^\d+\.\d{2}$/;

export const FORMATO_FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Colombian time is always UTC-05:00 (no daylight saving), and DIAN expects the offset written. */
export const FORMATO_HORA = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d-05:00$/;

const MS_CINCO_HORAS = 5 * 3_600_000;

/** '2026-03-01T09:15:00-05:00' for an instant, as xades:SigningTime wants it. */
export function fechaHoraColombia(instante: Date): { fecha: string; hora: string; fechaHora: string } {
  const local = new Date(instante.getTime() - MS_CINCO_HORAS).toISOString();
  const fecha = local.slice(0, 10);
  const hora = `${local.slice(11, 19)}-05:00`;
  return { fecha, hora, fechaHora: `${fecha}T${hora}` };
}
