/**
 * The reads of a credit's statements and aging (spec 002 §2.1–§2.2, §7 public documents; spec 001 credit account
 * detail): the credits list, the movements' history, the account statement and the sale's receipt, and the aging by
 * days. Reads only: the ledger is written by libro-credito.repository.ts. Reads of other modules' tables (tercero,
 * usuario, venta, tienda) are joins for names and documents.
 */
import { sql } from 'kysely';
import { TIPOS_MOVIMIENTO_CREDITO } from '@tablero/domain';
import type { Db } from '../../db/database';
import { limitesPagina, paginarConsulta } from '../../lib/paginacion';
import { conSigno, saldosPorVenta, sinAnulacion } from './libro-credito.repository';

const T = TIPOS_MOVIMIENTO_CREDITO;

// ---------------------------------------------------------------------------------------------------- credits list

/** The accounts of the credits list: those that ever had a movement, of one customer when `clienteId` is not 0. */
function consultaCreditos(db: Db, clienteId: number) {
  let consulta = db
    .selectFrom('cuenta_credito as cc')
    .innerJoin('tercero as t', 't.id', 'cc.tercero_id')
    .where((eb) => eb.exists(eb.selectFrom('cuenta_credito_movimiento as m').select('m.id').whereRef('m.cuenta_credito_id', '=', 'cc.id')));
  if (clienteId !== 0) consulta = consulta.where('cc.tercero_id', '=', clienteId);
  return consulta;
}

/**
 * One page of credits ordered by the customer's names, with how many sales each still owes on (counted for the page's
 * rows only: the page is cut first).
 */
export async function listCreditos(db: Db, pedido: { clienteId: number; page: number; perPage: number }) {
  const base = consultaCreditos(db, pedido.clienteId);
  const { desde, limite } = limitesPagina(pedido);
  const pagina = base
    .select(['cc.id', 'cc.tercero_id as cliente_id', 't.numero_documento', 't.nombres', 't.apellidos', 'cc.total_credito'])
    .orderBy('t.nombres')
    .orderBy('t.apellidos')
    .orderBy('cc.id')
    .limit(limite)
    .offset(desde);
  const [filas, totales] = await Promise.all([
    db
      .selectFrom(pagina.as('p'))
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom(saldosPorVenta(db).as('s'))
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.cuenta_credito_id', '=', 'p.id')
          .where('s.saldo', '>', '0')
          .as('total_pendientes_abono'),
      )
      .orderBy('p.nombres')
      .orderBy('p.apellidos')
      .orderBy('p.id')
      .execute(),
    base
      .select([sql<string>`count(*)`.as('total'), sql<string>`coalesce(sum(cc.total_credito), 0)`.as('total_credito_pendiente')])
      .executeTakeFirstOrThrow(),
  ]);
  return { filas, total: Number(totales.total), totalCreditoPendiente: totales.total_credito_pendiente };
}

/** The account with its customer, or undefined. */
export function findCredito(db: Db, id: number) {
  return db
    .selectFrom('cuenta_credito as cc')
    .innerJoin('tercero as t', 't.id', 'cc.tercero_id')
    .leftJoin('tipo_documento as td', 'td.id', 't.tipo_documento_id')
    .select([
      'cc.id',
      'cc.tercero_id',
      'cc.total_credito',
      'cc.total_cupo_permitido',
      't.numero_documento',
      't.nombres',
      't.apellidos',
      'td.nombre_tipo_documento',
      'td.codigo_dian',
      't.saldo_abono',
    ])
    .where('cc.id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------- account detail

/** Sale charges (type 1) of an account whose sale was not annulled (no type 4 names them), newest first. */
export function listFacturasCredito(db: Db, cuentaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .select(['cargo.id', 'cargo.venta_id', 'cargo.valor_movimiento as valor_credito', 'cargo.fecha_inserta as fecha_registro'])
    .where('cargo.cuenta_credito_id', '=', cuentaId)
    .where('cargo.tipo_movimiento_credito_id', '=', T.VENTA)
    // A charge whose sale was annulled is no longer owed; a written-off one (5) still was an invoice.
    .where(sinAnulacion('cargo', T.ANULACION_VENTA))
    .orderBy('cargo.id', 'desc')
    .execute();
}

/** Payments (type 2) of an account not annulled (no type 3 names them), newest first, with who recorded them. */
export function listPagos(db: Db, cuentaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as pago')
    .leftJoin('usuario', 'usuario.id', 'pago.user_id')
    .select(['pago.id', 'pago.valor_movimiento as valor_pagado', 'pago.fecha_inserta as fecha_creacion', 'usuario.name as nombre_vendedor'])
    .where('pago.cuenta_credito_id', '=', cuentaId)
    .where('pago.tipo_movimiento_credito_id', '=', T.PAGO)
    .where(sinAnulacion('pago', T.ANULACION_PAGO))
    .orderBy('pago.id', 'desc')
    .execute();
}

// ---------------------------------------------------------------------------------------------------- movements

/** A page of an account's movements, newest first, filtered by type and sale (0: all), with what the history shows. */
export async function listMovimientos(db: Db, cuentaId: number, pedido: { tipo: number; ventaId: number; page: number; perPage: number }) {
  let base = db.selectFrom('cuenta_credito_movimiento as m').where('m.cuenta_credito_id', '=', cuentaId);
  if (pedido.tipo !== 0) base = base.where('m.tipo_movimiento_credito_id', '=', pedido.tipo);
  if (pedido.ventaId !== 0) base = base.where('m.venta_id', '=', pedido.ventaId);
  // The joins only name the type and the user: the movements alone are counted.
  const movimientos = base
    .innerJoin('tipo_movimiento_credito as tm', 'tm.id', 'm.tipo_movimiento_credito_id')
    .leftJoin('usuario as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'm.id',
      'm.venta_id',
      'm.tipo_movimiento_credito_id',
      'tm.nombre_tipo_movimiento_credito',
      'm.descripcion_movimiento',
      'm.valor_movimiento',
      'm.fecha_movimiento',
      'm.fecha_inserta',
      'm.observacion',
      'u.name as nombre_usuario',
      // Type 1: the live payments of its sale (each annulment reverses one payment of the same sale).
      eb
        .case()
        .when('m.tipo_movimiento_credito_id', '=', T.VENTA)
        .then(
          eb
            .selectFrom('cuenta_credito_movimiento as p')
            .select(sql<string>`coalesce(sum(case when p.tipo_movimiento_credito_id = ${T.PAGO} then p.valor_movimiento else -p.valor_movimiento end), 0)`.as('v'))
            .whereRef('p.cuenta_credito_id', '=', 'm.cuenta_credito_id')
            .whereRef('p.venta_id', '=', 'm.venta_id')
            .where('p.tipo_movimiento_credito_id', 'in', [T.PAGO, T.ANULACION_PAGO]),
        )
        .end()
        .as('valor_pagado'),
      eb
        .case()
        .when('m.tipo_movimiento_credito_id', '=', T.VENTA)
        .then(
          eb
            .selectFrom('cuenta_credito_movimiento as s')
            .select(sql<string>`coalesce(sum(${conSigno('s')}), 0)`.as('v'))
            .whereRef('s.cuenta_credito_id', '=', 'm.cuenta_credito_id')
            .whereRef('s.venta_id', '=', 'm.venta_id'),
        )
        .end()
        .as('valor_saldo_movimiento'),
      eb
        .exists(
          eb
            .selectFrom('cuenta_credito_movimiento as a')
            .select('a.id')
            .whereRef('a.movimiento_origen_id', '=', 'm.id')
            .where('a.tipo_movimiento_credito_id', '=', T.ANULACION_PAGO),
        )
        .as('anulado'),
    ])
    .orderBy('m.id', 'desc');
  return paginarConsulta(movimientos, pedido, base);
}

// ---------------------------------------------------------------------------------------------------- documents

/** The movements of the ledger with their type's name and their user's, in the order written (a statement, a receipt). */
function movimientosEnOrden(db: Db) {
  return db
    .selectFrom('cuenta_credito_movimiento as m')
    .innerJoin('tipo_movimiento_credito as tm', 'tm.id', 'm.tipo_movimiento_credito_id')
    .leftJoin('usuario as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.tipo_movimiento_credito_id',
      'tm.nombre_tipo_movimiento_credito',
      'm.descripcion_movimiento',
      'm.valor_movimiento',
      'm.movimiento_origen_id',
      'm.fecha_movimiento',
      'm.fecha_inserta',
      'm.observacion',
      'u.name as nombre_usuario',
    ])
    .orderBy('m.id');
}

/** Every movement of an account, with the sale it names and its running balance (saldo_credito): the statement. */
export function listMovimientosCuenta(db: Db, cuentaId: number) {
  return movimientosEnOrden(db).select(['m.venta_id', 'm.saldo_credito']).where('m.cuenta_credito_id', '=', cuentaId).execute();
}

/** Every movement that names a sale, with its account (the sale's credit receipt). */
export function listMovimientosVenta(db: Db, ventaId: number) {
  return movimientosEnOrden(db).select('m.cuenta_credito_id').where('m.venta_id', '=', ventaId).execute();
}

/** The sale's document data a receipt prints (number, date, store), when the sale exists. */
export function findVentaDocumento(db: Db, ventaId: number) {
  return db
    .selectFrom('venta as v')
    .innerJoin('tienda as ti', 'ti.codigo_tienda', 'v.codigo_tienda')
    .select(['v.id', 'v.prefijo_factura_dian', 'v.nro_factura_dian', 'v.fecha_factura', 'v.estado_venta_id', 'v.total_venta', 'ti.codigo_tienda', 'ti.nombre_tienda'])
    .where('v.id', '=', ventaId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------- aging

/**
 * A pending sale's due date as the aging by due date reads it: the one its bill wrote (`venta.fecha_vencimiento`), or,
 * for a charge whose sale has none (a ledger charge without a credit bill), the charge's date plus the account's term.
 * Over `cuenta_credito_movimiento as cargo` and `cuenta_credito as cc`.
 */
const vencimientoDelCargo = sql<string>`coalesce((select v.fecha_vencimiento from venta v where v.id = cargo.venta_id), cargo.fecha_movimiento + cc.plazo_dias)`;

/**
 * Each sale with something owed at the end of `fechaCorte` (movements dated up to that day), with its charge's date
 * (the invoice date: billing charges the sale in the same transaction), its due date and its customer; of one customer
 * when `clienteId` is not 0.
 */
export function listPendientesCartera(db: Db, pedido: { fechaCorte: string; clienteId: number }) {
  let consulta = db
    .selectFrom(saldosPorVenta(db, { hasta: pedido.fechaCorte }).as('s'))
    .innerJoin('cuenta_credito_movimiento as cargo', 'cargo.id', 's.cargo_id')
    .innerJoin('cuenta_credito as cc', 'cc.id', 's.cuenta_credito_id')
    .innerJoin('tercero as t', 't.id', 'cc.tercero_id')
    .select([
      'cc.id as credito_id',
      'cc.tercero_id as cliente_id',
      't.numero_documento',
      't.nombres',
      't.apellidos',
      's.venta_id',
      'cargo.fecha_movimiento',
      vencimientoDelCargo.as('fecha_vencimiento'),
      's.saldo',
    ])
    .where('s.saldo', '>', '0');
  if (pedido.clienteId !== 0) consulta = consulta.where('cc.tercero_id', '=', pedido.clienteId);
  return consulta.orderBy('t.nombres').orderBy('t.apellidos').orderBy('cc.id').orderBy('cargo.fecha_movimiento').orderBy('cargo.id').execute();
}

/** The due date of each sale charged to an account (the statement prints it beside each pending invoice). */
/** The prefix and DIAN number of every sale the account's movements name: what the statement prints for each sale. */
export function listDocumentosVentas(db: Db, cuentaId: number) {
  return db
    .selectFrom('venta as v')
    .select(['v.id', 'v.prefijo_factura_dian', 'v.nro_factura_dian'])
    .where('v.id', 'in', db.selectFrom('cuenta_credito_movimiento as m').select('m.venta_id').where('m.cuenta_credito_id', '=', cuentaId).where('m.venta_id', 'is not', null))
    .execute();
}

export async function mapaVencimientos(db: Db, cuentaId: number): Promise<Map<number, string>> {
  const filas = await db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .innerJoin('cuenta_credito as cc', 'cc.id', 'cargo.cuenta_credito_id')
    .select(['cargo.venta_id', vencimientoDelCargo.as('fecha_vencimiento')])
    .where('cargo.cuenta_credito_id', '=', cuentaId)
    .where('cargo.tipo_movimiento_credito_id', '=', T.VENTA)
    .where('cargo.venta_id', 'is not', null)
    .execute();
  return new Map(filas.map((fila) => [fila.venta_id!, fila.fecha_vencimiento]));
}
