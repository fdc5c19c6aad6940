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
  'cuenta_credito.plazo_dias',
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
 * Locks an account's row, by its id or by its customer's (one account per customer). Every change of total_credito
 * takes this lock first, so concurrent charges and payments apply one after another and each checks the quota or the
 * balance against the last value.
 */
export function lockCuenta(db: Db, valor: number, por: 'id' | 'tercero_id' = 'id') {
  return db
    .selectFrom('cuenta_credito')
    .select(['id', 'tercero_id', 'total_cupo_permitido', 'total_credito'])
    .where(por, '=', valor)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts an account; null when the third party already has one (a concurrent creation). */
export async function insertCuenta(
  db: Db,
  fila: { tercero_id: number; total_cupo_permitido: number; plazo_dias: number; user_id: number | null },
): Promise<number | null> {
  const insertada = await db
    .insertInto('cuenta_credito')
    .values(fila)
    .onConflict((oc) => oc.column('tercero_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return insertada?.id ?? null;
}

/** Changes the quota and, when given, the term in days. */
export async function updateCupo(db: Db, id: number, totalCupoPermitido: number, plazoDias?: number): Promise<void> {
  await db
    .updateTable('cuenta_credito')
    .set({ total_cupo_permitido: totalCupoPermitido, ...(plazoDias === undefined ? {} : { plazo_dias: plazoDias }), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
