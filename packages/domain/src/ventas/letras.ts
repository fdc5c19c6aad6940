import { aCentavos } from '../dinero';

/**
 * Numbers and money in Spanish words, as Colombian invoices print the total ("son: …"): upper case with accents,
 * 'UN MILLÓN DOSCIENTOS CINCUENTA MIL TRESCIENTOS PESOS CON CINCUENTA CENTAVOS M/CTE'.
 *
 * The forms follow the Real Academia: 1 is UNO alone, UN before a masculine noun (UN PESO, VEINTIÚN MIL,
 * TREINTA Y UN MILLONES), UNA before a feminine one; 100 is CIEN alone and CIENTO before more; a thousand is MIL
 * (never UN MIL); MILLÓN and BILLÓN (10^12, the long scale: a thousand millions is MIL MILLONES) take DE before
 * the noun when nothing follows them (UN MILLÓN DE PESOS).
 */

/** How 1 ends a number: alone ('uno'), before a masculine noun ('un') or before a feminine one ('una'). */
export type FormaUno = 'uno' | 'un' | 'una';

/** Largest whole number numeroEnLetras reads: just under a trillion of the long scale (10^18). */
export const NUMERO_MAXIMO_LETRAS = 999_999_999_999_999_999n;

const UNIDADES = ['', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const DIEZ_A_DIECINUEVE = ['DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE'];
const VEINTI = ['VEINTE', 'VEINTIUNO', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE'];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'];

/** 1..99 with the form of its final 1 (VEINTIUNO / VEINTIÚN / VEINTIUNA, TREINTA Y UNO / UN / UNA). */
function decenas(n: number, forma: FormaUno): string {
  if (n < 10) return n === 1 ? { uno: 'UNO', un: 'UN', una: 'UNA' }[forma] : UNIDADES[n]!;
  if (n < 20) return DIEZ_A_DIECINUEVE[n - 10]!;
  if (n < 30) return n === 21 ? { uno: 'VEINTIUNO', un: 'VEINTIÚN', una: 'VEINTIUNA' }[forma] : VEINTI[n - 20]!;
  const unidad = n % 10;
  return unidad === 0 ? DECENAS[Math.floor(n / 10)]! : `${DECENAS[Math.floor(n / 10)]} Y ${decenas(unidad, forma)}`;
}

/** 1..999; the hundreds agree with a feminine noun (DOSCIENTAS) when the form is 'una'. */
function centenas(n: number, forma: FormaUno): string {
  if (n === 100) return 'CIEN';
  const centena = Math.floor(n / 100);
  const resto = n % 100;
  let texto = centena === 0 ? '' : CENTENAS[centena]!;
  if (forma === 'una' && centena > 1) texto = texto.replace(/OS$/, 'AS');
  if (resto === 0) return texto;
  return texto ? `${texto} ${decenas(resto, forma)}` : decenas(resto, forma);
}

/** 1..999,999: MIL, never UN MIL; the thousands' own 1 is apocopated (VEINTIÚN MIL) or feminine (VEINTIUNA MIL). */
function miles(n: number, forma: FormaUno): string {
  const millares = Math.floor(n / 1000);
  const resto = n % 1000;
  const partes: string[] = [];
  if (millares === 1) partes.push('MIL');
  else if (millares > 1) partes.push(`${centenas(millares, forma === 'una' ? 'una' : 'un')} MIL`);
  if (resto > 0) partes.push(centenas(resto, forma));
  return partes.join(' ');
}

/**
 * A whole number in words, upper case: 0 → CERO, 1 → UNO (or UN / UNA with `forma`), 1.000 → MIL, 21.000 → VEINTIÚN
 * MIL, 1.000.000 → UN MILLÓN, 10^12 → UN BILLÓN. Millions and billions are masculine nouns, so their own count says
 * UN whatever the form. Throws a RangeError for a negative, fractional or too large number.
 */
export function numeroEnLetras(valor: number | bigint, forma: FormaUno = 'uno'): string {
  if (typeof valor === 'number' && !Number.isSafeInteger(valor)) throw new RangeError(`No es un entero exacto: ${valor}`);
  const n = BigInt(valor);
  if (n < 0n || n > NUMERO_MAXIMO_LETRAS) throw new RangeError(`Número fuera de rango: ${String(valor)}`);
  if (n === 0n) return 'CERO';
  const billones = Number(n / 1_000_000_000_000n);
  const millones = Number((n / 1_000_000n) % 1_000_000n);
  const resto = Number(n % 1_000_000n);
  const partes: string[] = [];
  if (billones > 0) partes.push(billones === 1 ? 'UN BILLÓN' : `${miles(billones, 'un')} BILLONES`);
  if (millones > 0) partes.push(millones === 1 ? 'UN MILLÓN' : `${miles(millones, 'un')} MILLONES`);
  if (resto > 0) partes.push(miles(resto, forma));
  return partes.join(' ');
}

/**
 * A money amount in words as an invoice prints its total: 'UN MILLÓN DOSCIENTOS CINCUENTA MIL TRESCIENTOS PESOS CON
 * CINCUENTA CENTAVOS M/CTE' (M/CTE: moneda corriente). Singular for one (UN PESO, UN CENTAVO), 'DE PESOS' after an
 * exact million or billion, no centavos part when there are none. The amount is read to the centavo (text from
 * PostgreSQL's numeric, '1250300.50', is read exactly); a negative amount starts with MENOS.
 */
export function valorEnLetras(valor: number | string): string {
  const centavosTotales = aCentavos(valor);
  if (!Number.isSafeInteger(centavosTotales)) throw new RangeError(`Valor fuera de rango: ${String(valor)}`);
  const absoluto = Math.abs(centavosTotales);
  const pesos = Math.floor(absoluto / 100);
  const centavos = absoluto % 100;
  const exactoEnMillones = pesos >= 1_000_000 && pesos % 1_000_000 === 0;
  const nombrePesos = pesos === 1 ? 'PESO' : exactoEnMillones ? 'DE PESOS' : 'PESOS';
  let texto = `${numeroEnLetras(pesos, 'un')} ${nombrePesos}`;
  if (centavos > 0) texto += ` CON ${numeroEnLetras(centavos, 'un')} ${centavos === 1 ? 'CENTAVO' : 'CENTAVOS'}`;
  return `${centavosTotales < 0 ? 'MENOS ' : ''}${texto} M/CTE`;
}
