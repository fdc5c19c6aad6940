/**
 * The credit ledger's SQL (spec 002 §3 Credit movement; docs/decisions-creditos.md): the only file of the server that
 * writes cuenta_credito_movimiento, the payment methods of its payments and the account's running total
 * (cuenta_credito.total_credito), and the reads a writer decides on. A sale's pending balance is the signed sum of
 * the account's movements that name the sale (1 and 3 raise it; 2, 4 and 5 lower it), computed here and never stored.
 */
import { sql } from 'kysely';
import { TIPOS_MOVIMIENTO_CREDITO, type TipoMovimientoCredito } from '@tablero/domain';
import type { Db } from '../../db/database';

const T = TIPOS_MOVIMIENTO_CREDITO;

/** A movement's effect on what the customer owes: + for a charge (1) and an annulled payment (3), − otherwise. */
export const conSigno = (alias: string) =>
  sql<string>`case when ${sql.ref(`${alias}.tipo_movimiento_credito_id`)} in (${T.VENTA}, ${T.ANULACION_PAGO}) then ${sql.ref(`${alias}.valor_movimiento`)} else -${sql.ref(`${alias}.valor_movimiento`)} end`;

/** What is still owed on each sale of an account (its charge's id and date), for every sale with a charge. */
export function saldosPorVenta(db: Db, opciones: { hasta?: string } = {}) {
  let consulta = db
    .selectFrom('cuenta_credito_movimiento as m')
    .where('m.venta_id', 'is not', null)
    .groupBy(['m.cuenta_credito_id', 'm.venta_id'])
    .select((eb) => [
      'm.cuenta_credito_id',
      eb.fn.coalesce('m.venta_id', sql<number>`0`).as('venta_id'),
      sql<number | null>`min(m.id) filter (where m.tipo_movimiento_credito_id = ${T.VENTA})`.as('cargo_id'),
      sql<string>`sum(${conSigno('m')})`.as('saldo'),
    ]);
  if (opciones.hasta) consulta = consulta.where('m.fecha_movimiento', '<=', opciones.hasta);
  return consulta;
}

/**
 * The movement `alias` (a charge or a payment) has no annulment of `tipo` naming it: a charge no sale annulment (4)
 * reversed, a payment no payment annulment (3) reversed.
 */
export const sinAnulacion = (alias: string, tipo: TipoMovimientoCredito) =>
  sql<boolean>`not exists (select 1 from cuenta_credito_movimiento as anulacion where anulacion.movimiento_origen_id = ${sql.ref(`${alias}.id`)} and anulacion.tipo_movimiento_credito_id = ${tipo})`;

// ---------------------------------------------------------------------------------------------------- writes

/** Adds `delta` (signed) to what the account owes; call with the row locked. Answers the new total. */
export async function updateTotalCredito(db: Db, id: number, delta: number): Promise<string> {
  const { total_credito } = await db
    .updateTable('cuenta_credito')
    .set({ total_credito: sql<string>`total_credito + ${delta}::numeric`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning('total_credito')
    .executeTakeFirstOrThrow();
  return total_credito;
}

export async function insertMovimiento(
  db: Db,
  fila: {
    cuenta_credito_id: number;
    tipo_movimiento_credito_id: number;
    venta_id: number | null;
    descripcion_movimiento: string;
    valor_movimiento: number;
    saldo_credito: string;
    movimiento_origen_id: number | null;
    observacion: string | null;
    codigo_tienda: string | null;
    user_id: number | null;
    /** The business date ('YYYY-MM-DD'); today in Bogotá when absent. */
    fecha_movimiento?: string | undefined;
  },
): Promise<number> {
  const { id } = await db.insertInto('cuenta_credito_movimiento').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertFormasPago(
  db: Db,
  filas: {
    cuenta_credito_movimiento_id: number;
    forma_pago_id: number;
    valor_pagado: string;
    codigo_comprobante: string | null;
    fecha_consignacion: string | null;
    abono_tercero_id: number | null;
  }[],
): Promise<void> {
  if (filas.length > 0) await db.insertInto('cuenta_credito_movimiento_forma_pago').values(filas).execute();
}

// ---------------------------------------------------------------------------------------------------- per sale

/** The sales of an account with something still owed (> 0), oldest charge first, with their charge. */
export function listVentasPendientes(db: Db, cuentaId: number) {
  return db
    .selectFrom(saldosPorVenta(db).as('s'))
    .innerJoin('cuenta_credito_movimiento as cargo', 'cargo.id', 's.cargo_id')
    .select(['cargo.id', 's.venta_id', 'cargo.fecha_movimiento', 'cargo.valor_movimiento', 's.saldo'])
    .where('s.cuenta_credito_id', '=', cuentaId)
    .where('s.saldo', '>', '0')
    .orderBy('cargo.fecha_movimiento')
    .orderBy('cargo.id')
    .execute();
}

/** The charge (type 1) of a sale, with its account and customer; undefined when the sale was not sold on credit. */
export function findCargoDeVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .innerJoin('cuenta_credito as cc', 'cc.id', 'cargo.cuenta_credito_id')
    .select(['cargo.id', 'cargo.cuenta_credito_id', 'cargo.venta_id', 'cargo.valor_movimiento', 'cargo.fecha_movimiento', 'cc.tercero_id'])
    .where('cargo.venta_id', '=', ventaId)
    .where('cargo.tipo_movimiento_credito_id', '=', T.VENTA)
    .executeTakeFirst();
}

/** The accounts the sale was charged to (type 1, reversed or not), ascending: the rows its annulment locks. */
export async function listCuentasDeCargosVenta(db: Db, ventaId: number): Promise<number[]> {
  const filas = await db
    .selectFrom('cuenta_credito_movimiento')
    .select('cuenta_credito_id')
    .distinct()
    .where('venta_id', '=', ventaId)
    .where('tipo_movimiento_credito_id', '=', T.VENTA)
    .orderBy('cuenta_credito_id')
    .execute();
  return filas.map((fila) => fila.cuenta_credito_id);
}

/** The sale's charges (type 1) in an account that no sale annulment (type 4) names yet, in id order; read under its lock. */
export function listCargosVentaSinAnular(db: Db, cuentaId: number, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .select(['cargo.id', 'cargo.cuenta_credito_id', 'cargo.valor_movimiento'])
    .where('cargo.cuenta_credito_id', '=', cuentaId)
    .where('cargo.venta_id', '=', ventaId)
    .where('cargo.tipo_movimiento_credito_id', '=', T.VENTA)
    .where(sinAnulacion('cargo', T.ANULACION_VENTA))
    .orderBy('cargo.id')
    .execute();
}

/**
 * What is still owed on one sale of an account. Read under the account's row lock (every writer holds it) to decide a
 * write; without it, it is the figure as of now, which a form shows and a request is first checked against.
 */
export async function saldoDeVenta(db: Db, cuentaId: number, ventaId: number): Promise<string> {
  const { saldo } = await db
    .selectFrom('cuenta_credito_movimiento as m')
    .select(sql<string>`coalesce(sum(${conSigno('m')}), 0)`.as('saldo'))
    .where('m.cuenta_credito_id', '=', cuentaId)
    .where('m.venta_id', '=', ventaId)
    .executeTakeFirstOrThrow();
  return saldo;
}

/** The payments (type 2) of a sale in an account that no annulment (type 3) reversed. */
export function listPagosVivosDeVenta(db: Db, cuentaId: number, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as pago')
    .select(['pago.id', 'pago.valor_movimiento'])
    .where('pago.cuenta_credito_id', '=', cuentaId)
    .where('pago.venta_id', '=', ventaId)
    .where('pago.tipo_movimiento_credito_id', '=', T.PAGO)
    .where(sinAnulacion('pago', T.ANULACION_PAGO))
    .execute();
}

// ---------------------------------------------------------------------------------------------------- movements

/** One movement of the ledger (rows are never edited: no lock needed to read it). */
export function findMovimiento(db: Db, id: number) {
  return db
    .selectFrom('cuenta_credito_movimiento')
    .select(['id', 'cuenta_credito_id', 'tipo_movimiento_credito_id', 'venta_id', 'valor_movimiento', 'movimiento_origen_id', 'fecha_movimiento', 'codigo_tienda'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether an annulment of `tipo` names the movement: a payment's annulment (3), a charge's sale annulment (4). */
export async function estaAnulado(db: Db, origenId: number, tipo: TipoMovimientoCredito): Promise<boolean> {
  const fila = await db
    .selectFrom('cuenta_credito_movimiento')
    .select('id')
    .where('movimiento_origen_id', '=', origenId)
    .where('tipo_movimiento_credito_id', '=', tipo)
    .executeTakeFirst();
  return fila !== undefined;
}

/** The payment methods of these payments, with the method's name. */
export function listFormasPago(db: Db, movimientoIds: number[]) {
  if (movimientoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cuenta_credito_movimiento_forma_pago as f')
    .innerJoin('forma_pago as fp', 'fp.id', 'f.forma_pago_id')
    .select([
      'f.cuenta_credito_movimiento_id',
      'f.forma_pago_id',
      'fp.nombre_forma_pago',
      'f.valor_pagado',
      'f.codigo_comprobante',
      'f.fecha_consignacion',
      'f.abono_tercero_id',
    ])
    .where('f.cuenta_credito_movimiento_id', 'in', movimientoIds)
    .orderBy('f.cuenta_credito_movimiento_id')
    .orderBy('f.id')
    .execute();
}

/** The payment methods a credit payment may name, by id: their name and flags, active or not. */
export function listFormasPagoPorId(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('forma_pago')
    .select(['id', 'nombre_forma_pago', 'requiere_codigo_comprobante', 'forma_abono', 'forma_credito', 'activo'])
    .where('id', 'in', ids)
    .execute();
}
