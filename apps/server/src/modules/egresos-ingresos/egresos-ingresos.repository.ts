// Every SQL query of expenses and income (spec 002 §2.10, §3 Expense / Income). The two tables have the same shape
// with their own field names (fecha_egreso / fecha_ingreso…); each query is written out for each, so every write names
// its table (the boundary test reads them) and its columns are checked by the compiler.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

/** A payment method as an expense or income checks it. */
export function findFormaPago(db: Db, id: number) {
  return db
    .selectFrom('forma_pago')
    .select(['id', 'nombre_forma_pago', 'forma_abono', 'forma_credito', 'activo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- egreso

/** An expense with its method's and user's names, as GET egresos/{id} answers it. */
export function findEgreso(db: Db, id: number) {
  return db
    .selectFrom('egreso as e')
    .innerJoin('forma_pago as f', 'f.id', 'e.forma_pago_id')
    .innerJoin('usuario as u', 'u.id', 'e.usuario_responsable')
    .select([
      'e.id',
      'e.codigo_tienda',
      'e.fecha_egreso',
      'e.forma_pago_id',
      'f.nombre_forma_pago',
      'e.valor_egreso',
      'e.descripcion_egreso',
      'e.usuario_responsable',
      'u.name as nombre_usuario',
      'e.fecha_inserta',
      'e.fecha_actualiza',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** The expense's row under lock (FOR UPDATE), as an edit reads it before writing the previous values. */
export function lockEgreso(trx: Trx, id: number) {
  return trx
    .selectFrom('egreso')
    .select(['id', 'codigo_tienda', 'fecha_egreso', 'forma_pago_id', 'valor_egreso', 'descripcion_egreso'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertEgreso(
  trx: Trx,
  fila: { codigo_tienda: string; fecha_egreso: string; forma_pago_id: number; valor_egreso: number; descripcion_egreso: string; usuario_responsable: number },
): Promise<number> {
  const { id } = await trx.insertInto('egreso').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEgreso(
  trx: Trx,
  id: number,
  cambios: { fecha_egreso: string; forma_pago_id: number; valor_egreso: number; descripcion_egreso: string; usuario_actualiza: number },
): Promise<void> {
  await trx
    .updateTable('egreso')
    .set({
      fecha_egreso: cambios.fecha_egreso,
      forma_pago_id: cambios.forma_pago_id,
      valor_egreso: cambios.valor_egreso,
      descripcion_egreso: cambios.descripcion_egreso,
      usuario_actualiza: cambios.usuario_actualiza,
      fecha_actualiza: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The values an expense had before an edit, with who edited it. */
export async function insertEgresoHistorial(
  trx: Trx,
  fila: { egreso_id: number; fecha_egreso: string; forma_pago_id: number; valor_egreso: string; descripcion_egreso: string; user_id: number },
): Promise<void> {
  await trx.insertInto('egreso_historial').values(fila).execute();
}

// ---------------------------------------------------------------- ingreso

/** An income with its method's and user's names, as GET ingresos/{id} answers it. */
export function findIngreso(db: Db, id: number) {
  return db
    .selectFrom('ingreso as i')
    .innerJoin('forma_pago as f', 'f.id', 'i.forma_pago_id')
    .innerJoin('usuario as u', 'u.id', 'i.usuario_responsable')
    .select([
      'i.id',
      'i.codigo_tienda',
      'i.fecha_ingreso',
      'i.forma_pago_id',
      'f.nombre_forma_pago',
      'i.valor_ingreso',
      'i.descripcion_ingreso',
      'i.usuario_responsable',
      'u.name as nombre_usuario',
      'i.fecha_inserta',
      'i.fecha_actualiza',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export function lockIngreso(trx: Trx, id: number) {
  return trx
    .selectFrom('ingreso')
    .select(['id', 'codigo_tienda', 'fecha_ingreso', 'forma_pago_id', 'valor_ingreso', 'descripcion_ingreso'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertIngreso(
  trx: Trx,
  fila: { codigo_tienda: string; fecha_ingreso: string; forma_pago_id: number; valor_ingreso: number; descripcion_ingreso: string; usuario_responsable: number },
): Promise<number> {
  const { id } = await trx.insertInto('ingreso').values(fila).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateIngreso(
  trx: Trx,
  id: number,
  cambios: { fecha_ingreso: string; forma_pago_id: number; valor_ingreso: number; descripcion_ingreso: string; usuario_actualiza: number },
): Promise<void> {
  await trx
    .updateTable('ingreso')
    .set({
      fecha_ingreso: cambios.fecha_ingreso,
      forma_pago_id: cambios.forma_pago_id,
      valor_ingreso: cambios.valor_ingreso,
      descripcion_ingreso: cambios.descripcion_ingreso,
      usuario_actualiza: cambios.usuario_actualiza,
      fecha_actualiza: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function insertIngresoHistorial(
  trx: Trx,
  fila: { ingreso_id: number; fecha_ingreso: string; forma_pago_id: number; valor_ingreso: string; descripcion_ingreso: string; user_id: number },
): Promise<void> {
  await trx.insertInto('ingreso_historial').values(fila).execute();
}
