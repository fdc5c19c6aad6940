import { leerNumero } from '../numeros';
import { dePesos, leerPesos, VALOR_MAXIMO_PESOS } from '../dinero';
import { CANTIDAD_MAXIMA } from '../limites';

/**
 * Totals of a sale, computed once here for the sales form (web) and the server (spec 000 §9 "Order totals").
 * Pure: no I/O, no clock, no zod.
 *
 * RULES, per line (spec §9):
 *   valor_bruto           = cantidad × precio_unitario
 *   valor_descuento       = valor_bruto × porcentaje_descuento / 100
 *   valor_subtotal        = valor_bruto − valor_descuento
 *   valor_impuesto        = valor_subtotal × porcentaje_impuesto / 100
 *   valor_otros_impuestos = valor_subtotal × porcentaje_impuesto_adicional / 100   (the order-level tax, per line)
 *   valor_total           = valor_subtotal + valor_impuesto + valor_otros_impuestos
 * and for the order, exact sums of the line amounts:
 *   total_subtotal_venta = Σ valor_subtotal          total_descuento             = Σ valor_descuento
 *   total_impuestos_venta = Σ valor_impuesto         total_otros_impuestos_venta = Σ valor_otros_impuestos
 *   total_venta = total_subtotal_venta + total_impuestos_venta + total_otros_impuestos_venta  (= Σ valor_total)
 *
 * WHERE ROUNDING HAPPENS. Only at the line, to the centavo, half away from zero (every amount here is ≥ 0, so half
 * up: 10.005 → 10.01), and each line amount is computed from the ROUNDED amount before it:
 *   1. valor_bruto: the exact product cantidad × precio_unitario (2 × 5 decimals) rounded once;
 *   2. valor_descuento: the rounded valor_bruto × % rounded;
 *   3. valor_subtotal: valor_bruto − valor_descuento, a difference of centavos, so nothing to round;
 *   4. valor_impuesto and valor_otros_impuestos: the rounded valor_subtotal × % , each rounded;
 *   5. valor_total and every order total: sums of integer centavos, nothing to round.
 * Why: the invoice prints the line amounts, and a reader must be able to redo the invoice from what it prints (the
 * discount is the printed % of the printed gross, the tax the printed % of the printed subtotal) and the totals
 * must equal the sums of the printed columns to the centavo. Rounding the totals separately (tax on the order's
 * subtotal, or sums of unrounded amounts) can differ from the sum of the lines by a centavo per line. The price of
 * that choice is that the order tax may differ by a few centavos from "order subtotal × %": the lines win.
 *
 * NAMES (spec 000 §3). The Sale form carries total_subtotal_venta, total_descuento, total_impuestos_venta,
 * total_otros_impuestos_venta and total_venta. The Sale header stores total_venta_neta and total_venta_bruta; our
 * reading: the bill dialog says the payments must add up to "the gross total of the sale", and the sale lists show
 * "subtotal, total discount, total tax, total", so total_venta_bruta is what the customer pays (= total_venta, taxes
 * included) and total_venta_neta is the amount before taxes and after discounts (= total_subtotal_venta). The
 * header's total_impuestos is total_impuestos_venta (the lines' own tax); the month view's total_otros_impuestos is
 * total_otros_impuestos_venta.
 *
 * EXACTNESS. Inputs are read from their decimal text (a number through its shortest round-trip text, as leerPesos
 * does; PostgreSQL numeric text as it is), never through a float product, and scaled to integers: cantidad × 100,
 * precio × 10^5, percentages × 100. A price of VALOR_MAXIMO_PESOS with 5 decimals is ~10^17 and its product with a
 * quantity ~10^28, beyond the 2^53 a double holds exactly, so everything up to the centavo is BigInt. Every line
 * amount and order total must be at most VALOR_MAXIMO_PESOS (its centavos, 10^14, are far below 2^53), so the
 * centavos convert back to a number exactly and pesos are dePesos(centavos): at most 2 decimals. An input outside
 * the limits below, or an amount beyond VALOR_MAXIMO_PESOS, throws a RangeError (TotalesFueraDeRango): the caller
 * validates its fields first (the form's inputs, the server's schemas, which also decide business minimums such as
 * a product line's quantity being a whole number ≥ 1); this function only refuses what it cannot compute exactly.
 * Cost: a handful of BigInt operations per line; 150 lines take well under a millisecond.
 */

/** Decimals a line quantity may carry (service lines sell metres of edge band, numeric(12,2)). */
export const DECIMALES_CANTIDAD_LINEA = 2;
/** Largest line quantity: the units a quantity field takes (limites.ts). */
export const CANTIDAD_MAXIMA_LINEA = CANTIDAD_MAXIMA;
/** Decimals a unit price may carry (spec 000 §5: currency inputs allow up to 5 decimals). */
export const DECIMALES_PRECIO_UNITARIO = 5;
/** Largest unit price: the largest money amount (dinero.ts). */
export const PRECIO_UNITARIO_MAXIMO = VALOR_MAXIMO_PESOS;
/** Decimals a percentage (discount, tax, additional tax) may carry: 19, 16.5, 12.25. */
export const DECIMALES_PORCENTAJE = 2;
/** Percentages go from 0 to 100. */
export const PORCENTAJE_MAXIMO = 100;
/** Largest line amount and order total (each is one numeric(18,2) amount): VALOR_MAXIMO_PESOS. */
export const TOTAL_MAXIMO_PESOS = VALOR_MAXIMO_PESOS;

/** What a line contributes to the totals; the Order line's own names. Numbers or numeric text ('2500.12345'). */
export interface LineaParaTotales {
  cantidad: number | string;
  precio_unitario: number | string;
  /** From an approved discount request; 0 when none. */
  porcentaje_descuento: number | string;
  /** The line product's tax: 19, 0, 16.5… */
  porcentaje_impuesto: number | string;
}

export interface VentaParaTotales {
  lineas: readonly LineaParaTotales[];
  /** The order-level additional tax (Sale form impuesto_adicional_id's percentage); 0 when none. */
  porcentaje_impuesto_adicional: number | string;
}

/** A line's amounts in pesos, at most 2 decimals. */
export interface TotalesLinea {
  valor_bruto: number;
  valor_descuento: number;
  valor_subtotal: number;
  valor_impuesto: number;
  valor_otros_impuestos: number;
  valor_total: number;
}

/** The order's totals in pesos, at most 2 decimals: the Sale form's five fields and the Sale header's two. */
export interface TotalesVenta {
  total_subtotal_venta: number;
  total_descuento: number;
  total_impuestos_venta: number;
  total_otros_impuestos_venta: number;
  total_venta: number;
  /** What the customer pays: = total_venta. */
  total_venta_bruta: number;
  /** Before taxes, after discounts: = total_subtotal_venta. */
  total_venta_neta: number;
}

export interface ResultadoTotalesVenta {
  /** One per input line, in the same order. */
  lineas: TotalesLinea[];
  totales: TotalesVenta;
}

/** The Sale form's totals, which a client sends and the server recomputes (see totalesIguales). */
export const CAMPOS_TOTALES_VENTA = [
  'total_subtotal_venta',
  'total_descuento',
  'total_impuestos_venta',
  'total_otros_impuestos_venta',
  'total_venta',
] as const satisfies readonly (keyof TotalesVenta)[];

export type CampoTotalesVenta = (typeof CAMPOS_TOTALES_VENTA)[number];

/** An input the totals cannot be computed from exactly, or an amount beyond TOTAL_MAXIMO_PESOS. */
export class TotalesFueraDeRango extends RangeError {
  constructor(
    readonly campo: string,
    message: string,
  ) {
    super(message);
    this.name = 'TotalesFueraDeRango';
  }
}

const CIEN = 100n;
const ESCALA_CANTIDAD = 10n ** BigInt(DECIMALES_CANTIDAD_LINEA);
const ESCALA_PRECIO = 10n ** BigInt(DECIMALES_PRECIO_UNITARIO);
const ESCALA_PORCENTAJE = 10n ** BigInt(DECIMALES_PORCENTAJE);
/** cantidad·10² × precio·10⁵ is the gross in 10⁻⁷ pesos; dividing by this gives centavos. */
const DIVISOR_BRUTO = (ESCALA_CANTIDAD * ESCALA_PRECIO) / CIEN;
/** centavos × porcentaje·10² / this = centavos × porcentaje / 100. */
const DIVISOR_PORCENTAJE = ESCALA_PORCENTAJE * CIEN;
const CENTAVOS_MAXIMOS = BigInt(TOTAL_MAXIMO_PESOS) * CIEN;

/** n / d rounded half away from zero (d > 0). */
function dividirRedondeando(n: bigint, d: bigint): bigint {
  const cociente = n / d; // truncates toward zero
  const resto = n % d;
  const absResto = resto < 0n ? -resto : resto;
  if (2n * absResto >= d) return n < 0n ? cociente - 1n : cociente + 1n;
  return cociente;
}

/**
 * A non-negative decimal scaled to an integer with `decimales` decimals (12.35 with 2 → 1235n), read from its text.
 * Numbers through their shortest round-trip text (0.29 → '0.29'); text may carry thousands commas ('1,250.5').
 * Trailing zeros do not count as decimals ('1.500' has 1).
 */
function leerEscalado(valor: number | string, decimales: number, maximo: number, campo: string): bigint {
  let texto: string;
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor)) throw new TotalesFueraDeRango(campo, `${campo} no es un número`);
    texto = Object.is(valor, -0) ? '0' : String(valor);
    // Exponent forms are 1e-7 and smaller (too many decimals) or 1e21 and larger (beyond every maximum here).
    if (/e/i.test(texto)) throw new TotalesFueraDeRango(campo, `${campo} fuera de rango: ${texto}`);
  } else if (typeof valor === 'string') {
    const lectura = leerNumero(valor, { decimales: Infinity, negativos: true, maximo: Infinity });
    if (lectura.error !== null || lectura.valor === null) throw new TotalesFueraDeRango(campo, `${campo} no es un número`);
    texto = lectura.texto;
  } else {
    throw new TotalesFueraDeRango(campo, `${campo} no es un número`);
  }
  const partes = /^(-?)(\d+)(?:\.(\d+))?$/.exec(texto);
  if (!partes) throw new TotalesFueraDeRango(campo, `${campo} no es un número`);
  const [, signo = '', enteros = '0', conCeros = ''] = partes;
  const fraccion = conCeros.replace(/0+$/, '');
  if (fraccion.length > decimales) {
    throw new TotalesFueraDeRango(campo, `${campo} admite máximo ${decimales} decimales: ${texto}`);
  }
  const escalado = BigInt(enteros) * 10n ** BigInt(decimales) + BigInt(fraccion.padEnd(decimales, '0') || '0');
  if (signo === '-' && escalado !== 0n) throw new TotalesFueraDeRango(campo, `${campo} no puede ser negativo`);
  if (escalado > BigInt(maximo) * 10n ** BigInt(decimales)) {
    throw new TotalesFueraDeRango(campo, `${campo} supera el máximo ${maximo}: ${texto}`);
  }
  return escalado;
}

function aNumeroCentavos(centavos: bigint, campo: string): number {
  if (centavos > CENTAVOS_MAXIMOS) {
    throw new TotalesFueraDeRango(campo, `${campo} supera el valor máximo ${TOTAL_MAXIMO_PESOS}`);
  }
  return Number(centavos);
}

interface CentavosLinea {
  bruto: bigint;
  descuento: bigint;
  subtotal: bigint;
  impuesto: bigint;
  otros: bigint;
  total: bigint;
}

function centavosLinea(linea: LineaParaTotales, adicional: bigint, n: number): CentavosLinea {
  const campo = (nombre: string) => `lineas[${n}].${nombre}`;
  const cantidad = leerEscalado(linea.cantidad, DECIMALES_CANTIDAD_LINEA, CANTIDAD_MAXIMA_LINEA, campo('cantidad'));
  const precio = leerEscalado(
    linea.precio_unitario,
    DECIMALES_PRECIO_UNITARIO,
    PRECIO_UNITARIO_MAXIMO,
    campo('precio_unitario'),
  );
  const pctDescuento = leerEscalado(
    linea.porcentaje_descuento,
    DECIMALES_PORCENTAJE,
    PORCENTAJE_MAXIMO,
    campo('porcentaje_descuento'),
  );
  const pctImpuesto = leerEscalado(
    linea.porcentaje_impuesto,
    DECIMALES_PORCENTAJE,
    PORCENTAJE_MAXIMO,
    campo('porcentaje_impuesto'),
  );
  const bruto = dividirRedondeando(cantidad * precio, DIVISOR_BRUTO);
  const descuento = dividirRedondeando(bruto * pctDescuento, DIVISOR_PORCENTAJE);
  const subtotal = bruto - descuento;
  const impuesto = dividirRedondeando(subtotal * pctImpuesto, DIVISOR_PORCENTAJE);
  const otros = dividirRedondeando(subtotal * adicional, DIVISOR_PORCENTAJE);
  return { bruto, descuento, subtotal, impuesto, otros, total: subtotal + impuesto + otros };
}

/**
 * The sale's line amounts and totals (rules and rounding in this file's header). Throws TotalesFueraDeRango for an
 * input with more decimals than its limit, negative, beyond its maximum or no number, and when a line amount or a
 * total exceeds TOTAL_MAXIMO_PESOS. No lines: every total 0.
 */
export function calcularTotalesVenta(venta: VentaParaTotales): ResultadoTotalesVenta {
  const adicional = leerEscalado(
    venta.porcentaje_impuesto_adicional,
    DECIMALES_PORCENTAJE,
    PORCENTAJE_MAXIMO,
    'porcentaje_impuesto_adicional',
  );
  const suma = { descuento: 0n, subtotal: 0n, impuesto: 0n, otros: 0n };
  const lineas = venta.lineas.map((linea, n): TotalesLinea => {
    const c = centavosLinea(linea, adicional, n);
    suma.descuento += c.descuento;
    suma.subtotal += c.subtotal;
    suma.impuesto += c.impuesto;
    suma.otros += c.otros;
    const pesos = (centavos: bigint, nombre: string) => dePesos(aNumeroCentavos(centavos, `lineas[${n}].${nombre}`));
    return {
      valor_bruto: pesos(c.bruto, 'valor_bruto'),
      valor_descuento: pesos(c.descuento, 'valor_descuento'),
      valor_subtotal: pesos(c.subtotal, 'valor_subtotal'),
      valor_impuesto: pesos(c.impuesto, 'valor_impuesto'),
      valor_otros_impuestos: pesos(c.otros, 'valor_otros_impuestos'),
      valor_total: pesos(c.total, 'valor_total'),
    };
  });
  const total = suma.subtotal + suma.impuesto + suma.otros;
  const pesos = (centavos: bigint, nombre: string) => dePesos(aNumeroCentavos(centavos, nombre));
  const totalVenta = pesos(total, 'total_venta');
  const subtotalVenta = pesos(suma.subtotal, 'total_subtotal_venta');
  return {
    lineas,
    totales: {
      total_subtotal_venta: subtotalVenta,
      total_descuento: pesos(suma.descuento, 'total_descuento'),
      total_impuestos_venta: pesos(suma.impuesto, 'total_impuestos_venta'),
      total_otros_impuestos_venta: pesos(suma.otros, 'total_otros_impuestos_venta'),
      total_venta: totalVenta,
      total_venta_bruta: totalVenta,
      total_venta_neta: subtotalVenta,
    },
  };
}

/** Totals as a payload may carry them: numbers or numeric text, the derived header fields optional. */
export type TotalesComparables = Record<CampoTotalesVenta, unknown> &
  Partial<Record<'total_venta_bruta' | 'total_venta_neta', unknown>>;

/**
 * Whether two sets of totals agree to the centavo on every Sale form total (CAMPOS_TOTALES_VENTA), and on
 * total_venta_bruta / total_venta_neta when both carry them. A value that is no amount, or that has more than
 * DECIMALES_DINERO decimals (10.005), is never equal: it is not rounded into agreement. The server refuses a payload
 * whose totals are not totalesIguales to its own calcularTotalesVenta.
 */
export function totalesIguales(a: TotalesComparables, b: TotalesComparables): boolean {
  const iguales = (x: unknown, y: unknown) => {
    const cx = leerPesos(x);
    const cy = leerPesos(y);
    return typeof cx === 'number' && cx === cy;
  };
  if (!CAMPOS_TOTALES_VENTA.every((campo) => iguales(a[campo], b[campo]))) return false;
  for (const campo of ['total_venta_bruta', 'total_venta_neta'] as const) {
    if (a[campo] !== undefined && b[campo] !== undefined && !iguales(a[campo], b[campo])) return false;
  }
  return true;
}
