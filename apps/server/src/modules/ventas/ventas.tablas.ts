import type { ColumnType, Generated } from 'kysely';
import type { CanalEnvio, DocumentoEnvio, EstadoEnvio, TipoDocumentoNumeracion } from '@tablero/domain';
import type { Numeric, NumericConDefecto } from '../../db/columnas';

/**
 * A line's amounts (spec 000 §3 Sale detail): a sale line's, and a returned line's share of them
 * (docs/decisions-factura-electronica.md "Devolución parcial").
 */
interface ImportesLinea {
  valor_bruto: Numeric;
  valor_descuento: Numeric;
  valor_subtotal: Numeric;
  valor_impuesto: Numeric;
  valor_otros_impuestos: Numeric;
  valor_total: Numeric;
}

/** Tables of the ventas module: sales, their lines, tasks and state history, and the two lookups. */
export interface VentasTablas {
  estado_venta: { id: number; nombre_estado_venta: string };
  /**
   * Every invoice prefix a sale has carried (migration 202612090300_venta_prefijos): kept by venta's trigger, read by
   * the billing list's search to skip the sale's own numbers when no prefix can hold the word.
   */
  venta_prefijo: { prefijo: string };
  /**
   * Pendiente por facturar's footer per store, state and day of fecha_venta (Bogotá), for the states 2 and 3 (without
   * annulled quotations) (migration 202612090400_resumen_lista_facturas): kept by venta's statement triggers.
   */
  resumen_lista_facturas: {
    codigo_tienda: string;
    estado_venta_id: number;
    dia: string;
    ventas: string;
    total_subtotal_venta: Numeric;
    total_descuento: Numeric;
    total_impuestos_venta: Numeric;
    total_venta: Numeric;
  };
  /** The order form's draft (migration 202612050100, docs/decisions.md "Borrador del pedido"). */
  pedido_borrador: {
    id: Generated<number>;
    usuario_id: number;
    codigo_tienda: string;
    venta_id: number | null;
    tercero_id: number;
    /** jsonb: the form's state; written as its JSON text. */
    contenido: ColumnType<Record<string, unknown>, string, string>;
    fecha_actualiza: ColumnType<Date, Date | undefined, Date>;
  };
  tipo_pago: { id: number; nombre_tipo_pago: string };
  forma_pago: {
    id: number;
    nombre_forma_pago: string;
    requiere_codigo_comprobante: boolean;
    forma_abono: boolean;
    forma_credito: boolean;
    activo: boolean;
    /** DIAN's MediosPago code (PaymentMeansCode of the e-invoice). */
    codigo_medio_pago_dian: Generated<string>;
  };
  venta: {
    id: Generated<number>;
    codigo_tienda: string;
    cliente_id: number;
    vendedor_id: number;
    fecha_venta: Generated<Date>;
    estado_venta_id: ColumnType<number, number | undefined, number>;
    tipo_pago_id: ColumnType<number, number | undefined, number>;
    impuesto_adicional_id: number | null;
    porcentaje_impuesto_adicional: NumericConDefecto;
    observacion_venta: string | null;
    total_subtotal_venta: NumericConDefecto;
    total_descuento: NumericConDefecto;
    total_impuestos_venta: NumericConDefecto;
    total_otros_impuestos_venta: NumericConDefecto;
    total_venta: NumericConDefecto;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    // Billing (migration 202611231800_create_facturacion): the document, the mode and the change; null until billed.
    tipo_documento: TipoDocumentoNumeracion | null;
    rango_numeracion_id: number | null;
    prefijo_factura_dian: string | null;
    nro_factura_dian: number | null;
    fecha_factura: Date | null;
    facturador_id: number | null;
    modo_factura: 'C' | 'CR' | null;
    crear_factura_siigo: Generated<boolean>;
    permite_fe: Generated<boolean>;
    fecha_factura_dian: Date | null;
    factura_code_siigo: string | null;
    valor_recibido_efectivo: Numeric | null;
    valor_venta_cambio_favor: NumericConDefecto;
    /** The cash rounding, signed (migration 202612060200; docs/decisions-redondeo-envios.md); 0 without it. */
    ajuste_redondeo: NumericConDefecto;
    fecha_anulacion: Date | null;
    anulador_id: number | null;
    /** A credit sale's due date ('YYYY-MM-DD'): its billing day + its account's term (migration 202612030200); null otherwise. */
    fecha_vencimiento: string | null;
    /** The customer's `tercero.texto_busqueda`, kept by triggers (migration 202611300000): the billing list's search. */
    cliente_texto_busqueda: Generated<string>;
    /** A quotation's last valid day ('YYYY-MM-DD', migration 202612060400); null for a sale never quoted. */
    fecha_validez: string | null;
    /** When the seller marked the quotation accepted by the customer (it then reserves stock while valid). */
    aceptada_en: Date | null;
    /** When the quotation became an order (the order names it by cotizacion_id). */
    convertida_en: Date | null;
    /** On an order made from a quotation: the quotation (unique: one order per quotation). */
    cotizacion_id: number | null;
    /** A new order's save key and its save's content hash (migration 202612080100; docs/decisions.md "Un pedido nuevo se guarda una sola vez"). */
    clave_guardado: string | null;
    huella_guardado: string | null;
  };
  /** The sends of a sale's documents, by e-mail or as a shared link (migration 202612060210; docs/decisions-redondeo-envios.md). */
  envio_documento: {
    id: Generated<number>;
    venta_id: number;
    codigo_tienda: string;
    documento: DocumentoEnvio;
    canal: CanalEnvio;
    destino: string | null;
    estado: Generated<EstadoEnvio>;
    mensaje: string | null;
    archivo: string | null;
    user_id: number | null;
    fecha: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** The payments of a billed sale (spec 000 §3 Sale payment), one row per payment method line. */
  venta_forma_pago: {
    id: Generated<number>;
    venta_id: number;
    forma_pago_id: number;
    valor_pagado: Numeric;
    codigo_comprobante_pago: string | null;
    adjunto_comprobante_pago: string | null;
    adjunto_tipo: string | null;
    adjunto_contenido: Buffer | null;
    user_id: number | null;
    created_at: Generated<Date>;
  };
  venta_detalle: ImportesLinea & {
    id: Generated<number>;
    venta_id: number;
    item: number;
    producto_id: number;
    item_padre: number | null;
    cantidad: Numeric;
    precio_unitario: Numeric;
    porcentaje_descuento: NumericConDefecto;
    porcentaje_impuesto: NumericConDefecto;
    response_lepton: ColumnType<unknown, string | null | undefined, string | null>;
    optimizacion_id: number | null;
    servicio_lepton: Generated<boolean>;
    /** The approved request the line's discount comes from; unique across all lines. */
    descuento_solicitado_id: number | null;
    /** An offcut line's measures and edge (RetalMedidas). */
    detalle_retal: ColumnType<unknown, string | null | undefined, string | null>;
  };
  venta_tarea: {
    id: Generated<number>;
    venta_id: number;
    descripcion_tarea: string;
    observacion_tarea: string | null;
    tarea_completada: Generated<boolean>;
    user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  venta_estado_historial: {
    id: Generated<number>;
    venta_id: number;
    estado_anterior_id: number | null;
    estado_nuevo_id: number;
    user_id: number | null;
    fecha: Generated<Date>;
    /** Why the state changed, when the change asks for it (an annulment's reason; migration 202612030300). */
    motivo: Generated<string | null>;
  };
  /** A partial return of a billed sale (migration 202612030500; docs/decisions-factura-electronica.md "Devolución parcial"). */
  devolucion_venta: {
    id: Generated<number>;
    venta_id: number;
    /** The store that took the goods back (the sale's). */
    codigo_tienda: string;
    user_id: number | null;
    motivo: string;
    valor_subtotal: Numeric;
    valor_impuesto: Numeric;
    valor_otros_impuestos: Numeric;
    valor_total: Numeric;
    /** Taken off the sale's credit balance (a movement of type 6). */
    valor_credito: NumericConDefecto;
    /** Given back as money (devolucion_dinero rows of the sale, today). */
    valor_dinero: NumericConDefecto;
    /** Credited to the customer's prepaid balance (an abono_tercero movement of type 5): what found no other place. */
    valor_saldo_favor: NumericConDefecto;
    created_at: Generated<Date>;
  };
  /** A line of a return: the sale line, the quantity and its share of the line's amounts. */
  devolucion_venta_detalle: ImportesLinea & {
    id: Generated<number>;
    devolucion_venta_id: number;
    venta_detalle_id: number;
    producto_id: number;
    cantidad: Numeric;
  };
}

declare module '../../db/database' {
  // Merged into Database (db/database.ts): the module's tables are part of every query's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends VentasTablas {}
}
