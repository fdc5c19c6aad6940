import { z } from 'zod';

/**
 * Cash rounding (docs/decisions-redondeo-envios.md, "Redondeo del efectivo"). Colombian coins have no centavos (the
 * smallest coin Banco de la República issues is $50), so the cash part of a bill is rounded DOWN to the store's unit
 * (parameter REDONDEO_EFECTIVO: 1 or 50 pesos): the SIC's Circular Única (Título II, 2.3, Circular Externa 007 de
 * 2017) forbids change below what the sum gives and asks the rounding to go to the customer, so the shop gives up
 * the fraction, never the customer. The invoice keeps its exact totals; the difference is a payment
 * adjustment of its own (`venta.ajuste_redondeo`, signed: what the cash rows charge minus what was due in cash).
 * Everything here works in integer centavos.
 */

/** The parameter that holds the unit, and the units a store may choose. */
export const PARAMETRO_REDONDEO_EFECTIVO = 'REDONDEO_EFECTIVO';
export const UNIDADES_REDONDEO_EFECTIVO = [1, 50] as const;
export type UnidadRedondeoEfectivo = (typeof UNIDADES_REDONDEO_EFECTIVO)[number];
/**
 * The unit the migration writes for every database (202612060200): cash rounds to the peso unless the business
 * chooses $50; a stored value the screen would refuse also rounds to the peso.
 */
export const UNIDAD_REDONDEO_POR_DEFECTO: UnidadRedondeoEfectivo = 1;

export const MENSAJES_REDONDEO = {
  parametro: 'El redondeo del efectivo debe ser 1 (al peso) o 50 (a los $50)',
  /** The bill dialog's and the PDF's line. */
  etiqueta: 'Ajuste al peso (redondeo del efectivo)',
} as const;

/** The unit a parameter's text names, or null when it names none ('1', '50'; spaces allowed). */
export function unidadRedondeoDeTexto(valor: string | null | undefined): UnidadRedondeoEfectivo | null {
  const texto = (valor ?? '').trim();
  return (UNIDADES_REDONDEO_EFECTIVO as readonly number[]).includes(Number(texto)) && /^\d+$/.test(texto) ? (Number(texto) as UnidadRedondeoEfectivo) : null;
}

/**
 * The unit to bill with: the parameter's, an unreadable one to the peso; null when the parameter row does not exist
 * (undefined or null here): cash is then billed to the centavo, as before the rounding existed (docs/decisions-
 * redondeo-envios.md: every database gets the row with '1' from its migration; only the API tests' template drops it).
 */
export const leerUnidadRedondeo = (valor: string | null | undefined): UnidadRedondeoEfectivo | null =>
  valor === null || valor === undefined ? null : (unidadRedondeoDeTexto(valor) ?? UNIDAD_REDONDEO_POR_DEFECTO);

/**
 * Centavos rounded down, in the customer's favour, to a multiple of `unidad` pesos: 10,033.99 → 10,033 (unit 1);
 * 10,049.99 → 10,000 and 10,050 → 10,050 (unit 50). Only for amounts ≥ 0 (what is due in cash).
 */
export function redondearCentavosEfectivo(centavos: number, unidad: number): number {
  const paso = unidad * 100;
  return Math.floor(centavos / paso) * paso;
}

/**
 * The rounding of a bill, in centavos: 0 without cash; otherwise the cash due (the total less what the other methods
 * pay, so in a mixed payment only the cash part is rounded) rounded, less that due: 0 or negative (the customer pays a
 * little less in cash, never more).
 */
export function ajusteRedondeoCentavos(totalCentavos: number, noEfectivoCentavos: number, hayEfectivo: boolean, unidad: number): number {
  if (!hayEfectivo) return 0;
  const debidoEfectivo = totalCentavos - noEfectivoCentavos;
  if (debidoEfectivo <= 0) return 0;
  return redondearCentavosEfectivo(debidoEfectivo, unidad) - debidoEfectivo;
}

/**
 * The books' figure of the cash rounding (cuadre de caja, cierre de mes): the cash the drawer received (the cash rows,
 * rounded), the rounding apart, and the cash billed (the invoices' part paid in cash): recibido − ajuste = facturado.
 */
export const redondeoEfectivoResumenSchema = z.object({
  /** What the billed sales' cash rows received (rounded amounts). */
  efectivo_recibido: z.number(),
  /** The sum of their roundings, signed. */
  ajuste_redondeo: z.number(),
  /** The invoices' part paid in cash: efectivo_recibido − ajuste_redondeo. */
  efectivo_facturado: z.number(),
  /** How many sales were rounded. */
  cantidad_ventas: z.number().int(),
});
export type RedondeoEfectivoResumen = z.infer<typeof redondeoEfectivoResumenSchema>;
