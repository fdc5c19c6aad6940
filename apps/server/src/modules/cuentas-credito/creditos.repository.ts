/**
 * Every SQL query of the credits screens (spec 002 §2.1–§2.3, issue 17). A customer's credit is their cuenta_credito;
 * a sale's pending balance is the signed sum of the account's movements that name the sale (1 and 3 raise it; 2, 4 and
 * 5 lower it), computed here and never stored (docs/decisions-creditos.md). Reads of other modules' tables (tercero,
 * usuario, forma_pago, venta, tienda) are joins for names and documents; this module writes only its own tables.
 */
import { sql } from 'kysely';
import { TIPOS_MOVIMIENTO_CREDITO } from '@tablero/domain';
import type { Db } from '../../db/database';
import { limitesPagina, paginarConsulta } from '../../lib/paginacion';

const T = TIPOS_MOVIMIENTO_CREDITO;

/** A movement's effect on what the customer owes: + for a charge (1) and an annulled payment (3), − otherwise. */
const conSigno = (alias: string) =>
  sql<string>`case when ${sql.ref(`${alias}.tipo_movimiento_credito_id`)} in (${T.VENTA}, ${T.ANULACION_PAGO}) then ${sql.ref(`${alias}.valor_movimiento`)} else -${sql.ref(`${alias}.valor_movimiento`)} end`;

/** What is still owed on each sale of an account (its charge's id and date), for every sale with a charge. */
function saldosPorVenta(db: Db, opciones: { hasta?: string } = {}) {
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
      't.saldo_abono',
    ])
    .where('cc.id', '=', id)
    .executeTakeFirst();
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

/** Whether the sale's charge was reversed by the sale's annulment (type 4). */
export async function ventaAnuladaEnCredito(db: Db, cargoId: number): Promise<boolean> {
  const fila = await db
    .selectFrom('cuenta_credito_movimiento')
    .select('id')
    .where('movimiento_origen_id', '=', cargoId)
    .where('tipo_movimiento_credito_id', '=', T.ANULACION_VENTA)
    .executeTakeFirst();
  return fila !== undefined;
}

/** The payments (type 2) of a sale in an account that no annulment (type 3) reversed. */
export function listPagosVivosDeVenta(db: Db, cuentaId: number, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as pago')
    .select(['pago.id', 'pago.valor_movimiento'])
    .where('pago.cuenta_credito_id', '=', cuentaId)
    .where('pago.venta_id', '=', ventaId)
    .where('pago.tipo_movimiento_credito_id', '=', T.PAGO)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('cuenta_credito_movimiento as anulacion')
            .select('anulacion.id')
            .whereRef('anulacion.movimiento_origen_id', '=', 'pago.id')
            .where('anulacion.tipo_movimiento_credito_id', '=', T.ANULACION_PAGO),
        ),
      ),
    )
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

/** The annulment (type 3) of a payment, if any. */
export function findAnulacionDePago(db: Db, pagoId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento')
    .select('id')
    .where('movimiento_origen_id', '=', pagoId)
    .where('tipo_movimiento_credito_id', '=', T.ANULACION_PAGO)
    .executeTakeFirst();
}

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

// ---------------------------------------------------------------------------------------------------- documents

/** Every movement of an account in the order written, with its type, user and running balance (saldo_credito). */
export function listMovimientosCuenta(db: Db, cuentaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as m')
    .innerJoin('tipo_movimiento_credito as tm', 'tm.id', 'm.tipo_movimiento_credito_id')
    .leftJoin('usuario as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.tipo_movimiento_credito_id',
      'tm.nombre_tipo_movimiento_credito',
      'm.venta_id',
      'm.descripcion_movimiento',
      'm.valor_movimiento',
      'm.saldo_credito',
      'm.movimiento_origen_id',
      'm.fecha_movimiento',
      'm.fecha_inserta',
      'm.observacion',
      'u.name as nombre_usuario',
    ])
    .where('m.cuenta_credito_id', '=', cuentaId)
    .orderBy('m.id')
    .execute();
}

/** Every movement that names a sale, in the order written (the sale's credit receipt). */
export function listMovimientosVenta(db: Db, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as m')
    .innerJoin('tipo_movimiento_credito as tm', 'tm.id', 'm.tipo_movimiento_credito_id')
    .leftJoin('usuario as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.cuenta_credito_id',
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
    .where('m.venta_id', '=', ventaId)
    .orderBy('m.id')
    .execute();
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
 * Each sale with something owed at the end of `fechaCorte` (movements dated up to that day), with its charge's date
 * (the invoice date: billing charges the sale in the same transaction) and its customer; of one customer when
 * `clienteId` is not 0.
 */
export function listPendientesCartera(db: Db, pedido: { fechaCorte: string; clienteId: number }) {
  let consulta = db
    .selectFrom(saldosPorVenta(db, { hasta: pedido.fechaCorte }).as('s'))
    .innerJoin('cuenta_credito_movimiento as cargo', 'cargo.id', 's.cargo_id')
    .innerJoin('cuenta_credito as cc', 'cc.id', 's.cuenta_credito_id')
    .innerJoin('tercero as t', 't.id', 'cc.tercero_id')
    .select(['cc.id as credito_id', 'cc.tercero_id as cliente_id', 't.numero_documento', 't.nombres', 't.apellidos', 's.venta_id', 'cargo.fecha_movimiento', 's.saldo'])
    .where('s.saldo', '>', '0');
  if (pedido.clienteId !== 0) consulta = consulta.where('cc.tercero_id', '=', pedido.clienteId);
  return consulta.orderBy('t.nombres').orderBy('t.apellidos').orderBy('cc.id').orderBy('cargo.fecha_movimiento').orderBy('cargo.id').execute();
}
