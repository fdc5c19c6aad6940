import { aCentavos, dePesos } from '../dinero';

/**
 * spec 001 §3 Producto: the price with tax shown is price plus price times the tax percent (0 without tax),
 * computed in integer centavos and rounded to the centavo.
 */
export function precioConImpuesto(precio: number | string, porcentaje: number | string | null | undefined): number {
  const centavos = aCentavos(precio);
  const pct = Number(porcentaje ?? 0) || 0;
  // Percent has at most one decimal (step 0.1): scale it to an integer to avoid float drift.
  const impuesto = Math.round((centavos * Math.round(pct * 10)) / 1000);
  return dePesos(centavos + impuesto);
}
