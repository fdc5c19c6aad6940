import type { Generated } from 'kysely';
import type { Numeric, NumericConDefecto } from '../../db/columnas';

/** Tables of the inventario module: per-store stock and its ledger. */
export interface InventarioTablas {
  inventario: {
    codigo_tienda: string;
    producto_id: number;
    /** In the product's unit, numeric(14,2) (docs/decisions.md, Inventario): numeric text when read. */
    cantidad: NumericConDefecto;
    precio_unitario: NumericConDefecto;
    costo_inventario_unitario: NumericConDefecto;
    updated_at: Generated<Date>;
  };
  inventario_movimiento: {
    id: Generated<string>;
    codigo_tienda: string;
    producto_id: number;
    tipo_movimiento: 'INICIAL' | 'ENTRADA' | 'AJUSTE' | 'CARGA_MASIVA' | 'VENTA' | 'ANULACION' | 'DEVOLUCION';
    cantidad: Numeric;
    saldo: Numeric;
    costo_unitario: Numeric;
    user_id: number | null;
    fecha: Generated<Date>;
    motivo: string;
    documento: string | null;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends InventarioTablas {}
}
