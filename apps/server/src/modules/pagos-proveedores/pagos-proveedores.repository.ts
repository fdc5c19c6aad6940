// Every SQL query of supplier payments (spec 002 §2.11, §2.12, §3 Supplier payment, §7). Live payments are those not
// deleted (eliminado false): the deleted ones stay for the audit and leave every list.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import type { Trx } from '../../db/transaccion';
import { paginarConsulta } from '../../lib/paginacion';

/** Payment methods by id, as a payment checks them. */
export function findFormasPago(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('forma_pago')
    .select(['id', 'nombre_forma_pago', 'requiere_codigo_comprobante', 'forma_abono', 'forma_credito', 'activo'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function existeProveedor(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('proveedor').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function existeTipoConcepto(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('tipo_concepto').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The header columns every read answers, with the concept's, supplier's and user's names. */
function cabeceras(db: Db) {
  return db
    .selectFrom('pago_proveedor as p')
    .innerJoin('tipo_concepto as tc', 'tc.id', 'p.tipo_concepto_id')
    .innerJoin('proveedor as pr', 'pr.id', 'p.proveedor_id')
    .innerJoin('usuario as u', 'u.id', 'p.usuario_responsable')
    .select([
      'p.id',
      'p.codigo_tienda',
      'p.tipo_concepto_id',
      'tc.nombre_tipo_concepto',
      'p.proveedor_id',
      'pr.nombre_proveedor',
      'p.codigo_factura',
      'p.fecha_factura',
      'p.fecha_pago',
      'p.valor_total',
      'p.pj_iva',
      'p.valor_antes_iva',
      'p.valor_iva',
      'p.pj_retefuente',
      'p.valor_rte',
      'p.valor_total_pagar',
      'p.observaciones',
      'p.gestion_factura',
      'p.pago_realizado',
      'p.usuario_responsable',
      'u.name as nombre_usuario',
      'p.fecha_inserta',
      'p.fecha_actualiza',
    ])
    .where('p.eliminado', '=', false);
}
export type FilaPagoProveedor = Awaited<ReturnType<ReturnType<typeof cabeceras>['executeTakeFirstOrThrow']>>;

/** A live payment's header; undefined when it does not exist or was deleted. */
export function findPago(db: Db, id: number) {
  return cabeceras(db).where('p.id', '=', id).executeTakeFirst();
}

/** The methods of some payments, in the order they were given, with each method's name. */
export function findFormasDePagos(db: Db, pagoIds: readonly number[]) {
  if (pagoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pago_proveedor_forma_pago as l')
    .innerJoin('forma_pago as f', 'f.id', 'l.forma_pago_id')
    .select([
      'l.id',
      'l.pago_proveedor_id',
      'l.forma_pago_id',
      'f.nombre_forma_pago',
      'l.valor_pagado',
      'l.codigo_comprobante_pago',
      'l.adjunto_comprobante_pago',
      'l.tipo_adjunto',
      'l.nombre_adjunto',
    ])
    .where('l.pago_proveedor_id', 'in', [...pagoIds])
    .orderBy('l.pago_proveedor_id')
    .orderBy('l.id')
    .execute();
}
export type FilaFormaPagoProveedor = Awaited<ReturnType<typeof findFormasDePagos>>[number];

/** The month a payment is listed in: its payment date, or its invoice date while it is an unpaid invoice (gestion). */
const fechaListado = sql<string>`coalesce(p.fecha_pago, p.fecha_factura)`;

/**
 * POST pagos-proveedores?page=n: one page of a store's live payments listed in [desde, hasta) (a month), newest first,
 * with the count of every payment the filter matches. The headers only: their methods come from findFormasDePagos.
 */
export async function listPagos(db: Db, filtro: { codigoTienda: string; desde: string; hasta: string; busqueda: string | null; page: number; perPage: number }) {
  let consulta = cabeceras(db)
    .where('p.codigo_tienda', '=', filtro.codigoTienda)
    .where(fechaListado, '>=', filtro.desde)
    .where(fechaListado, '<', filtro.hasta);
  const busqueda = filtro.busqueda;
  // Supplier (name, NIT), concept, invoice code and observations, without accents or case.
  if (busqueda) {
    consulta = consulta.where((eb) =>
      buscarEn(eb, { texto: ['pr.nombre_proveedor', 'tc.nombre_tipo_concepto', 'p.codigo_factura', 'p.observaciones'], documentos: ['pr.nit'] }, busqueda),
    );
  }
  return paginarConsulta(consulta.orderBy(fechaListado, 'desc').orderBy('p.id', 'desc'), filtro);
}

/** A live payment's row under lock (FOR UPDATE), as an edit or a delete reads it before writing the history. */
export function lockPago(trx: Trx, id: number) {
  return trx.selectFrom('pago_proveedor').selectAll().where('id', '=', id).where('eliminado', '=', false).forUpdate().executeTakeFirst();
}

/** The methods of a payment as they are stored (for the history and the pictures kept on edit). */
export function findLineas(trx: Trx, pagoId: number) {
  return trx.selectFrom('pago_proveedor_forma_pago').selectAll().where('pago_proveedor_id', '=', pagoId).orderBy('id').execute();
}

export interface CabeceraPago {
  tipo_concepto_id: number;
  proveedor_id: number;
  codigo_factura: string | null;
  fecha_factura: string;
  fecha_pago: string | null;
  valor_total: number;
  pj_iva: number;
  valor_antes_iva: number;
  valor_iva: number;
  pj_retefuente: number;
  valor_rte: number;
  valor_total_pagar: number;
  observaciones: string | null;
  gestion_factura: boolean;
  pago_realizado: boolean;
}

export interface LineaPago {
  forma_pago_id: number;
  valor_pagado: number;
  codigo_comprobante_pago: string | null;
  adjunto_comprobante_pago: string | null;
  tipo_adjunto: string | null;
  nombre_adjunto: string | null;
}

export async function insertPago(trx: Trx, fila: CabeceraPago & { codigo_tienda: string; usuario_responsable: number }): Promise<number> {
  const { id } = await trx.insertInto('pago_proveedor').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePago(trx: Trx, id: number, cambios: CabeceraPago & { usuario_actualiza: number }): Promise<void> {
  await trx
    .updateTable('pago_proveedor')
    .set({
      tipo_concepto_id: cambios.tipo_concepto_id,
      proveedor_id: cambios.proveedor_id,
      codigo_factura: cambios.codigo_factura,
      fecha_factura: cambios.fecha_factura,
      fecha_pago: cambios.fecha_pago,
      valor_total: cambios.valor_total,
      pj_iva: cambios.pj_iva,
      valor_antes_iva: cambios.valor_antes_iva,
      valor_iva: cambios.valor_iva,
      pj_retefuente: cambios.pj_retefuente,
      valor_rte: cambios.valor_rte,
      valor_total_pagar: cambios.valor_total_pagar,
      observaciones: cambios.observaciones,
      gestion_factura: cambios.gestion_factura,
      pago_realizado: cambios.pago_realizado,
      usuario_actualiza: cambios.usuario_actualiza,
      fecha_actualiza: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Soft delete: marked with who and when; the row and its methods stay. */
export async function marcarEliminado(trx: Trx, id: number, userId: number): Promise<void> {
  await trx
    .updateTable('pago_proveedor')
    .set({ eliminado: true, fecha_elimina: sql<Date>`now()`, usuario_elimina: userId })
    .where('id', '=', id)
    .execute();
}

/** The methods of a payment, in the order given (one statement). */
export async function insertLineas(trx: Trx, pagoId: number, lineas: readonly LineaPago[]): Promise<void> {
  if (lineas.length === 0) return;
  await trx
    .insertInto('pago_proveedor_forma_pago')
    .values(lineas.map((linea) => ({ ...linea, pago_proveedor_id: pagoId })))
    .execute();
}

/** An edit replaces the methods (the previous ones are in the history row). */
export async function deleteLineas(trx: Trx, pagoId: number): Promise<void> {
  await trx.deleteFrom('pago_proveedor_forma_pago').where('pago_proveedor_id', '=', pagoId).execute();
}

export async function insertHistorial(
  trx: Trx,
  fila: { pago_proveedor_id: number; accion: 'edicion' | 'eliminacion'; datos_anteriores: unknown; user_id: number },
): Promise<void> {
  await trx
    .insertInto('pago_proveedor_historial')
    .values({ ...fila, datos_anteriores: JSON.stringify(fila.datos_anteriores) })
    .execute();
}
