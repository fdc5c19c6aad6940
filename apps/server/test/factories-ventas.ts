import type { Kysely } from 'kysely';
import { calcularTotalesVenta } from '@tablero/domain';
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
