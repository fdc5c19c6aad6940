import { sql, type Selectable } from 'kysely';
import type { ConsultaLista, OrdenTercero, TipoTercero } from '@tablero/domain';
import type { Database, Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

export interface FiltrosTerceros {
  busqueda?: string;
  tipos?: TipoTercero[];
  /** true: only those with a user account; false: only those without. */
  conUsuario?: boolean;
  activo?: boolean;
}

function consultaTerceros(db: Db, filtros: FiltrosTerceros) {
  let consulta = db
    .selectFrom('tercero')
    .innerJoin('tipo_documento', 'tipo_documento.id', 'tercero.tipo_documento_id')
    .leftJoin('usuario', 'usuario.id', 'tercero.user_id');
  const busqueda = filtros.busqueda;
  if (busqueda) {
    // The list and the customer typeahead: names and e-mail without accents, the document also on its digits.
    consulta = consulta.where((eb) =>
      buscarEn(eb, { texto: ['tercero.nombres', 'tercero.apellidos', 'tercero.correo_electronico'], documentos: ['tercero.numero_documento'] }, busqueda),
    );
  }
  if (filtros.tipos && filtros.tipos.length > 0) consulta = consulta.where('tercero.tipo_tercero', 'in', filtros.tipos);
  if (filtros.conUsuario !== undefined) consulta = consulta.where('tercero.user_id', filtros.conUsuario ? 'is not' : 'is', null);
  if (filtros.activo !== undefined) consulta = consulta.where('tercero.activo', '=', filtros.activo);
  return consulta;
}

const columnasTercero = [
  'tercero.id',
  'tercero.tipo_documento_id',
  'tipo_documento.nombre_tipo_documento',
  'tercero.numero_documento',
  'tercero.nombres',
  'tercero.apellidos',
  'tercero.correo_electronico',
  'tercero.numero_telefonico',
  'tercero.numero_celular',
  'tercero.tipo_tercero',
  'tercero.tipo_persona',
  'tercero.responsable_iva',
  'tercero.responsabilidad_fiscal',
  'tercero.direccion_residencia',
  'tercero.country_code',
  'tercero.state_code',
  'tercero.city_code',
  'tercero.activo',
  'tercero.user_id',
  'usuario.role as nombre_perfil',
  'tercero.saldo_abono',
  'tercero.fecha_registro',
] as const;

/** The SQL column behind each sortable column of the Clientes list. */
const COLUMNAS_ORDEN: Record<OrdenTercero, string> = {
  numero_documento: 'tercero.numero_documento',
  nombres: 'tercero.nombres',
  correo_electronico: 'tercero.correo_electronico',
  saldo_abono: 'tercero.saldo_abono',
  fecha_registro: 'tercero.fecha_registro',
  activo: 'tercero.activo',
};

/** One page of third parties (newest first unless another column was chosen), and how many match. */
export async function listTerceros(db: Db, filtros: FiltrosTerceros, pedido: ConsultaLista<OrdenTercero>) {
  const consulta = consultaTerceros(db, filtros).select(columnasTercero);
  return paginarConsulta(
    ordenarLista(consulta, COLUMNAS_ORDEN, pedido, 'tercero.id', (recientes) =>
      recientes.orderBy('tercero.fecha_registro', 'desc').orderBy('tercero.id', 'desc'),
    ),
    { page: pedido.page, perPage: pedido.per_page },
  );
}

/** A plain list (pickers and typeaheads without paging), by name, at most `limite` rows. */
export function listTercerosSinPaginar(db: Db, filtros: FiltrosTerceros, limite: number) {
  return consultaTerceros(db, filtros)
    .select(columnasTercero)
    .orderBy('tercero.nombres')
    .orderBy('tercero.apellidos')
    .orderBy('tercero.id')
    .limit(limite)
    .execute();
}

export function findTercero(db: Db, id: number) {
  return consultaTerceros(db, {}).select(columnasTercero).where('tercero.id', '=', id).executeTakeFirst();
}

/** Locks a third party's row: saving it and its user account happen one at a time. */
export function lockTercero(db: Db, id: number) {
  return db
    .selectFrom('tercero')
    .select(['id', 'tipo_tercero', 'user_id', 'activo'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The columns a third party's form writes: its row but the keys, times, balance and store the database or others set. */
type FilaTercero = Omit<Selectable<Database['tercero']>, 'id' | 'saldo_abono' | 'codigo_tienda' | 'fecha_registro' | 'updated_at' | 'texto_busqueda'>;

/** Inserts a third party; null when its document type and number are taken. */
export async function insertTercero(db: Db, fila: FilaTercero & { codigo_tienda: string | null }): Promise<number | null> {
  const insertada = await db
    .insertInto('tercero')
    .values(fila)
    .onConflict((oc) => oc.constraint('tercero_documento_unico').doNothing())
    .returning('id')
    .executeTakeFirst();
  return insertada?.id ?? null;
}

/** True when another third party (not `exceptoId`) has this document type and number. */
export async function existeDocumento(db: Db, tipoDocumentoId: number, numeroDocumento: string, exceptoId: number | null): Promise<boolean> {
  let consulta = db
    .selectFrom('tercero')
    .select('id')
    .where('tipo_documento_id', '=', tipoDocumentoId)
    .where('numero_documento', '=', numeroDocumento);
  if (exceptoId !== null) consulta = consulta.where('id', '<>', exceptoId);
  return (await consulta.executeTakeFirst()) !== undefined;
}

export async function updateTercero(db: Db, id: number, fila: FilaTercero): Promise<void> {
  await db
    .updateTable('tercero')
    .set({ ...fila, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updateUserIdTercero(db: Db, id: number, userId: number): Promise<void> {
  await db.updateTable('tercero').set({ user_id: userId }).where('id', '=', id).execute();
}

export function listTiposDocumento(db: Db) {
  return db.selectFrom('tipo_documento').select(['id', 'nombre_tipo_documento', 'codigo_dian']).where('activo', '=', true).orderBy('id').execute();
}

export async function existeTipoDocumento(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('tipo_documento').select('id').where('id', '=', id).where('activo', '=', true).executeTakeFirst()) !== undefined;
}

