import { SUPER_ADMINISTRADOR, type TiendaUsuario } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as usuariosService from '../usuarios';
import * as repositorio from './tiendas.repository';

/** spec 000 §7: the stores of a user. A user reads their own; SuperAdministrador reads anyone's. */
export async function tiendasDeUsuario(db: Db, actor: Actor, userId: number): Promise<TiendaUsuario[]> {
  if (userId !== actor.userId) {
    if (actor.role !== SUPER_ADMINISTRADOR) throw new AppError('ROL_NO_PERMITIDO');
    if (!(await usuariosService.buscarUsuario(db, userId))) throw new AppError('USUARIO_NO_ENCONTRADO');
  }
  return repositorio.listTiendasDeUsuario(db, userId);
}

export function crearTienda(db: Db, tienda: { codigo_tienda: string; nombre_tienda: string }) {
  return repositorio.insertTienda(db, tienda);
}

/**
 * A record of a given store is reached only by a user who works in it (an active store of theirs), whatever store is
 * selected: otherwise 403 TIENDA_NO_PERMITIDA, as a store header naming someone else's store is. The system actor (demo
 * data) passes. Used where one screen lists several stores' rows, each with its edit (Cuadre de caja, supplier payments).
 */
export async function exigirTiendaDelUsuario(db: Db, actor: Actor, codigoTienda: string): Promise<void> {
  if (actor.userId === null) return;
  const tiendas = await repositorio.listTiendasDeUsuario(db, actor.userId);
  if (!tiendas.some((tienda) => tienda.codigo_tienda === codigoTienda)) throw new AppError('TIENDA_NO_PERMITIDA');
}

/** True once any store exists: the demo data is loaded only into an empty database. */
export function hayTiendas(db: Db): Promise<boolean> {
  return repositorio.existeTienda(db);
}
