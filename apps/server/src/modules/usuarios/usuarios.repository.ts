import { sql } from 'kysely';
import type { Rol } from '@tablero/domain';
import type { Db } from '../../db/database';

export function findUsuarioPorEmail(db: Db, email: string) {
  return db
    .selectFrom('usuario')
    .select(['id', 'name', 'email', 'role', 'activo', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUsuario(db: Db, id: number) {
  return db.selectFrom('usuario').select(['id', 'name', 'email', 'role', 'activo']).where('id', '=', id).executeTakeFirst();
}

export async function insertUsuario(
  db: Db,
  fila: { name: string; email: string; password_hash: string; role: Rol; activo?: boolean },
): Promise<number> {
  const { id } = await db.insertInto('usuario').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertUsuarioTiendas(db: Db, userId: number, codigosTienda: string[]): Promise<void> {
  if (codigosTienda.length === 0) return;
  await db
    .insertInto('usuario_tienda')
    .values(codigosTienda.map((codigo_tienda) => ({ user_id: userId, codigo_tienda })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateActivo(db: Db, id: number, activo: boolean): Promise<void> {
  await db.updateTable('usuario').set({ activo, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Failed and successful logins, kept for the per-e-mail limit and as an audit trail. */
export async function insertIntentoIngreso(db: Db, fila: { email: string; ip: string; exitoso: boolean }): Promise<void> {
  await db.insertInto('intento_ingreso').values(fila).execute();
}

/** Changes a staff account; the password hash only when given (an empty password keeps the current one). */
export async function updateUsuario(
  db: Db,
  id: number,
  cambios: { name: string; email: string; role: Rol; activo: boolean; password_hash?: string },
): Promise<void> {
  await db
    .updateTable('usuario')
    .set({ ...cambios, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Leaves the user with exactly `codigosTienda`. */
export async function replaceUsuarioTiendas(db: Db, userId: number, codigosTienda: string[]): Promise<void> {
  let borrar = db.deleteFrom('usuario_tienda').where('user_id', '=', userId);
  if (codigosTienda.length > 0) borrar = borrar.where('codigo_tienda', 'not in', codigosTienda);
  await borrar.execute();
  await insertUsuarioTiendas(db, userId, codigosTienda);
}

/** Store codes assigned to a user (active or not), in code order. */
export async function listCodigosTiendaUsuario(db: Db, userId: number): Promise<string[]> {
  const filas = await db.selectFrom('usuario_tienda').select('codigo_tienda').where('user_id', '=', userId).orderBy('codigo_tienda').execute();
  return filas.map((fila) => fila.codigo_tienda);
}

/** How many of `codigos` are active stores. */
export async function countTiendasActivas(db: Db, codigos: string[]): Promise<number> {
  if (codigos.length === 0) return 0;
  const { total } = await db
    .selectFrom('tienda')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('codigo_tienda', 'in', codigos)
    .where('activo', '=', true)
    .executeTakeFirstOrThrow();
  return Number(total);
}
