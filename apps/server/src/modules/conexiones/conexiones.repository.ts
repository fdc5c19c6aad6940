import { sql } from 'kysely';
import type { ConsultaLista, OrdenConexion, Rol } from '@tablero/domain';
import { preparada, type Db } from '../../db/database';
import { buscarEn } from '../../db/busqueda';
import { ordenarLista, paginarConsulta } from '../../lib/paginacion';

export async function insertConexion(
  db: Db,
  fila: { user_id: number; name_connection: string; user_agent: string; ip: string; expira_en: Date },
): Promise<number> {
  const { id } = await db.insertInto('conexion').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * The user behind an open, unexpired connection, and whether they belong to `codigoTienda`.
 * One query per authenticated request: role and active flag are read live, so a change applies at once.
 */
export async function findSesionAbierta(db: Db, conexionId: number, userId: number, codigoTienda: string | null) {
  const resultado = await preparada(
    'sesion_abierta',
    sql<{ conexionId: number; userId: number; name: string; email: string; role: Rol; activo: boolean; tieneTienda: boolean }>`
      select c.id as "conexionId", u.id as "userId", u.name, u.email, u.role, u.activo,
             exists (
               select from usuario_tienda ut join tienda t on t.codigo_tienda = ut.codigo_tienda
                where ut.user_id = u.id and ut.codigo_tienda = ${codigoTienda ?? ''} and t.activo
             ) as "tieneTienda"
        from conexion c
        join usuario u on u.id = c.user_id
       where c.id = ${conexionId} and c.user_id = ${userId} and c.fecha_cierre is null and c.expira_en > now()
    `,
  ).execute(db);
  return resultado.rows[0];
}

/** The SQL column behind each sortable column of the list. */
const COLUMNAS_ORDEN: Record<OrdenConexion, string> = {
  name_connection: 'conexion.name_connection',
  email: 'usuario.email',
  fecha_registro: 'conexion.fecha_registro',
};

/**
 * One page of connections (newest first unless another column was chosen), with their user; `query` matches
 * name, e-mail or connection name.
 */
export async function listConexiones(db: Db, consulta: ConsultaLista<OrdenConexion>) {
  let filtrada = db.selectFrom('conexion').innerJoin('usuario', 'usuario.id', 'conexion.user_id');
  const busqueda = consulta.query;
  if (busqueda) {
    filtrada = filtrada.where((eb) => buscarEn(eb, { texto: ['conexion.name_connection', 'usuario.email', 'usuario.name'] }, busqueda));
  }
  const conColumnas = filtrada.select([
    'conexion.id',
    'conexion.name_connection',
    'conexion.fecha_registro',
    'conexion.expira_en',
    'conexion.fecha_cierre',
    'usuario.email',
    'usuario.name',
  ]);
  return paginarConsulta(
    ordenarLista(conColumnas, COLUMNAS_ORDEN, consulta, 'conexion.id', (recientes) =>
      recientes.orderBy('conexion.fecha_registro', 'desc').orderBy('conexion.id', 'desc'),
    ),
    { page: consulta.page, perPage: consulta.per_page },
  );
}

export async function updateNombreConexion(db: Db, id: number, nombre: string): Promise<boolean> {
  const resultado = await db.updateTable('conexion').set({ name_connection: nombre }).where('id', '=', id).executeTakeFirst();
  return resultado.numUpdatedRows > 0n;
}

/** Closes a connection once; a closed one keeps its first closing date and who closed it. */
export async function cerrarConexion(db: Db, id: number, cerradaPor: number | null): Promise<void> {
  await db
    .updateTable('conexion')
    .set({ fecha_cierre: sql<Date>`now()`, cerrada_por: cerradaPor })
    .where('id', '=', id)
    .where('fecha_cierre', 'is', null)
    .execute();
}

export function findConexion(db: Db, id: number) {
  return db.selectFrom('conexion').select(['id', 'user_id', 'fecha_cierre']).where('id', '=', id).executeTakeFirst();
}

/** Closes every open connection of a user but `exceptoId` (the caller's own, when it edits itself). */
export async function cerrarConexionesDeUsuario(db: Db, userId: number, exceptoId: number | null, cerradaPor: number | null): Promise<number> {
  let consulta = db
    .updateTable('conexion')
    .set({ fecha_cierre: sql<Date>`now()`, cerrada_por: cerradaPor })
    .where('user_id', '=', userId)
    .where('fecha_cierre', 'is', null);
  if (exceptoId !== null) consulta = consulta.where('id', '!=', exceptoId);
  const resultado = await consulta.executeTakeFirst();
  return Number(resultado.numUpdatedRows);
}
