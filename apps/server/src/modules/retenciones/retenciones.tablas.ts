import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** Tables of the retenciones module (migration 202612060300, docs/decisions-retenciones.md). */
export interface RetencionesTablas {
  /** A customer's settings as a withholding agent. */
  tercero_retencion: {
    tercero_id: number;
    agente_retencion: boolean;
    concepto_retefuente: string | null;
    aplica_reteiva: boolean;
    tarifa_reteica_por_mil: Numeric | null;
    user_id: number | null;
    updated_at: Generated<Date>;
  };
  /** A withholding recorded against a sale, at billing or with a credit payment. */
  retencion_venta: {
    id: Generated<number>;
    venta_id: number;
    codigo_tienda: string;
    tipo: string;
    concepto: string | null;
    base: Numeric;
    tarifa: Numeric;
    valor: Numeric;
    momento: 'FACTURA' | 'ABONO';
    cuenta_credito_movimiento_id: number | null;
    fecha: ColumnType<string, string, string>;
    user_id: number | null;
    anulada: Generated<boolean>;
    fecha_anula: Date | null;
    usuario_anula: number | null;
    created_at: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends RetencionesTablas {}
}
