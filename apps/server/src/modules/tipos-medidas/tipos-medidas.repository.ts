import { sql } from 'kysely';
import type { TipoMedidaGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';

export function listTiposMedidas(db: Db) {
  return db.selectFrom('tipo_medida').select(['id', 'nombre_corto_tipo_medida', 'nombre_tipo_medida']).orderBy('nombre_tipo_medida').orderBy('id').execute();
}

export async function insertTipoMedida(db: Db, fila: TipoMedidaGuardar): Promise<number> {
  const { id } = await db.insertInto('tipo_medida').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTipoMedida(db: Db, id: number, fila: TipoMedidaGuardar): Promise<boolean> {
  const resultado = await db.updateTable('tipo_medida').set({ ...fila, updated_at: sql<Date>`now()` }).where('id', '=', id).executeTakeFirst();
  return resultado.numUpdatedRows > 0n;
}
