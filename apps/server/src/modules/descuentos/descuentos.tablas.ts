import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** Tables of the descuentos module: the discount requests of sale lines (spec 000 §3 Discount request). */
export interface DescuentosTablas {
  descuento_solicitado: {
    id: Generated<number>;
    codigo_tienda: string;
    tercero_id: number;
    producto_id: number;
    cantidad_solicitada: Numeric;
    precio_unitario: Numeric;
    sub_total: Numeric;
    porcentaje_descuento: Numeric;
    /** The seller who asked. */
    user_id: number;
    fecha_creacion: Generated<Date>;
    aprobado: Generated<boolean>;
    aprobador_id: number | null;
    fecha_decision: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends DescuentosTablas {}
}
