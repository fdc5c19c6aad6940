import { sql } from 'kysely';
import type { ConsultaLista, OrdenCuentaCredito } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

const columnasCuenta = [
  'cuenta_credito.id',
  'cuenta_credito.tercero_id',
  'cuenta_credito.total_cupo_permitido',
  'cuenta_credito.total_credito',
  'cuenta_credito.fecha_creacion',
  'tercero.tipo_documento_id',
  'tipo_documento.nombre_tipo_documento',
  'tercero.numero_documento as numero_documento_tercero',
  'tercero.nombres as nombres_tercero',
  'tercero.apellidos as apellidos_tercero',
] as const;

function consultaCuentas(db: Db) {
  return db
    .selectFrom('cuenta_credito')
    .innerJoin('tercero', 'tercero.id', 'cuenta_credito.tercero_id')
    .innerJoin('tipo_documento', 'tipo_documento.id', 'tercero.tipo_documento_id');
}

/** The SQL column behind each sortable column of the credit accounts list. */
const COLUMNAS_ORDEN: Record<OrdenCuentaCredito, string> = {
  fecha_creacion: 'cuenta_credito.fecha_creacion',
  numero_documento: 'tercero.numero_documento',
  nombres: 'tercero.nombres',
  total_cupo_permitido: 'cuenta_credito.total_cupo_permitido',
  total_credito: 'cuenta_credito.total_credito',
};

/**
 * One page of credit accounts, newest first unless another column was chosen; `query` matches every word in the
 * names or the document, without accents and the document also on its digits (db/busqueda.ts); `numeroDocumento`
 * the document exactly (every type).
 */
export async function listCuentas(db: Db, pedido: ConsultaLista<OrdenCuentaCredito> & { numeroDocumento?: string | undefined }) {
  let consulta = consultaCuentas(db);
  if (pedido.numeroDocumento) consulta = consulta.where('tercero.numero_documento', '=', pedido.numeroDocumento);
  const busqueda = pedido.query;
  if (busqueda) {
    consulta = consulta.where((eb) =>
      buscarEn(eb, { texto: ['tercero.nombres', 'tercero.apellidos'], documentos: ['tercero.numero_documento'] }, busqueda),
    );
  }
  return paginarConsulta(
    ordenarLista(consulta.select(columnasCuenta), COLUMNAS_ORDEN, pedido, 'cuenta_credito.id', (recientes) =>
      recientes.orderBy('cuenta_credito.fecha_creacion', 'desc').orderBy('cuenta_credito.id', 'desc'),
    ),
    { page: pedido.page, perPage: pedido.per_page },
  );
}

export function findCuenta(db: Db, id: number) {
  return consultaCuentas(db).select(columnasCuenta).where('cuenta_credito.id', '=', id).executeTakeFirst();
}

/** The account of one third party (one account per third party). */
export function findCuentaDeTercero(db: Db, terceroId: number) {
  return consultaCuentas(db).select(columnasCuenta).where('cuenta_credito.tercero_id', '=', terceroId).executeTakeFirst();
}

/**
 * The accounts of the customers with this document number, of any document type or of `tipoDocumentoId` only:
 * one number may belong to several customers (CC 123 and NIT 123), so this answers all of them, by document type.
 */
export function listCuentasPorDocumento(db: Db, numeroDocumento: string, tipoDocumentoId: number | null = null) {
  let consulta = consultaCuentas(db).select(columnasCuenta).where('tercero.numero_documento', '=', numeroDocumento);
  if (tipoDocumentoId !== null) consulta = consulta.where('tercero.tipo_documento_id', '=', tipoDocumentoId);
  return consulta.orderBy('tercero.tipo_documento_id').orderBy('cuenta_credito.id').execute();
}

/**
 * Locks an account's row. Every change of total_credito takes this lock first, so concurrent charges and
 * payments apply one after another and each checks the quota or the balance against the last value.
 */
export function lockCuenta(db: Db, id: number) {
  return db
    .selectFrom('cuenta_credito')
    .select(['id', 'tercero_id', 'total_cupo_permitido', 'total_credito'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function lockCuentaDeTercero(db: Db, terceroId: number) {
  return db
    .selectFrom('cuenta_credito')
    .select(['id', 'tercero_id', 'total_cupo_permitido', 'total_credito'])
    .where('tercero_id', '=', terceroId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts an account; null when the third party already has one (a concurrent creation). */
export async function insertCuenta(db: Db, fila: { tercero_id: number; total_cupo_permitido: number; user_id: number | null }): Promise<number | null> {
  const insertada = await db
    .insertInto('cuenta_credito')
    .values(fila)
    .onConflict((oc) => oc.column('tercero_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return insertada?.id ?? null;
}

export async function updateCupo(db: Db, id: number, totalCupoPermitido: number): Promise<void> {
  await db
    .updateTable('cuenta_credito')
    .set({ total_cupo_permitido: totalCupoPermitido, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

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

/** Sale charges (type 1) of an account whose sale was not annulled (no type 4 names them), newest first. */
export function listFacturasCredito(db: Db, cuentaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .select(['cargo.id', 'cargo.venta_id', 'cargo.valor_movimiento as valor_credito', 'cargo.fecha_inserta as fecha_registro'])
    .where('cargo.cuenta_credito_id', '=', cuentaId)
    .where('cargo.tipo_movimiento_credito_id', '=', 1)
    // A charge whose sale was annulled (a type-4 movement names it) is no longer owed; a written-off one (5) still
    // was an invoice.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('cuenta_credito_movimiento as anulacion')
            .select('anulacion.id')
            .whereRef('anulacion.movimiento_origen_id', '=', 'cargo.id')
            .where('anulacion.tipo_movimiento_credito_id', '=', 4),
        ),
      ),
    )
    .orderBy('cargo.id', 'desc')
    .execute();
}

/** Payments (type 2) of an account not annulled (no type-3 movement points to them), newest first, with who recorded them. */
export function listPagos(db: Db, cuentaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as pago')
    .leftJoin('usuario', 'usuario.id', 'pago.user_id')
    .select(['pago.id', 'pago.valor_movimiento as valor_pagado', 'pago.fecha_inserta as fecha_creacion', 'usuario.name as nombre_vendedor'])
    .where('pago.cuenta_credito_id', '=', cuentaId)
    .where('pago.tipo_movimiento_credito_id', '=', 2)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('cuenta_credito_movimiento as anulacion').select('anulacion.id').whereRef('anulacion.movimiento_origen_id', '=', 'pago.id'))),
    )
    .orderBy('pago.id', 'desc')
    .execute();
}

/** The sale's charges (type 1) that no sale annulment (type 4) names yet, in id order, with their account. */
export function listCargosVentaSinAnular(db: Db, ventaId: number) {
  return db
    .selectFrom('cuenta_credito_movimiento as cargo')
    .select(['cargo.id', 'cargo.cuenta_credito_id', 'cargo.valor_movimiento'])
    .where('cargo.venta_id', '=', ventaId)
    .where('cargo.tipo_movimiento_credito_id', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('cuenta_credito_movimiento as reverso')
            .select('reverso.id')
            .whereRef('reverso.movimiento_origen_id', '=', 'cargo.id')
            .where('reverso.tipo_movimiento_credito_id', '=', 4),
        ),
      ),
    )
    .orderBy('cargo.id')
    .execute();
}
