import { z } from 'zod';

/** Largest amount a money field takes: numeric(18,2) holds more, nobody types more. */
export const VALOR_MAXIMO_PESOS = 999_999_999_999;

/**
 * Integer centavos of an amount given as a number or as PostgreSQL's numeric text ('1250000.50').
 * Text is read digit by digit, so '0.29' is 29 centavos exactly; a third decimal rounds half up.
 * Every sum, product and comparison of money goes through centavos (ARCHITECTURE §3).
 */
export function aCentavos(valor: number | string): number {
  if (typeof valor === 'number') return Math.round(valor * 100);
  const texto = valor.trim();
  const partes = /^(-?)(\d*)(?:\.(\d*))?$/.exec(texto);
  if (!partes) return Math.round(Number(texto) * 100);
  const [, signo, enteros = '', decimales = ''] = partes;
  const relleno = `${decimales}000`;
  let centavos = Number(enteros || '0') * 100 + Number(relleno.slice(0, 2));
  if (Number(relleno[2]) >= 5) centavos += 1;
  return signo === '-' ? -centavos : centavos;
}

/** Pesos of an amount in centavos, for JSON answers and numeric(18,2) columns. */
export function dePesos(centavos: number): number {
  return centavos / 100;
}

/** Money rounded to the centavo. */
export function redondearDinero(valor: number | string): number {
  return dePesos(aCentavos(valor));
}

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
      let centavos: number;
      if (typeof valor === 'number' && Number.isFinite(valor)) centavos = aCentavos(valor);
      else if (typeof valor === 'string' && /^\s*\d[\d,]*(\.\d+)?\s*$/.test(valor)) centavos = aCentavos(valor.replaceAll(',', ''));
      else centavos = Number.NaN;
      if (!Number.isFinite(centavos) || centavos < 0 || (minimo === 'positivo' && centavos === 0)) {
        ctx.addIssue({ code: 'custom', message: mensaje });
        return z.NEVER;
      }
      if (centavos > VALOR_MAXIMO_PESOS * 100) {
        ctx.addIssue({ code: 'custom', message: 'El valor supera el máximo permitido' });
        return z.NEVER;
      }
      return dePesos(centavos);
    });
}
