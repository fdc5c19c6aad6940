import type { ClasificacionInventario, SiigoImpuesto } from '@tablero/domain';
import type { Db } from '../../db/database';
import * as repositorio from './siigo.repository';

/**
 * The accounting system's lookups, kept in our database. The connection that refreshes them (sincronizar)
 * comes with the accounting-system issue; until then they hold the demo values.
 */
export function listarClasificacionesInventario(db: Db): Promise<ClasificacionInventario[]> {
  return repositorio.listClasificacionesActivas(db);
}

export async function listarImpuestos(db: Db): Promise<SiigoImpuesto[]> {
  const filas = await repositorio.listImpuestosActivos(db);
  return filas.map((fila) => ({ ...fila, porcentaje_impuesto: Number(fila.porcentaje_impuesto) }));
}
