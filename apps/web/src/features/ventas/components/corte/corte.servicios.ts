import type { Optimizacion, Producto } from '@tablero/domain';
import { lineaSinNumerar, type ResultadoCorte } from '../../pedido/linea-pedido';

/** A service or edge material line the plan adds to the sale, before the order form numbers it. */
export type LineaServicio = ResultadoCorte['servicios'][number];

/** The products a plan's lines need: the services by reference (SERVICOR1, SERVIENC*, special services), edge material by id. */
export function productosDelPlan(optimizacion: Optimizacion): { referencias: string[]; ids: number[] } {
  const referencias = [...new Set(optimizacion.servicios.map((servicio) => servicio.referencia.trim().toUpperCase()))];
  const ids = [...new Set(optimizacion.materiales_canto.map((material) => material.producto_id))];
  return { referencias, ids };
}

/**
 * The board line's service lines (spec 000 §4.4, §9), in the plan's order: every `servicios` entry (SERVICOR1 × 1, the
 * edge services with their metres, the special services × piece quantity) and then every edge material line, each with
 * its product. `porReferencia` is keyed by the upper-case reference.
 */
export function lineasDeServicio(optimizacion: Optimizacion, porReferencia: ReadonlyMap<string, Producto>, porId: ReadonlyMap<number, Producto>): LineaServicio[] {
  const lineas: LineaServicio[] = [];
  for (const servicio of optimizacion.servicios) {
    const producto = porReferencia.get(servicio.referencia.trim().toUpperCase());
    if (!producto) throw new Error(mensajeFaltantes([servicio.referencia]));
    lineas.push(lineaSinNumerar(producto, servicio.cantidad, true));
  }
  for (const material of optimizacion.materiales_canto) {
    const producto = porId.get(material.producto_id);
    if (!producto) throw new Error(mensajeFaltantes([material.referencia]));
    lineas.push(lineaSinNumerar(producto, material.cantidad, true));
  }
  return lineas;
}

/** 'No se encontró el producto SERVIENC05 para agregar el corte a la venta', or the plural for several. */
export function mensajeFaltantes(referencias: readonly string[]): string {
  return referencias.length === 1
    ? `No se encontró el producto ${referencias[0]} para agregar el corte a la venta`
    : `No se encontraron los productos ${referencias.join(', ')} para agregar el corte a la venta`;
}

export interface BuscadoresProducto {
  /** The product with this reference, or null when there is none (404). Other failures throw. */
  porReferencia: (referencia: string) => Promise<Producto | null>;
  /** The product with this id, or null when there is none. */
  porId: (id: number) => Promise<Producto | null>;
}

/**
 * The plan's lines with their products resolved, every lookup at once (a plan has a handful; one after the other would
 * make Agregar wait for each). A missing product fails the whole Agregar with a message naming every missing reference.
 */
export async function resolverLineasDeServicio(optimizacion: Optimizacion, buscar: BuscadoresProducto): Promise<LineaServicio[]> {
  const { referencias, ids } = productosDelPlan(optimizacion);
  const [porReferencia, porId] = await Promise.all([
    Promise.all(referencias.map(async (referencia) => [referencia, await buscar.porReferencia(referencia)] as const)),
    Promise.all(ids.map(async (id) => [id, await buscar.porId(id)] as const)),
  ]);
  const faltantes = [
    ...porReferencia.filter(([, producto]) => producto === null).map(([referencia]) => referencia),
    ...porId
      .filter(([, producto]) => producto === null)
      .map(([id]) => optimizacion.materiales_canto.find((material) => material.producto_id === id)?.referencia ?? String(id)),
  ];
  if (faltantes.length > 0) throw new Error(mensajeFaltantes(faltantes));
  return lineasDeServicio(
    optimizacion,
    new Map(porReferencia.map(([referencia, producto]) => [referencia, producto!])),
    new Map(porId.map(([id, producto]) => [id, producto!])),
  );
}
