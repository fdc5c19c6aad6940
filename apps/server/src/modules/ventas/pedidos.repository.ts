import type { TotalesLinea } from '@tablero/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lineasDeVenta, TOTALES_VENTA, VALORES_LINEA_VENTA, ventaConNombres } from '../../db/lectura-venta';
import type { Trx } from '../../db/transaccion';

/**
 * The sale of this store, locked for the rest of the transaction (lock order, docs/architecture.md: `venta` after
 * the stock and credit ledgers), with what saving, billing and annulling re-check. Under READ COMMITTED a second
 * writer waits here and then reads the committed row, so its version check sees the first writer's save.
 */
export function lockVenta(trx: Trx, ventaId: number, codigoTienda: string) {
  return trx
    .selectFrom('venta')
    .select(['id', 'estado_venta_id', 'version', 'fecha_factura_dian', 'convertida_en'])
    .where('id', '=', ventaId)
    .where('codigo_tienda', '=', codigoTienda)
    .forUpdate()
    .executeTakeFirst();
}

export interface VentaEscritura {
  cliente_id: number;
  vendedor_id: number;
  estado_venta_id: number;
  tipo_pago_id: number;
  impuesto_adicional_id: number | null;
  porcentaje_impuesto_adicional: number;
  observacion_venta: string | null;
  total_subtotal_venta: number;
  total_descuento: number;
  total_impuestos_venta: number;
  total_otros_impuestos_venta: number;
  total_venta: number;
  /** A quotation's validity (docs/decisions-cotizaciones.md); left as it is when absent. */
  fecha_validez?: string | null;
  /** A new order's save key and content hash (docs/decisions.md "Un pedido nuevo se guarda una sola vez"). */
  clave_guardado?: string;
  huella_guardado?: string;
}

/** A line as it is written: its amounts are the ones calcularTotalesVenta gives (packages/domain ventas/totales). */
export interface LineaEscritura extends TotalesLinea {
  item: number;
  producto_id: number;
  cantidad: number;
  precio_unitario: number;
  porcentaje_descuento: number;
  porcentaje_impuesto: number;
  response_lepton: string | null;
  servicio_lepton: boolean;
  item_padre: number | null;
  descuento_solicitado_id: number | null;
  detalle_retal: string | null;
  /** The stored plan of a board line (its lepton's optimizacion.id, when it is a plan of the store). */
  optimizacion_id: number | null;
}

export async function insertVenta(trx: Trx, codigoTienda: string, venta: VentaEscritura) {
  return trx.insertInto('venta').values({ ...venta, codigo_tienda: codigoTienda }).returning(['id', 'version']).executeTakeFirstOrThrow();
}

/**
 * The order a new order's save key made, if any, after taking the key's lock: two saves with one key (a retry racing
 * its lost first try) run one after the other, so the second finds the first's order. The lock comes before every
 * other of the save (docs/architecture.md §3, step 0) and names only this key.
 */
export async function lockVentaPorClaveGuardado(trx: Trx, clave: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`venta_clave_guardado:${clave}`}, 0))`.execute(trx);
  return trx
    .selectFrom('venta')
    .select(['id', 'version', 'vendedor_id', 'codigo_tienda', 'huella_guardado', 'total_subtotal_venta', 'total_descuento', 'total_impuestos_venta', 'total_otros_impuestos_venta', 'total_venta'])
    .where('clave_guardado', '=', clave)
    .executeTakeFirst();
}

/** Rewrites the order's fields and moves its version by one. */
export async function updateVenta(trx: Trx, ventaId: number, venta: VentaEscritura) {
  return trx
    .updateTable('venta')
    .set({ ...venta, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', ventaId)
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

/** Sets the state (loading for editing) and moves the version by one. */
export async function updateEstadoVenta(trx: Trx, ventaId: number, estadoVentaId: number) {
  await trx
    .updateTable('venta')
    .set({ estado_venta_id: estadoVentaId, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', ventaId)
    .execute();
}

/**
 * The order's lines are replaced as a whole on every save. The new lines go in one statement of one array per column
 * (unnest): an order of 100 lines is 20 parameters, not 2,000, which is what keeps a large order's save fast.
 */
export async function reemplazarLineas(trx: Trx, ventaId: number, lineas: LineaEscritura[]) {
  await trx.deleteFrom('venta_detalle').where('venta_id', '=', ventaId).execute();
  if (lineas.length === 0) return;
  const columna = <T>(leer: (linea: LineaEscritura) => T) => lineas.map(leer);
  await sql`
    insert into venta_detalle (
      venta_id, item, producto_id, cantidad, precio_unitario, porcentaje_descuento, porcentaje_impuesto, valor_bruto,
      valor_descuento, valor_subtotal, valor_impuesto, valor_otros_impuestos, valor_total, response_lepton, servicio_lepton,
      item_padre, descuento_solicitado_id, detalle_retal, optimizacion_id
    )
    select ${ventaId}, l.* from unnest(
      ${columna((l) => l.item)}::int[], ${columna((l) => l.producto_id)}::int[], ${columna((l) => l.cantidad)}::numeric[],
      ${columna((l) => l.precio_unitario)}::numeric[], ${columna((l) => l.porcentaje_descuento)}::numeric[],
      ${columna((l) => l.porcentaje_impuesto)}::numeric[], ${columna((l) => l.valor_bruto)}::numeric[],
      ${columna((l) => l.valor_descuento)}::numeric[], ${columna((l) => l.valor_subtotal)}::numeric[],
      ${columna((l) => l.valor_impuesto)}::numeric[], ${columna((l) => l.valor_otros_impuestos)}::numeric[],
      ${columna((l) => l.valor_total)}::numeric[], ${columna((l) => l.response_lepton)}::jsonb[],
      ${columna((l) => l.servicio_lepton)}::boolean[], ${columna((l) => l.item_padre)}::int[],
      ${columna((l) => l.descuento_solicitado_id)}::int[], ${columna((l) => l.detalle_retal)}::jsonb[],
      ${columna((l) => l.optimizacion_id)}::int[]
    ) as l
  `.execute(trx);
}

/** A line of another order (any order when `ventaId` is null) that already carries one of these discount requests. */
export function findLineaConDescuento(trx: Trx, descuentoIds: number[], ventaId: number | null) {
  if (descuentoIds.length === 0) return Promise.resolve(undefined);
  let consulta = trx.selectFrom('venta_detalle').select(['descuento_solicitado_id']).where('descuento_solicitado_id', 'in', descuentoIds);
  if (ventaId !== null) consulta = consulta.where('venta_id', '<>', ventaId);
  return consulta.limit(1).executeTakeFirst();
}

export async function insertTareas(trx: Trx, ventaId: number, descripciones: string[], userId: number | null) {
  if (descripciones.length === 0) return;
  await trx
    .insertInto('venta_tarea')
    .values(descripciones.map((descripcion_tarea) => ({ venta_id: ventaId, descripcion_tarea, user_id: userId })))
    .execute();
}

export async function insertHistorial(trx: Trx, ventaId: number, anterior: number | null, nuevo: number, userId: number | null, motivo: string | null = null) {
  await trx.insertInto('venta_estado_historial').values({ venta_id: ventaId, estado_anterior_id: anterior, estado_nuevo_id: nuevo, user_id: userId, motivo }).execute();
}

/** Orders' headers of this store with the names the spec shows (customer, seller, store, state, payment type, tax). */
function encabezados(db: Db, codigoTienda: string) {
  return ventaConNombres(db)
    .leftJoin('impuesto as i', 'i.id', 'v.impuesto_adicional_id')
    .select([
      'v.id',
      'v.codigo_tienda',
      'ti.nombre_tienda',
      'v.cliente_id',
      'v.fecha_venta',
      't.tipo_documento_id',
      't.numero_documento',
      't.nombres',
      't.apellidos',
      'v.vendedor_id',
      'u.name as nombre_vendedor',
      ...TOTALES_VENTA,
      'v.estado_venta_id',
      'e.nombre_estado_venta',
      'v.tipo_pago_id',
      'tp.nombre_tipo_pago',
      'v.observacion_venta',
      'v.impuesto_adicional_id',
      'i.nombre_impuesto',
      'v.porcentaje_impuesto_adicional',
      'v.version',
    ])
    .where('v.codigo_tienda', '=', codigoTienda);
}

export function findEncabezado(db: Db, ventaId: number, codigoTienda: string) {
  return encabezados(db, codigoTienda).where('v.id', '=', ventaId).executeTakeFirst();
}
export type FilaEncabezado = NonNullable<Awaited<ReturnType<typeof findEncabezado>>>;

/** The order's lines in item order, with their product's reference and name. */
export function listDetalle(db: Db, ventaId: number) {
  return lineasDeVenta(db, ventaId)
    .select([
      'd.id',
      'd.item',
      'd.item_padre',
      'd.producto_id',
      'p.referencia',
      'p.nombre_producto',
      ...VALORES_LINEA_VENTA,
      'd.valor_total',
      'd.response_lepton',
      'd.servicio_lepton',
      'd.descuento_solicitado_id',
      'd.detalle_retal',
    ])
    .execute();
}

/** Most orders one filter answers: a customer has a handful in editing. */
const MAXIMO_FILTRO = 100;

/** A customer's orders (by its id) in a state, in this store, newest first. */
export function listEncabezadosPorFiltro(db: Db, codigoTienda: string, terceroId: number, estadoVentaId: number) {
  return encabezados(db, codigoTienda)
    .where('v.cliente_id', '=', terceroId)
    .where('v.estado_venta_id', '=', estadoVentaId)
    .orderBy('v.fecha_venta', 'desc')
    .orderBy('v.id', 'desc')
    .limit(MAXIMO_FILTRO)
    .execute();
}

export function listTiposPago(db: Db) {
  return db.selectFrom('tipo_pago').select(['id', 'nombre_tipo_pago']).orderBy('id').execute();
}

/** The active payment methods, by id. */
export function listFormasPago(db: Db) {
  return db
    .selectFrom('forma_pago')
    .select(['id', 'nombre_forma_pago', 'requiere_codigo_comprobante', 'forma_abono', 'forma_credito'])
    .where('activo', '=', true)
    .orderBy('id')
    .execute();
}
