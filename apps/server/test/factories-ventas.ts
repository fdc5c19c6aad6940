import type { Kysely } from 'kysely';
import { calcularTotalesVenta, type TipoDocumentoNumeracion } from '@tablero/domain';
import type { Database } from '../src/db/database';

export interface VentaPrueba {
  id: number;
  codigo_tienda: string;
  cliente_id: number;
}

/** An order written straight to the table (no lines): what the tasks and, later, billing tests start from. */
export async function crearVenta(
  db: Kysely<Database>,
  datos: { codigo_tienda: string; cliente_id: number; vendedor_id: number; estado_venta_id?: number; fecha_venta?: Date },
): Promise<VentaPrueba> {
  const { id } = await db
    .insertInto('venta')
    .values({
      codigo_tienda: datos.codigo_tienda,
      cliente_id: datos.cliente_id,
      vendedor_id: datos.vendedor_id,
      estado_venta_id: datos.estado_venta_id ?? 1,
      ...(datos.fecha_venta ? { fecha_venta: datos.fecha_venta } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, codigo_tienda: datos.codigo_tienda, cliente_id: datos.cliente_id };
}

/** A task written straight to the table. */
export async function crearTarea(db: Kysely<Database>, ventaId: number, datos: { descripcion_tarea?: string; tarea_completada?: boolean } = {}) {
  return db
    .insertInto('venta_tarea')
    .values({ venta_id: ventaId, descripcion_tarea: datos.descripcion_tarea ?? 'Llamar al cliente', tarea_completada: datos.tarea_completada ?? false })
    .returning(['id', 'venta_id', 'descripcion_tarea', 'observacion_tarea', 'tarea_completada'])
    .executeTakeFirstOrThrow();
}

/** A line written straight to venta_detalle (amounts as given, 0 by default): what a test of lines being kept starts from. */
export async function crearLineaVenta(
  db: Kysely<Database>,
  ventaId: number,
  datos: { producto_id: number; item: number; cantidad?: number; precio_unitario?: number },
) {
  const cantidad = datos.cantidad ?? 1;
  const precio = datos.precio_unitario ?? 0;
  const bruto = Math.round(cantidad * precio * 100) / 100;
  return db
    .insertInto('venta_detalle')
    .values({
      venta_id: ventaId,
      item: datos.item,
      producto_id: datos.producto_id,
      cantidad,
      precio_unitario: precio,
      valor_bruto: bruto,
      valor_descuento: 0,
      valor_subtotal: bruto,
      valor_impuesto: 0,
      valor_otros_impuestos: 0,
      valor_total: bruto,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface LineaCuerpoVenta {
  producto_id: number;
  cantidad_solicitada: number;
  precio_unitario: number;
  /** The product's tax, used only to compute the body's totals as the web form does. */
  porcentaje_impuesto: number;
  porcentaje_descuento?: number;
  item?: number;
  descuento_solicitado_id?: number | null;
  item_padre?: number | null;
  servicio_lepton?: boolean;
  lepton?: Record<string, unknown> | null;
  retal?: Record<string, unknown> | null;
}

/**
 * A POST facturas/guardar body whose totals are calcularTotalesVenta's for these lines (what an honest web form
 * sends); `cambios` overrides any field afterwards (a stale version, wrong totals…).
 */
export function cuerpoGuardarVenta(
  datos: {
    tercero_id: number;
    lineas: LineaCuerpoVenta[];
    venta_id?: number | null;
    version?: number;
    tipo_pago_id?: number;
    estado_venta_id?: number;
    impuesto_adicional?: { id: number; porcentaje: number } | null;
    observacion_venta?: string | null;
    tareas?: string[];
  },
  cambios: Record<string, unknown> = {},
): Record<string, unknown> {
  const { totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: datos.impuesto_adicional?.porcentaje ?? 0,
    lineas: datos.lineas.map((l) => ({
      cantidad: l.cantidad_solicitada,
      precio_unitario: l.precio_unitario,
      porcentaje_descuento: l.porcentaje_descuento ?? 0,
      porcentaje_impuesto: l.porcentaje_impuesto,
    })),
  });
  return {
    venta_id: datos.venta_id ?? null,
    ...(datos.version !== undefined ? { version: datos.version } : {}),
    tercero_id: datos.tercero_id,
    tipo_pago_id: datos.tipo_pago_id ?? 1,
    estado_venta_id: datos.estado_venta_id ?? 1,
    impuesto_adicional_id: datos.impuesto_adicional?.id ?? null,
    observacion_venta: datos.observacion_venta ?? null,
    productoList: datos.lineas.map(({ porcentaje_impuesto: _p, ...l }) => ({ porcentaje_descuento: 0, ...l })),
    tareasList: (datos.tareas ?? []).map((descripcion_tarea) => ({ descripcion_tarea })),
    total_subtotal_venta: totales.total_subtotal_venta,
    total_impuestos_venta: totales.total_impuestos_venta,
    total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
    total_venta: totales.total_venta,
    total_descuento: totales.total_descuento,
    ...cambios,
  };
}

/** A numbering range straight into the table: the store's active FACTURA range 1–1000 valid 2020–2099 unless told (a POS range alike). */
export async function crearRangoNumeracion(
  db: Kysely<Database>,
  datos: {
    codigo_tienda: string;
    tipo_documento?: TipoDocumentoNumeracion;
    prefijo?: string;
    numero_desde?: number;
    numero_hasta?: number;
    siguiente_numero?: number;
    fecha_desde?: string | null;
    fecha_hasta?: string | null;
    activo?: boolean;
  },
): Promise<{ id: number; prefijo: string }> {
  const tipo = datos.tipo_documento ?? 'FACTURA';
  const desde = datos.numero_desde ?? 1;
  const prefijo = datos.prefijo ?? (tipo === 'FACTURA' ? 'FE' : tipo === 'POS' ? 'POS' : 'REM');
  // An invoice range and a POS range are numbered under a DIAN resolution (migration 202612040100).
  const conResolucion = tipo !== 'REMISION';
  const { id } = await db
    .insertInto('rango_numeracion')
    .values({
      codigo_tienda: datos.codigo_tienda,
      tipo_documento: tipo,
      prefijo,
      numero_desde: desde,
      numero_hasta: datos.numero_hasta ?? 1000,
      siguiente_numero: datos.siguiente_numero ?? desde,
      resolucion_numero: conResolucion ? '18764000000001' : null,
      resolucion_fecha: conResolucion ? '2020-01-01' : null,
      fecha_desde: datos.fecha_desde !== undefined ? datos.fecha_desde : conResolucion ? '2020-01-01' : null,
      fecha_hasta: datos.fecha_hasta !== undefined ? datos.fecha_hasta : conResolucion ? '2099-12-31' : null,
      activo: datos.activo ?? true,
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, prefijo };
}

/**
 * A pending order (state 1 unless told) with its lines and the totals calcularTotalesVenta gives them, straight into
 * the tables: what a bill starts from. Answers the sale and its total in pesos.
 */
export async function crearVentaConLineas(
  db: Kysely<Database>,
  datos: {
    codigo_tienda: string;
    cliente_id: number;
    vendedor_id: number;
    estado_venta_id?: number;
    lineas: { producto_id: number; cantidad: number; precio_unitario: number; porcentaje_impuesto?: number }[];
  },
): Promise<VentaPrueba & { total_venta: number }> {
  const { lineas, totales } = calcularTotalesVenta({
    porcentaje_impuesto_adicional: 0,
    lineas: datos.lineas.map((l) => ({ cantidad: l.cantidad, precio_unitario: l.precio_unitario, porcentaje_descuento: 0, porcentaje_impuesto: l.porcentaje_impuesto ?? 0 })),
  });
  const venta = await crearVenta(db, datos);
  await db
    .updateTable('venta')
    .set({
      total_subtotal_venta: totales.total_subtotal_venta,
      total_descuento: totales.total_descuento,
      total_impuestos_venta: totales.total_impuestos_venta,
      total_otros_impuestos_venta: totales.total_otros_impuestos_venta,
      total_venta: totales.total_venta,
    })
    .where('id', '=', venta.id)
    .execute();
  await db
    .insertInto('venta_detalle')
    .values(
      datos.lineas.map((l, n) => ({
        venta_id: venta.id,
        item: n + 1,
        producto_id: l.producto_id,
        cantidad: l.cantidad,
        precio_unitario: l.precio_unitario,
        porcentaje_impuesto: l.porcentaje_impuesto ?? 0,
        ...lineas[n]!,
      })),
    )
    .execute();
  return { ...venta, total_venta: totales.total_venta };
}

/** A POST facturas/{id}/forma-pago body: cash mode without the Siigo flag (a remission), unless `cambios` says otherwise. */
export function cuerpoFacturar(
  pagos: { id_forma_pago: number; valor_pagado: number; comprobante_id?: string | null }[],
  cambios: Record<string, unknown> = {},
): Record<string, unknown> {
  // A credit bill is always an electronic invoice (docs/decisions-factura-electronica.md, "Venta a crédito"): the flag
  // follows the credit box unless a test says otherwise.
  return { crear_factura_siigo: cambios['crear_venta_credito'] === true, crear_venta_credito: false, formaPagoList: pagos, ...cambios };
}
