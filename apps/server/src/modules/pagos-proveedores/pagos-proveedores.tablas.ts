import type { ColumnType, Generated } from 'kysely';
import type { Numeric } from '../../db/columnas';

/** Tables of the pagos-proveedores module: supplier payments, their sources of funds and their history. */
export interface PagosProveedoresTablas {
  pago_proveedor: {
    id: Generated<number>;
    codigo_tienda: string;
    tipo_concepto_id: number;
    proveedor_id: number;
    codigo_factura: string | null;
    /** 'YYYY-MM-DD' ('Fecha a pagar factura'). */
    fecha_factura: string;
    /** 'YYYY-MM-DD'; null for an invoice in gestion mode not yet paid. */
    fecha_pago: string | null;
    valor_total: Numeric;
    pj_iva: Numeric;
    valor_antes_iva: Numeric;
    valor_iva: Numeric;
    pj_retefuente: Numeric;
    valor_rte: Numeric;
    valor_total_pagar: Numeric;
    observaciones: string | null;
    gestion_factura: boolean;
    pago_realizado: boolean;
    usuario_responsable: number;
    usuario_actualiza: ColumnType<number | null, number | null | undefined, number | null>;
    fecha_inserta: Generated<Date>;
    fecha_actualiza: Generated<Date>;
    /** Soft delete: the row stays for the audit, out of every list and total. */
    eliminado: Generated<boolean>;
    fecha_elimina: ColumnType<Date | null, Date | null | undefined, Date | null>;
    usuario_elimina: ColumnType<number | null, number | null | undefined, number | null>;
  };
  pago_proveedor_forma_pago: {
    id: Generated<number>;
    pago_proveedor_id: number;
    forma_pago_id: number;
    valor_pagado: Numeric;
    codigo_comprobante_pago: string | null;
    /** The voucher picture's key in the attachment store ('pagos-proveedores/{uuid}.png'). */
    adjunto_comprobante_pago: string | null;
    /** Its MIME type, read from its bytes. */
    tipo_adjunto: string | null;
    /** The name it had on the user's machine. */
    nombre_adjunto: string | null;
  };
  pago_proveedor_historial: {
    id: Generated<number>;
    pago_proveedor_id: number;
    accion: 'edicion' | 'eliminacion';
    /** The payment and its methods as they were before the edit or delete (JSON written as text, read back parsed). */
    datos_anteriores: ColumnType<unknown, string, never>;
    user_id: number;
    fecha: Generated<Date>;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends PagosProveedoresTablas {}
}
