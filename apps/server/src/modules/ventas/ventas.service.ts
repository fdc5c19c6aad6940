import type { Tarea, TareaActualizar, TareaCrear, TareaPendiente } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as repositorio from './ventas.repository';

/** A sale of the actor's store, or 404 (a sale of another store is not told apart from a missing one). */
async function ventaDelActor(db: Db, actor: Actor, ventaId: number): Promise<number> {
  const id = await repositorio.findVentaEnTienda(db, ventaId, tiendaDelActor(actor));
  if (id === null) throw new AppError('VENTA_NO_ENCONTRADA');
  return id;
}

/** POST tareas (spec 000 §2.9): the tasks of one sale. */
export async function tareasDeVenta(db: Db, actor: Actor, ventaId: number): Promise<Tarea[]> {
  return repositorio.listTareasDeVenta(db, await ventaDelActor(db, actor, ventaId));
}

/** POST tareas/guardar: a new open task. */
export async function crearTarea(db: Db, actor: Actor, datos: TareaCrear): Promise<Tarea> {
  await ventaDelActor(db, actor, datos.venta_id);
  return repositorio.insertTarea(db, datos, actor.userId);
}

/** PUT tareas/{id}/actualizar (spec 000 §4.2): completes or reopens a task, with its observation. */
export async function actualizarTarea(db: Db, actor: Actor, id: number, datos: TareaActualizar): Promise<void> {
  if (!(await repositorio.updateTarea(db, id, tiendaDelActor(actor), datos, actor.userId))) throw new AppError('TAREA_NO_ENCONTRADA');
}

/** GET tareas (Pendientes, spec 000 §2.16): the store's open tasks (or completed ones), oldest order first. */
export async function tareasDeTienda(db: Db, actor: Actor, completadas: boolean): Promise<TareaPendiente[]> {
  const filas = await repositorio.listTareasDeTienda(db, tiendaDelActor(actor), completadas);
  return filas.map((fila) => ({ ...fila, fecha_venta: fila.fecha_venta.toISOString() }));
}
