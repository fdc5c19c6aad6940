import { sql } from 'kysely';
import type { ConsultaLista, OrdenTipoConcepto } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

/** PostgreSQL's unique_violation: another row already holds the value. */
function esViolacionUnica(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function filtrar(db: Db, busqueda: string | undefined) {
  let consulta = db.selectFrom('tipo_concepto');
  if (busqueda) consulta = consulta.where((eb) => buscarEn(eb, { texto: ['nombre_tipo_concepto'] }, busqueda));
  return consulta;
}

/** Every concept type by name (the supplier payment form's picker). */
export function listTiposConceptos(db: Db, busqueda?: string) {
  return filtrar(db, busqueda).select(['id', 'nombre_tipo_concepto']).orderBy('nombre_tipo_concepto').orderBy('id').execute();
}

/** The SQL column behind each sortable column of the list. */
const COLUMNAS_ORDEN: Record<OrdenTipoConcepto, string> = { nombre_tipo_concepto: 'nombre_tipo_concepto' };

/** One page of concept types (by name, ascending unless the other way was chosen), and how many match. */
export async function listTiposConceptosPagina(db: Db, consulta: ConsultaLista<OrdenTipoConcepto>) {
  const filtrada = filtrar(db, consulta.query).select(['id', 'nombre_tipo_concepto']);
  return paginarConsulta(
    ordenarLista(filtrada, COLUMNAS_ORDEN, consulta, 'id', (porNombre) => porNombre.orderBy('nombre_tipo_concepto').orderBy('id')),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/** Inserts a concept type; null when the name is taken (unique without case). */
export async function insertTipoConcepto(db: Db, nombre: string): Promise<number | null> {
  const fila = await db
    .insertInto('tipo_concepto')
    .values({ nombre_tipo_concepto: nombre })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return fila?.id ?? null;
}

export async function updateTipoConcepto(db: Db, id: number, nombre: string): Promise<'actualizado' | 'no_existe' | 'duplicado'> {
  try {
    const resultado = await db
      .updateTable('tipo_concepto')
      .set({ nombre_tipo_concepto: nombre, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return resultado.numUpdatedRows > 0n ? 'actualizado' : 'no_existe';
  } catch (error) {
    if (esViolacionUnica(error)) return 'duplicado';
    throw error;
  }
}
