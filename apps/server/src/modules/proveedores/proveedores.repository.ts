import { sql } from 'kysely';
import type { ConsultaLista, OrdenProveedor, ProveedorGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

const COLUMNAS = [
  'id',
  'nombre_proveedor',
  'nit',
  'numero_telefonico',
  'correo_electronico',
  'direccion',
  'credito',
  'plazo_credito',
] as const;

/** PostgreSQL's unique_violation: another row already holds the value. */
function esViolacionUnica(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function filtrar(db: Db, busqueda: string | undefined) {
  let consulta = db.selectFrom('proveedor');
  if (busqueda) consulta = consulta.where((eb) => buscarEn(eb, { texto: ['nombre_proveedor'], documentos: ['nit'] }, busqueda));
  return consulta;
}

/** Every supplier by name (the supplier pickers). */
export function listProveedores(db: Db, busqueda?: string) {
  return filtrar(db, busqueda).select(COLUMNAS).orderBy('nombre_proveedor').orderBy('id').execute();
}

/** The SQL column behind each sortable column of the list. */
const COLUMNAS_ORDEN: Record<OrdenProveedor, string> = {
  nombre_proveedor: 'nombre_proveedor',
  nit: 'nit',
  correo_electronico: 'correo_electronico',
  credito: 'credito',
  plazo_credito: 'plazo_credito',
};

/** One page of suppliers (by name unless another column was chosen), and how many match. */
export async function listProveedoresPagina(db: Db, consulta: ConsultaLista<OrdenProveedor>) {
  const filtrada = filtrar(db, consulta.query).select(COLUMNAS);
  return paginarConsulta(
    ordenarLista(filtrada, COLUMNAS_ORDEN, consulta, 'id', (porNombre) => porNombre.orderBy('nombre_proveedor').orderBy('id')),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/** Inserts a supplier; null when its NIT is taken (unique index proveedor_nit_unico). */
export async function insertProveedor(db: Db, datos: ProveedorGuardar): Promise<number | null> {
  const fila = await db
    .insertInto('proveedor')
    .values(datos)
    .onConflict((oc) => oc.column('nit').doNothing())
    .returning('id')
    .executeTakeFirst();
  return fila?.id ?? null;
}

/** Updates a supplier: 'actualizado', 'no_existe', or 'nit_duplicado' when another supplier has the NIT. */
export async function updateProveedor(db: Db, id: number, datos: ProveedorGuardar): Promise<'actualizado' | 'no_existe' | 'nit_duplicado'> {
  try {
    const resultado = await db
      .updateTable('proveedor')
      .set({ ...datos, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return resultado.numUpdatedRows > 0n ? 'actualizado' : 'no_existe';
  } catch (error) {
    if (esViolacionUnica(error)) return 'nit_duplicado';
    throw error;
  }
}
