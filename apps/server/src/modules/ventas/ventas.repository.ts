import { sql } from 'kysely';
import type { TareaActualizar, TareaCrear } from '@tablero/domain';
import type { Db } from '../../db/database';

const COLUMNAS_TAREA = ['venta_tarea.id', 'venta_tarea.venta_id', 'descripcion_tarea', 'observacion_tarea', 'tarea_completada'] as const;

/** The sale's id when it exists in this store; a sale of another store is as unknown as a missing one. */
export async function findVentaEnTienda(db: Db, ventaId: number, codigoTienda: string): Promise<number | null> {
  const fila = await db.selectFrom('venta').select('id').where('id', '=', ventaId).where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
  return fila?.id ?? null;
}

/** A sale's tasks, oldest first (the order they were written). */
export function listTareasDeVenta(db: Db, ventaId: number) {
  return db.selectFrom('venta_tarea').select(COLUMNAS_TAREA).where('venta_id', '=', ventaId).orderBy('venta_tarea.id').execute();
}

/** The store's tasks open (or completed), with their order's date and customer; oldest order first. */
export function listTareasDeTienda(db: Db, codigoTienda: string, completadas: boolean) {
  return db
    .selectFrom('venta_tarea')
    .innerJoin('venta', 'venta.id', 'venta_tarea.venta_id')
    .innerJoin('tercero', 'tercero.id', 'venta.cliente_id')
    .select([...COLUMNAS_TAREA, 'venta.fecha_venta', 'tercero.nombres as nombres_cliente', 'tercero.apellidos as apellidos_cliente'])
    .where('venta.codigo_tienda', '=', codigoTienda)
    .where('tarea_completada', '=', completadas)
    // An annulled order has nothing pending.
    .where('venta.estado_venta_id', '!=', 3)
    .orderBy('venta.fecha_venta')
    .orderBy('venta_tarea.id')
    .execute();
}

export async function insertTarea(db: Db, datos: TareaCrear, userId: number | null) {
  return db
    .insertInto('venta_tarea')
    .values({ venta_id: datos.venta_id, descripcion_tarea: datos.descripcion_tarea, user_id: userId })
    .returning(COLUMNAS_TAREA.map((c) => c.replace('venta_tarea.', '')) as ['id', 'venta_id', 'descripcion_tarea', 'observacion_tarea', 'tarea_completada'])
    .executeTakeFirstOrThrow();
}

/** Updates a task of a sale of this store; false when there is none. */
export async function updateTarea(db: Db, id: number, codigoTienda: string, datos: TareaActualizar, userId: number | null): Promise<boolean> {
  const resultado = await db
    .updateTable('venta_tarea')
    .set({ tarea_completada: datos.tarea_completada, observacion_tarea: datos.observacion_tarea, user_id: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('venta_id', 'in', (eb) => eb.selectFrom('venta').select('id').where('codigo_tienda', '=', codigoTienda))
    .executeTakeFirst();
  return Number(resultado.numUpdatedRows) === 1;
}
