import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function listParametros(db: Db) {
  return db.selectFrom('parametro').select(['codigo_parametro', 'valor_parametro']).orderBy('codigo_parametro').execute();
}

export function findParametro(db: Db, codigo: string) {
  return db
    .selectFrom('parametro')
    .select(['codigo_parametro', 'valor_parametro'])
    .where('codigo_parametro', '=', codigo)
    .executeTakeFirst();
}

/** Locks the row so two edits of one parameter record their history in order. */
export function lockParametro(db: Db, codigo: string) {
  return db
    .selectFrom('parametro')
    .select(['codigo_parametro', 'valor_parametro'])
    .where('codigo_parametro', '=', codigo)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts a parameter; false when the code already exists. */
export async function insertParametro(db: Db, fila: { codigo_parametro: string; valor_parametro: string }): Promise<boolean> {
  const insertada = await db
    .insertInto('parametro')
    .values(fila)
    .onConflict((oc) => oc.column('codigo_parametro').doNothing())
    .returning('codigo_parametro')
    .executeTakeFirst();
  return insertada !== undefined;
}

export async function updateValorParametro(db: Db, codigo: string, valor: string): Promise<void> {
  await db
    .updateTable('parametro')
    .set({ valor_parametro: valor, updated_at: sql<Date>`now()` })
    .where('codigo_parametro', '=', codigo)
    .execute();
}

export async function insertHistorial(
  db: Db,
  fila: { codigo_parametro: string; valor_anterior: string | null; valor_nuevo: string; user_id: number | null },
): Promise<void> {
  await db.insertInto('parametro_historial').values(fila).execute();
}
