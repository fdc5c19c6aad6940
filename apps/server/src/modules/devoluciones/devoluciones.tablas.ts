import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';
import type { OrigenDevolucion } from '@tablero/domain';

/** Tables of the devoluciones module: the money an annulment gives back, one row per method (migration 202612020100). */
export interface DevolucionesTablas {
  devolucion_dinero: {
    id: Generated<number>;
    /** The store whose drawer the money leaves: the one that annuls. */
    codigo_tienda: string;
    /** The business day it went back (ZONA_NEGOCIO), set by PostgreSQL's clock at the write. */
    fecha: ColumnType<string, string, never>;
    origen: OrigenDevolucion;
    /** The sale, the credit payment (cuenta_credito_movimiento type 2) or the advance (abono_tercero type 1). */
    origen_id: number;
    forma_pago_id: number;
    valor: Numeric;
    /** A sale's partial return (ventas' devolucion_venta, migration 202612030500); null for an annulment. */
    devolucion_venta_id: number | null;
    usuario_id: number | null;
    created_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends DevolucionesTablas {}
}
