import { sql } from 'kysely';
import type { ConsultaLista, MaquinaGuardar, OrdenMaquina } from '@tablero/domain';
import type { Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

/** PostgreSQL's unique_violation: another row already holds the value. */
function esViolacionUnica(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Machines with the names of their service group and state, as every list shows them. */
function maquinasConNombres(db: Db) {
  return db
    .selectFrom('maquina')
    .innerJoin('grupo_servicio', 'grupo_servicio.id', 'maquina.grupo_servicio_id')
    .innerJoin('estado_maquina', 'estado_maquina.id', 'maquina.estado_maquina_id');
}

const COLUMNAS = [
  'maquina.id',
  'maquina.referencia',
  'maquina.nombre_maquina',
  'maquina.grupo_servicio_id',
  'grupo_servicio.nombre_grupo_servicio',
  'maquina.estado_maquina_id',
  'estado_maquina.nombre_estado_maquina',
] as const;

/** The SQL column behind each sortable column of the list. */
const COLUMNAS_ORDEN: Record<OrdenMaquina, string> = {
  id: 'maquina.id',
  referencia: 'maquina.referencia',
  nombre_maquina: 'maquina.nombre_maquina',
  nombre_grupo_servicio: 'grupo_servicio.nombre_grupo_servicio',
  nombre_estado_maquina: 'estado_maquina.nombre_estado_maquina',
};

/** One page of machines (by id, the ID column of spec 002 §2.19, unless another column was chosen), and how many match. */
export async function listMaquinasPagina(db: Db, consulta: ConsultaLista<OrdenMaquina>) {
  let filtrada = maquinasConNombres(db);
  const busqueda = consulta.query;
  if (busqueda) filtrada = filtrada.where((eb) => buscarEn(eb, { texto: ['maquina.referencia', 'maquina.nombre_maquina'] }, busqueda));
  return paginarConsulta(
    ordenarLista(filtrada.select(COLUMNAS), COLUMNAS_ORDEN, consulta, 'maquina.id', (porId) => porId.orderBy('maquina.id')),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

/** Every machine of one service group, by reference, whatever its state (the screen shows it as a badge). */
export function listMaquinasPorGrupoServicio(db: Db, grupoServicioId: number) {
  return maquinasConNombres(db)
    .select(COLUMNAS)
    .where('maquina.grupo_servicio_id', '=', grupoServicioId)
    .orderBy('maquina.referencia')
    .orderBy('maquina.id')
    .execute();
}

/** Active service groups, by id (the machine form's select). */
export function listGruposServicios(db: Db) {
  return db.selectFrom('grupo_servicio').select(['id', 'nombre_grupo_servicio']).where('activo', '=', true).orderBy('id').execute();
}

export function listEstadosMaquinas(db: Db) {
  return db.selectFrom('estado_maquina').select(['id', 'nombre_estado_maquina']).orderBy('id').execute();
}

export async function existeGrupoServicioActivo(db: Db, id: number): Promise<boolean> {
  const fila = await db.selectFrom('grupo_servicio').select('id').where('id', '=', id).where('activo', '=', true).executeTakeFirst();
  return fila !== undefined;
}

export async function existeEstadoMaquina(db: Db, id: number): Promise<boolean> {
  const fila = await db.selectFrom('estado_maquina').select('id').where('id', '=', id).executeTakeFirst();
  return fila !== undefined;
}

/** Inserts a machine; null when its reference is taken (unique without case). */
export async function insertMaquina(db: Db, datos: MaquinaGuardar): Promise<number | null> {
  const fila = await db
    .insertInto('maquina')
    .values(datos)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return fila?.id ?? null;
}

export async function updateMaquina(db: Db, id: number, datos: MaquinaGuardar): Promise<'actualizada' | 'no_existe' | 'duplicada'> {
  try {
    const resultado = await db
      .updateTable('maquina')
      .set({ ...datos, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return resultado.numUpdatedRows > 0n ? 'actualizada' : 'no_existe';
  } catch (error) {
    if (esViolacionUnica(error)) return 'duplicada';
    throw error;
  }
}
