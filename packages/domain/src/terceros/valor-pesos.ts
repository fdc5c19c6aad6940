import { z } from 'zod';

/** Largest amount a money field takes: numeric(18,2) holds more, nobody types more. */
export const VALOR_MAXIMO_PESOS = 999_999_999_999;

/**
 * A money amount typed by staff (spec 001 §5, §9): a number, or text with thousands commas that are
 * stripped ('1,250,000.50'). Rounded to centavos. `mensaje` is the spec's message for an empty, zero
 * or unreadable value; `minimo` 'positivo' refuses 0, 'cero' accepts it.
 */
export function valorPesos(mensaje: string, minimo: 'positivo' | 'cero' = 'positivo') {
  return z
    .union([z.number({ error: mensaje }), z.string({ error: mensaje })], { error: mensaje })
    .nullable()
    .transform((valor, ctx) => {
      let numero: number;
      if (typeof valor === 'number') numero = valor;
      else if (typeof valor === 'string' && /^\s*\d[\d,]*(\.\d+)?\s*$/.test(valor)) numero = Number(valor.replaceAll(',', '').trim());
      else numero = Number.NaN;
      const centavos = Math.round(numero * 100);
      if (!Number.isFinite(numero) || centavos < 0 || (minimo === 'positivo' && centavos === 0)) {
        ctx.addIssue({ code: 'custom', message: mensaje });
        return z.NEVER;
      }
      if (numero > VALOR_MAXIMO_PESOS) {
        ctx.addIssue({ code: 'custom', message: 'El valor supera el máximo permitido' });
        return z.NEVER;
      }
      return centavos / 100;
    });
}

/** Pesos to integer centavos, for exact sums and comparisons (ARCHITECTURE §3). */
export function aCentavos(pesos: number | string): number {
  return Math.round(Number(pesos) * 100);
}
