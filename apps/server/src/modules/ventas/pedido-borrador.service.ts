import type { BorradorPedido, BorradorPedidoGuardar } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, usuarioDelActor, type Actor, type Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as repositorio from './pedido-borrador.repository';

/**
 * The order form's draft (docs/decisions.md "Borrador del pedido"): each seller's own, in the selected store, one for a
 * new order and one per order being edited. The server keeps the form's state as it comes and never reads into it; a
 * save of the order deletes its draft in the same transaction (guardarVenta).
 */

const claveDe = (actor: Actor, ventaId: number | null | undefined): repositorio.ClaveBorrador => ({
  usuarioId: usuarioDelActor(actor),
  codigoTienda: tiendaDelActor(actor),
  ventaId: ventaId ?? null,
});

const aRespuesta = (fila: { venta_id: number | null; tercero_id: number; contenido: Record<string, unknown>; fecha_actualiza: Date }): BorradorPedido => ({
  venta_id: fila.venta_id,
  tercero_id: fila.tercero_id,
  contenido: fila.contenido,
  fecha_actualiza: fila.fecha_actualiza.toISOString(),
});

export async function leerBorradorPedido(db: Db, actor: Actor, ventaId: number | undefined): Promise<BorradorPedido | null> {
  const fila = await repositorio.leerBorrador(db, claveDe(actor, ventaId));
  return fila ? aRespuesta(fila) : null;
}

/** Keeps the draft; an order being edited must be one of the store (404 otherwise, as reading it would answer). */
export async function guardarBorradorPedido(trx: Trx, actor: Actor, datos: BorradorPedidoGuardar): Promise<BorradorPedido> {
  const clave = claveDe(actor, datos.venta_id);
  if (clave.ventaId !== null && !(await repositorio.existeVentaEnTienda(trx, clave.ventaId, clave.codigoTienda))) {
    throw new AppError('VENTA_NO_ENCONTRADA');
  }
  return aRespuesta(await repositorio.escribirBorrador(trx, clave, datos.tercero_id, JSON.stringify(datos.contenido)));
}

/** Deletes the draft (the order was saved, or the seller discarded it); answers how many went (0 or 1). */
export function descartarBorradorPedido(trx: Trx, actor: Actor, ventaId: number | null | undefined): Promise<number> {
  return repositorio.borrarBorrador(trx, claveDe(actor, ventaId));
}
