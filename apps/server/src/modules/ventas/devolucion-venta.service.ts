/**
 * What annulling a sale gives back to the customer (docs/decisions-reportes-dinero.md "Devoluciones"): the preview the
 * annul dialog shows (GET facturas/{venta_id}/devolucion) and the rows the annulment writes are the same function's.
 */
import { ESTADOS_VENTA, MENSAJES_FACTURACION, type DevolucionForma, type DevolucionPrevia } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as devolucionesService from '../devoluciones';
import { listFormasDevolucionVenta } from './devolucion-venta.repository';
import { findVentaParaFacturar } from './facturar.repository';

/** The methods a sale's annulment gives back, one per method. */
export async function formasDevolucionVenta(db: Db, ventaId: number): Promise<DevolucionForma[]> {
  return devolucionesService.agruparFormas(await listFormasDevolucionVenta(db, ventaId));
}

/**
 * GET facturas/{venta_id}/devolucion: a billed sale of the actor's store (404 otherwise; 409 when it cannot be annulled,
 * as the annulment answers) and what its annulment would give back now.
 */
export async function previaDevolucionVenta(db: Db, actor: Actor, ventaId: number): Promise<DevolucionPrevia> {
  const venta = await findVentaParaFacturar(db, ventaId, tiendaDelActor(actor));
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  if (venta.estado_venta_id !== ESTADOS_VENTA.facturado && venta.estado_venta_id !== ESTADOS_VENTA.facturadoSinEnvio) {
    throw new AppError('ANULAR_NO_FACTURADA', MENSAJES_FACTURACION.anularNoFacturada);
  }
  return devolucionesService.previa('venta', ventaId, await formasDevolucionVenta(db, ventaId));
}
