import type { ColumnType, Generated } from 'kysely';
import type { Numeric, NumericConDefecto } from '../../db/columnas';

/** Tables of the cuentas-credito module: credit accounts, their ledger and the payment methods of its payments. */
export interface CuentasCreditoTablas {
  cuenta_credito: {
    id: Generated<number>;
    tercero_id: number;
    total_cupo_permitido: Numeric;
    total_credito: NumericConDefecto;
    /** The term in whole days a credit sale of this account is due after its billing day (migration 202612030200). */
    plazo_dias: Generated<number>;
    user_id: number | null;
    fecha_creacion: Generated<Date>;
    updated_at: Generated<Date>;
  };
  tipo_movimiento_credito: { id: number; nombre_tipo_movimiento_credito: string };
  cuenta_credito_movimiento: {
    id: Generated<number>;
    cuenta_credito_id: number;
    tipo_movimiento_credito_id: number;
    venta_id: number | null;
    descripcion_movimiento: string;
    valor_movimiento: Numeric;
    saldo_credito: Numeric;
    movimiento_origen_id: number | null;
    fecha_movimiento: ColumnType<string, string | undefined, never>;
    observacion: string | null;
    codigo_tienda: string | null;
    user_id: number | null;
    fecha_inserta: Generated<Date>;
  };
  /** The payment methods of a payment (type 2): they add up to it (checked at commit). */
  cuenta_credito_movimiento_forma_pago: {
    id: Generated<number>;
    cuenta_credito_movimiento_id: number;
    forma_pago_id: number;
    valor_pagado: Numeric;
    codigo_comprobante: string | null;
    fecha_consignacion: string | null;
    /** The prepaid balance's spend (abono_tercero type 2) when this is the advance method. */
    abono_tercero_id: number | null;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends CuentasCreditoTablas {}
}
