import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** Tables of the abonos module: the prepaid balance's ledger (the balance itself is tercero.saldo_abono). */
export interface AbonosTablas {
  tipo_movimiento_abono: { id: number; nombre_tipo_movimiento_abono: string };
  abono_tercero: {
    id: Generated<number>;
    tercero_id: number;
    tipo_movimiento_abono_id: number;
    fecha_abono: ColumnType<string, string | undefined, never>;
    descripcion_abono: string;
    valor_abono: Numeric;
    saldo_abono: Numeric;
    venta_id: number | null;
    movimiento_origen_id: number | null;
    /** How the money came in; a type-1 row without one gets 1 Efectivo (trigger abono_tercero_anticipo). */
    forma_pago_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** Type 1 only: the advance's consecutive, given by the trigger from one sequence for the business. */
    consecutivo_anticipo: ColumnType<number | null, never, never>;
    /** The voucher or deposit code of a method that requires one. */
    codigo_comprobante: ColumnType<string | null, string | null | undefined, never>;
    codigo_tienda: string | null;
    user_id: number | null;
    fecha_inserta: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends AbonosTablas {}
}
