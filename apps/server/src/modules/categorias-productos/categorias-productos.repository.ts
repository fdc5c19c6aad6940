import { sql } from 'kysely';
import type { Db } from '../../db/database';

export function listCategorias(db: Db) {
  return db
    .selectFrom('categoria_producto as c')
    .leftJoin('categoria_producto as padre', 'padre.id', 'c.categoria_producto_padre_id')
    .select([
      'c.id',
      'c.nombre_categoria_producto',
      'c.categoria_producto_padre_id',
      'padre.nombre_categoria_producto as nombre_categoria_producto_padre',
      'c.siigo_clasificacion_inventario_id',
    ])
    .orderBy('c.nombre_categoria_producto')
    .orderBy('c.id')
    .execute();
}

export function lockCategoria(db: Db, id: number) {
  return db.selectFrom('categoria_producto').select(['id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function existeCategoria(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('categoria_producto').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function existeClasificacionActiva(db: Db, id: number): Promise<boolean> {
  const fila = await db.selectFrom('siigo_clasificacion_inventario').select('id').where('id', '=', id).where('activo', '=', true).executeTakeFirst();
  return fila !== undefined;
}

/** True when `candidatoId` is `id` or one of its descendants: making it the parent would close a cycle. */
export async function esDescendiente(db: Db, id: number, candidatoId: number): Promise<boolean> {
  const resultado = await sql<{ id: number }>`
    with recursive rama as (
      select id from categoria_producto where id = ${id}
      union
      select c.id from categoria_producto c join rama on c.categoria_producto_padre_id = rama.id
    )
    select id from rama where id = ${candidatoId}
  `.execute(db);
  return resultado.rows.length > 0;
}

export interface CategoriaFila {
  nombre_categoria_producto: string;
  categoria_producto_padre_id: number | null;
  siigo_clasificacion_inventario_id: number | null;
}

export async function insertCategoria(db: Db, fila: CategoriaFila): Promise<number> {
  const { id } = await db.insertInto('categoria_producto').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCategoria(db: Db, id: number, fila: CategoriaFila): Promise<void> {
  await db.updateTable('categoria_producto').set({ ...fila, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
