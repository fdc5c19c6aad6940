import type { Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** Tables of the informe-ventas module: the commission rates (migration 202612060600_informe_ventas). */
export interface InformeVentasTablas {
  /** The commission rate of one seller or one product category (exactly one of the two is set). */
  comision_venta: {
    id: Generated<number>;
    vendedor_id: number | null;
    categoria_producto_id: number | null;
    porcentaje: Numeric;
    user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends InformeVentasTablas {}
}
