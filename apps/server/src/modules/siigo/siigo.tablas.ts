import type { Generated } from 'kysely';
import type { NumericConDefecto } from '../../db/columnas';

/** Tables of the siigo module: the accounting system's inventory classifications and taxes. */
export interface SiigoTablas {
  siigo_clasificacion_inventario: { id: number; nombre: string; activo: Generated<boolean> };
  siigo_impuesto: { id: number; nombre: string; porcentaje_impuesto: NumericConDefecto; activo: Generated<boolean> };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends SiigoTablas {}
}
