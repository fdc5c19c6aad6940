import { z } from 'zod';
import { formatearNumero, leerNumero } from './numeros';

/**
 * Largest amount a money field takes. numeric(18,2) holds up to 9.999.999.999.999.999,99; one amount stays four
 * digits below that so balances and totals that add many of them (saldo_abono, total_credito) still fit, and its
 * centavos (10^14) stay far inside the integers a double holds exactly (2^53), which the centavo helpers rely on.
 */
export const VALOR_MAXIMO_PESOS = 999_999_999_999;

/** Decimals a money column (numeric(…,2)) stores: a third one would be rounded away without a word. */
export const DECIMALES_DINERO = 2;

export const MENSAJES_DINERO = {
  decimales: 'Máximo 2 decimales',
  maximo: `El valor máximo es ${formatearNumero(VALOR_MAXIMO_PESOS)}`,
} as const;

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
 * Reads a money amount as a form or a client sends it: a number, or text with thousands commas that are stripped
 * ('1,250,000.50'), a leading minus allowed. Answers its centavos, 'decimales' when it has more than 2 decimals
 * (trailing zeros do not count: '1.500' is 1.5), or null when it is no amount (empty, 'abc', '1.2.3', Infinity).
 * Decimals are read from the text, never from a float product, so 0.29 has 2 and 0.001 has 3.
 */
export function leerPesos(valor: unknown): number | 'decimales' | null {
  let texto: string;
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor)) return null;
    // The shortest text that reads back as this number: what the client typed (0.29, 1250000.5). Exponent forms
    // are 1e-7 and smaller (too many decimals) or 1e21 and larger (beyond any column: its centavos say so below).
    texto = String(valor);
    const exponente = /e([+-]\d+)$/.exec(texto);
    if (exponente) return Number(exponente[1]) < 0 ? 'decimales' : Math.round(valor * 100);
  } else if (typeof valor === 'string') {
    // The one number reader (numeros.ts): '1,250.50' yes, '2,5' or '1.2,5' is no amount. Decimals are counted below.
    const lectura = leerNumero(valor, { decimales: Infinity, negativos: true, maximo: Infinity });
    if (lectura.error !== null || lectura.valor === null) return null;
    texto = lectura.texto;
  } else {
    return null;
  }
  const partes = /^(-?)(\d+)(?:\.(\d+))?$/.exec(texto);
  if (!partes) return null;
  const decimales = (partes[3] ?? '').replace(/0+$/, '');
  if (decimales.length > DECIMALES_DINERO) return 'decimales';
  return aCentavos(`${partes[1]}${partes[2]}.${decimales}`);
}

/**
 * A money amount typed by staff (spec 001 §5, §9), for numeric(18,2) columns: a number, or text with thousands
 * commas that are stripped ('1,250,000.50'). At most 2 decimals ('Máximo 2 decimales', never rounded silently) and
 * at most VALOR_MAXIMO_PESOS ('El valor máximo es 999.999.999.999'). `mensaje` is the spec's message for an empty,
 * zero or unreadable value; `minimo` 'positivo' refuses 0, 'cero' accepts it; a negative amount gets
 * `mensajeNegativo` when given, else `mensaje`. Answers pesos (a number with at most 2 decimals).
 */
export function valorPesos(mensaje: string, minimo: 'positivo' | 'cero' = 'positivo', mensajeNegativo?: string) {
  return z
    .union([z.number({ error: mensaje }), z.string({ error: mensaje })], { error: mensaje })
    .nullable()
    .transform((valor, ctx) => {
      const centavos = leerPesos(valor);
      const refusar = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (centavos === null) return refusar(mensaje);
      if (centavos === 'decimales') return refusar(MENSAJES_DINERO.decimales);
      if (centavos < 0) return refusar(mensajeNegativo ?? mensaje);
      if (minimo === 'positivo' && centavos === 0) return refusar(mensaje);
      if (centavos > VALOR_MAXIMO_PESOS * 100) return refusar(MENSAJES_DINERO.maximo);
      return dePesos(centavos);
    });
}

/**
 * Where an amount is printed, which decides its form. Every form writes '$' and en-US grouping (spec 000 §1, 001 §9),
 * whole pesos without decimals and centavos with both digits, and a negative amount's sign before the '$':
 * - 'pantalla', a screen: '$1,250,000', '$1,250,000.50', '-$200,000';
 * - 'lista', the month-closing, cash and credit lists: whole pesos, rounded (spec 002: COP, lists with 0 decimals);
 * - 'texto', inside a sentence (a message, a spreadsheet's text cell): '$ 1,250,000', since the spec's messages
 *   write '… igual a $ {amount}';
 * - 'documento', a printed document's figures (invoice, receipts, statements): always two decimals, '$ 1,250,000.00',
 *   so that a column of amounts lines up.
 */
export type EstiloPesos = 'pantalla' | 'lista' | 'texto' | 'documento';

const CIFRAS_ENTERAS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const CIFRAS_CON_CENTAVOS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one money printer of screens, PDFs, spreadsheets and messages (docs/architecture.md §5): `valor` in pesos, a
 * number or PostgreSQL's numeric text, as `estilo` writes it. Nothing ('') for null, '' or no number.
 */
export function formatearDinero(valor: number | string | null | undefined, estilo: EstiloPesos = 'pantalla'): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const numero = Number(valor);
  if (!Number.isFinite(numero)) return '';
  const absoluto = Math.abs(numero);
  const entero = estilo === 'lista' || (estilo !== 'documento' && Number.isInteger(absoluto));
  const cifras = (entero ? CIFRAS_ENTERAS : CIFRAS_CON_CENTAVOS).format(absoluto);
  // -0.4 rounded to the peso is '$0', not '-$0'.
  const signo = numero < 0 && /[1-9]/.test(cifras) ? '-' : '';
  return `${signo}$${estilo === 'texto' || estilo === 'documento' ? ' ' : ''}${cifras}`;
}

/** Pesos inside a message: '$ 1,250,000', '$ 1,250,000.50' (formatearDinero's 'texto'). */
export function formatearPesos(valor: number | string): string {
  return formatearDinero(valor, 'texto');
}
