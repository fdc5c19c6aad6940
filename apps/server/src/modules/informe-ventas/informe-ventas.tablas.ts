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
  /** The closed days' summary (migration 202612060610): by day, store, seller and product category. */
  informe_venta_dia: CifrasResumen & { fecha: string; codigo_tienda: string; vendedor_id: number; categoria_producto_id: number | null; ventas: number };
  /** Sales billed per day, store and seller. */
  informe_venta_vendedor_dia: { fecha: string; codigo_tienda: string; vendedor_id: number; ventas: number };
  /** By day, store and product. */
  informe_producto_dia: CifrasResumen & { fecha: string; codigo_tienda: string; producto_id: number; ventas: number; cantidad: Numeric };
  /** A month's product rows, added up from its days. */
  informe_producto_mes: CifrasResumen & { mes: string; codigo_tienda: string; producto_id: number; ventas: number; cantidad: Numeric };
  /** The last day summarized (one row). */
  informe_resumen_estado: { id: Generated<boolean>; hasta: string | null };
}

/** The money of a summary row (numeric text when read). */
interface CifrasResumen {
  subtotal_facturado: Numeric;
  subtotal_devuelto: Numeric;
  subtotal: Numeric;
  impuestos: Numeric;
  total: Numeric;
  costo: Numeric;
  subtotal_con_costo: Numeric;
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends InformeVentasTablas {}
}
