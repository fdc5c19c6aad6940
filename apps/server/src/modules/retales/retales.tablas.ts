import type { Generated } from 'kysely';
import type { EstadoRetal, OrigenRetal, TipoMovimientoRetal } from '@tablero/domain';

/** Tables of the retales module: the offcut inventory and its ledger (docs/decisions-retales.md). */
export interface RetalesTablas {
  retal: {
    id: Generated<number>;
    codigo: string;
    codigo_tienda: string;
    producto_id: number;
    base: number;
    altura: number;
    estado: EstadoRetal;
    origen: OrigenRetal;
    venta_origen_id: number | null;
    optimizacion_id: number | null;
    numero_tablero: number | null;
    /** The leftover's index on its board in the plan (the code's letter). */
    indice: number | null;
    venta_uso_id: number | null;
    ubicacion: string | null;
    observacion: string | null;
    user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Append-only: every change of an offcut's state or size, one writer (retales.repository.ts). */
  retal_movimiento: {
    id: Generated<number>;
    retal_id: number;
    tipo: TipoMovimientoRetal;
    estado_anterior: EstadoRetal | null;
    estado_nuevo: EstadoRetal;
    base: number;
    altura: number;
    venta_id: number | null;
    motivo: string | null;
    user_id: number | null;
    codigo_tienda: string;
    fecha: Generated<Date>;
  };
  /** The inventory offcuts a plan uses. */
  optimizacion_retal: { optimizacion_id: number; retal_id: number };
  /** A sale whose plans were cut: cutting happens once. */
  retal_corte_venta: { venta_id: number; fecha: Generated<Date>; user_id: number | null };
  /** A set of offcuts whose labels one signed link prints. */
  retal_etiquetas: { id: Generated<number>; codigo_tienda: string; retal_ids: number[]; user_id: number | null; fecha: Generated<Date> };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends RetalesTablas {}
}
