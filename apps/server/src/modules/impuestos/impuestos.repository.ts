import { sql } from 'kysely';
import type { ClaseImpuesto, ClaseTributaria, CodigoImpuestoDian } from '@tablero/domain';
import type { Db } from '../../db/database';

export function listImpuestos(db: Db) {
  return db
    .selectFrom('impuesto')
    .select(['id', 'nombre_impuesto', 'porcentaje_impuesto', 'siigo_impuesto_id', 'activo', 'clase_impuesto', 'clase_tributaria', 'codigo_impuesto_dian'])
    .orderBy('porcentaje_impuesto')
    .orderBy('nombre_impuesto')
    .execute();
}

export async function existeImpuesto(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('impuesto').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function existeSiigoImpuestoActivo(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('siigo_impuesto').select('id').where('id', '=', id).where('activo', '=', true).executeTakeFirst()) !== undefined;
}

export interface ImpuestoFila {
  nombre_impuesto: string;
  porcentaje_impuesto: number;
  siigo_impuesto_id: number | null;
  activo: boolean;
  clase_impuesto: ClaseImpuesto;
  clase_tributaria: ClaseTributaria;
  codigo_impuesto_dian: CodigoImpuestoDian;
}

export async function insertImpuesto(db: Db, fila: ImpuestoFila): Promise<number> {
  const { id } = await db.insertInto('impuesto').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateImpuesto(db: Db, id: number, fila: ImpuestoFila): Promise<boolean> {
  const resultado = await db.updateTable('impuesto').set({ ...fila, updated_at: sql<Date>`now()` }).where('id', '=', id).executeTakeFirst();
  return resultado.numUpdatedRows > 0n;
}
