import type { Db } from '../../db/database';

/** Only active entries are offered (spec 001 §3 Lookups). */
export function listClasificacionesActivas(db: Db) {
  return db.selectFrom('siigo_clasificacion_inventario').select(['id', 'nombre', 'activo']).where('activo', '=', true).orderBy('nombre').execute();
}

export function listImpuestosActivos(db: Db) {
  return db.selectFrom('siigo_impuesto').select(['id', 'nombre', 'porcentaje_impuesto', 'activo']).where('activo', '=', true).orderBy('nombre').execute();
}
