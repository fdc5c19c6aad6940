import type { Numeric, NumericConDefecto } from '../../db/columnas';

/**
 * Tables of the dashboard module: the daily summary of the sales (migration 202611270300_create_reportes_dinero). No
 * module writes them: statement triggers on venta and venta_detalle keep them in every write's own transaction.
 */
export interface DashboardTablas {
  /**
   * Per day (Bogotá) and store: the sales billed that day (states 2, 3 and 6) and their totals; the sales annulled that
   * day (by fecha_anulacion, whatever their billing day) and their totals (migration 202612020600_resumen_anulaciones_del_dia).
   */
  resumen_venta_dia: {
    fecha: string;
    codigo_tienda: string;
    facturadas: number;
    total_venta: Numeric;
    total_subtotal_venta: Numeric;
    anuladas: number;
    total_anuladas: Numeric;
    total_subtotal_anuladas: NumericConDefecto;
  };
  /** Per day (Bogotá), store and product: the quantity billed that day minus the quantity annulled that day (may be negative). */
  resumen_producto_dia: {
    fecha: string;
    codigo_tienda: string;
    producto_id: number;
    cantidad: Numeric;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends DashboardTablas {}
}
