import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { patronBusqueda } from '../../lib/paginacion';

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
export function findSesionAbierta(db: Db, conexionId: number, userId: number, codigoTienda: string | null) {
  return db
    .selectFrom('conexion')
    .innerJoin('usuario', 'usuario.id', 'conexion.user_id')
    .select([
      'conexion.id as conexionId',
      'usuario.id as userId',
      'usuario.name',
      'usuario.email',
      'usuario.role',
      'usuario.activo',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('usuario_tienda')
            .innerJoin('tienda', 'tienda.codigo_tienda', 'usuario_tienda.codigo_tienda')
            .whereRef('usuario_tienda.user_id', '=', 'usuario.id')
            .where('usuario_tienda.codigo_tienda', '=', codigoTienda ?? '')
            .where('tienda.activo', '=', true),
        )
        .as('tieneTienda'),
    )
    .where('conexion.id', '=', conexionId)
    .where('conexion.user_id', '=', userId)
    .where('conexion.fecha_cierre', 'is', null)
    .where('conexion.expira_en', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** One page of connections, newest first, with their user; `busqueda` matches name, e-mail or connection name. */
export async function listConexiones(db: Db, opciones: { page: number; perPage: number; busqueda?: string }) {
  let consulta = db.selectFrom('conexion').innerJoin('usuario', 'usuario.id', 'conexion.user_id');
  if (opciones.busqueda) {
    const patron = patronBusqueda(opciones.busqueda);
    consulta = consulta.where((eb) =>
      eb.or([
        eb('conexion.name_connection', 'ilike', patron),
        eb('usuario.email', 'ilike', patron),
        eb('usuario.name', 'ilike', patron),
      ]),
    );
  }
  const [filas, conteo] = await Promise.all([
    consulta
      .select([
        'conexion.id',
        'conexion.name_connection',
        'conexion.fecha_registro',
        'conexion.expira_en',
        'conexion.fecha_cierre',
        'usuario.email',
        'usuario.name',
      ])
      .orderBy('conexion.fecha_registro', 'desc')
      .orderBy('conexion.id', 'desc')
      .limit(opciones.perPage)
      .offset((opciones.page - 1) * opciones.perPage)
      .execute(),
    consulta.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { filas, total: Number(conteo.total) };
}

export async function updateNombreConexion(db: Db, id: number, nombre: string): Promise<boolean> {
  const resultado = await db.updateTable('conexion').set({ name_connection: nombre }).where('id', '=', id).executeTakeFirst();
  return resultado.numUpdatedRows > 0n;
}

/** Closes a connection once; a closed one keeps its first closing date and who closed it. */
export async function cerrarConexion(db: Db, id: number, cerradaPor: number): Promise<void> {
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
