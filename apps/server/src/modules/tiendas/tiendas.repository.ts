import type { Db } from '../../db/database';

/** The active stores a user works in, by code. */
export function listTiendasDeUsuario(db: Db, userId: number) {
  return db
    .selectFrom('usuario_tienda')
    .innerJoin('tienda', 'tienda.codigo_tienda', 'usuario_tienda.codigo_tienda')
    .select(['tienda.id', 'tienda.codigo_tienda', 'tienda.nombre_tienda'])
    .where('usuario_tienda.user_id', '=', userId)
    .where('tienda.activo', '=', true)
    .orderBy('tienda.codigo_tienda')
    .execute();
}

export async function insertTienda(db: Db, fila: { codigo_tienda: string; nombre_tienda: string }): Promise<number> {
  const { id } = await db.insertInto('tienda').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function existeTienda(db: Db): Promise<boolean> {
  return (await db.selectFrom('tienda').select('id').limit(1).executeTakeFirst()) !== undefined;
}
