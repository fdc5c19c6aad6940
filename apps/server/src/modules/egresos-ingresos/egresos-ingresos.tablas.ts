import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** A calendar date column: pg answers 'YYYY-MM-DD' (db/database.ts). */
type Fecha = string;

/** Tables of the egresos-ingresos module: expenses, income, and the previous values of each edit. */
export interface EgresosIngresosTablas {
  egreso: {
    id: Generated<number>;
    codigo_tienda: string;
    fecha_egreso: Fecha;
    forma_pago_id: number;
    valor_egreso: Numeric;
    descripcion_egreso: string;
    /** Who recorded it (spec 002 §3 usuario_responsable); an edit does not change it. */
    usuario_responsable: number;
    /** Who edited it last; null until edited. */
    usuario_actualiza: ColumnType<number | null, number | null | undefined, number | null>;
    fecha_inserta: Generated<Date>;
    fecha_actualiza: Generated<Date>;
  };
  egreso_historial: {
    id: Generated<number>;
    egreso_id: number;
    fecha_egreso: Fecha;
    forma_pago_id: number;
    valor_egreso: Numeric;
    descripcion_egreso: string;
    /** Who made the edit these values were replaced by. */
    user_id: number;
    fecha: Generated<Date>;
  };
  ingreso: {
    id: Generated<number>;
    codigo_tienda: string;
    fecha_ingreso: Fecha;
    forma_pago_id: number;
    valor_ingreso: Numeric;
    descripcion_ingreso: string;
    usuario_responsable: number;
    usuario_actualiza: ColumnType<number | null, number | null | undefined, number | null>;
    fecha_inserta: Generated<Date>;
    fecha_actualiza: Generated<Date>;
  };
  ingreso_historial: {
    id: Generated<number>;
    ingreso_id: number;
    fecha_ingreso: Fecha;
    forma_pago_id: number;
    valor_ingreso: Numeric;
    descripcion_ingreso: string;
    user_id: number;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends EgresosIngresosTablas {}
}
