import { mesHastaHoy, AGRUPACIONES_INFORME_VENTAS, type AgrupacionInformeVentas, type CifrasInformeVentas, type FilaInformeVentas } from '@tablero/domain';
import { formatearMoneda, formatearPorcentaje } from '@/lib/formato';

/**
 * The pure rules of the sales report screen (docs/decisions-informe-ventas.md): its default range, the grouping read
 * from the address, the chart's bars and the margin's text. Every figure comes computed from the server.
 */

/** This month up to today (`hoy`, the business date). */
export const rangoInicial = mesHastaHoy;

/** The grouping the address names (?agrupar=), the seller's when it names none or another word. */
export function agrupacionDeDireccion(valor: string | null): AgrupacionInformeVentas {
  return (AGRUPACIONES_INFORME_VENTAS as readonly string[]).includes(valor ?? '') ? (valor as AgrupacionInformeVentas) : 'vendedor';
}

/** How many groups the chart shows (the table lists them all). */
export const BARRAS_EN_GRAFICO = 10;

/** One bar: the group's short name, its whole name and its net before taxes and margin. */
export interface BarraInforme {
  etiqueta: string;
  nombre: string;
  neto: number;
  margen: number | null;
}

/** The groups with the highest net before taxes (the server's order), as bars; a product is labelled by its reference. */
export function barrasInforme(filas: readonly FilaInformeVentas[], cuantas = BARRAS_EN_GRAFICO): BarraInforme[] {
  return filas.slice(0, cuantas).map((fila) => ({ etiqueta: fila.referencia ?? fila.nombre, nombre: fila.nombre, neto: fila.subtotal, margen: fila.margen }));
}

/** 'Sin costo' where no line has a cost; otherwise the margin and its percent: '$800 (40 %)'. */
export function textoMargen(cifras: Pick<CifrasInformeVentas, 'margen' | 'margen_porcentaje'>): string {
  if (cifras.margen === null) return 'Sin costo';
  return cifras.margen_porcentaje === null ? formatearMoneda(cifras.margen) : `${formatearMoneda(cifras.margen)} (${formatearPorcentaje(cifras.margen_porcentaje)})`;
}

/** The note under a margin when part of the net has no cost: '$500 sin costo'. */
export function notaSinCosto(cifras: Pick<CifrasInformeVentas, 'margen' | 'subtotal_sin_costo'>): string | null {
  return cifras.margen !== null && cifras.subtotal_sin_costo !== 0 ? `${formatearMoneda(cifras.subtotal_sin_costo)} sin costo` : null;
}
