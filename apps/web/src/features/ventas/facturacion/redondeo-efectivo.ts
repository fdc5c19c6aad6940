import { aCentavos, ajusteRedondeo, dePesos, esEfectivo, redondearCentavosEfectivo, sumaFilas, type FilaDePago } from '@tablero/domain';

/**
 * The bill dialog's cash rounding (docs/decisions-redondeo-envios.md, "Redondeo del efectivo"): the amount a new
 * cash row receives, and the figures under the rows. The rule itself is the domain's (redondeo-efectivo.ts,
 * filas-pago.ts `ajusteRedondeo`), the one the server runs.
 */

/** A new row's amount: the unpaid remainder, rounded to the unit when the row is cash (the cash part is what is rounded). */
export function valorNuevaFila(restante: number, forma: FilaDePago['forma'], unidad: number | undefined): number {
  if (!unidad || !forma || !esEfectivo(forma)) return restante;
  return dePesos(redondearCentavosEfectivo(aCentavos(restante), unidad));
}

/** What the rows leave to pay of the total plus its rounding, never below 0, and the rounding itself. */
export function cifrasRedondeo(total: number, filas: readonly FilaDePago[], unidad: number | undefined): { ajuste: number; aPagar: number; porPagar: number } {
  const ajuste = ajusteRedondeo(total, filas, unidad);
  const aPagar = aCentavos(total) + aCentavos(ajuste);
  return { ajuste, aPagar: dePesos(aPagar), porPagar: dePesos(Math.max(0, aPagar - aCentavos(sumaFilas(filas)))) };
}
