import { ajusteRedondeo, dePesos, aCentavos, esEfectivo, type FilaDePago } from '@tablero/domain';
import type { Db } from '../../db/database';
import * as parametrosService from '../parametros';

/**
 * The cash rounding of a bill (docs/decisions-redondeo-envios.md, "Redondeo del efectivo"): the store's unit (parameter
 * REDONDEO_EFECTIVO, 1 or 50 pesos) and what these rows' cash part rounds by against the sale's exact total. The server
 * recomputes it from the total and the rows; the client's figure is never read. Without a cash row there is nothing to
 * round, so the parameter is not read (a card or credit bill costs no query for it).
 */
export async function cobroRedondeado(db: Db, totalVenta: string | number, filas: readonly FilaDePago[]): Promise<{ unidad: number | undefined; ajuste: number }> {
  if (!filas.some((fila) => fila.forma && esEfectivo(fila.forma))) return { unidad: undefined, ajuste: 0 };
  const unidad = (await parametrosService.leerUnidadRedondeoEfectivo(db)) ?? undefined;
  return { unidad, ajuste: ajusteRedondeo(dePesos(aCentavos(totalVenta)), filas, unidad) };
}
