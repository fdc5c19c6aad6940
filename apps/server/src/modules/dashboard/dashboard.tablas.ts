import type { Numeric } from '../../db/columnas';

/**
 * Tables of the dashboard module: the daily summary of the sales (migration 202611270300_create_reportes_dinero). No
 * module writes them: statement triggers on venta and venta_detalle keep them in every write's own transaction.
 */
export interface DashboardTablas {
  /** Per billing day (Bogotá) and store: billed sales (states 2 and 6) and their totals, annulled ones (3) apart. */
  resumen_venta_dia: {
    fecha: string;
    codigo_tienda: string;
    facturadas: number;
    total_venta: Numeric;
    total_subtotal_venta: Numeric;
    anuladas: number;
    total_anuladas: Numeric;
  };
  /** Per billing day (Bogotá), store and product: the quantity the billed sales sold. */
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
