/**
 * What annulling a sale gives back to the customer (docs/decisions-reportes-dinero.md "Devoluciones"): the preview the
 * annul dialog shows (GET facturas/{venta_id}/devolucion) and the rows the annulment writes are the same function's.
 */
import { aCentavos, dePesos, ESTADOS_VENTA, formatearPesos, MENSAJES_DEVOLUCION_PARCIAL, MENSAJES_FACTURACION, type DevolucionForma, type DevolucionPrevia } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import * as cuentasCreditoService from '../cuentas-credito';
import * as devolucionesService from '../devoluciones';
import { listFormasDevolucionVenta } from './devolucion-venta.repository';
import { findVentaParaFacturar } from './facturar.repository';

/**
 * The methods a sale's annulment gives back, one per method: what each brought, less what the sale's partial returns
 * already gave back in it (docs/decisions-factura-electronica.md, "Devolución parcial"). A partial return spends them
 * in this same order.
 */
export async function formasDevolucionVenta(db: Db, ventaId: number): Promise<DevolucionForma[]> {
  const devuelto = await devolucionesService.devueltoPorForma(db, 'venta', ventaId);
  return devolucionesService
    .agruparFormas(await listFormasDevolucionVenta(db, ventaId))
    .map((forma) => ({ ...forma, valor: dePesos(aCentavos(forma.valor) - (devuelto.get(forma.forma_pago_id) ?? 0)) }))
    .filter((forma) => aCentavos(forma.valor) > 0);
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
  const previa = devolucionesService.previa('venta', ventaId, await formasDevolucionVenta(db, ventaId));
  // A credit sale gives back no money for what it still owes: the annulment takes that off the customer's account, and
  // the dialog says so (the same sentence a partial return's preview writes).
  const credito = await cuentasCreditoService.saldoCreditoVenta(db, ventaId);
  if (credito === 0) return previa;
  const descuento = MENSAJES_DEVOLUCION_PARCIAL.credito(formatearPesos(dePesos(credito)));
  return { ...previa, mensaje: previa.formas.length === 0 ? descuento : `${descuento}. ${previa.mensaje}` };
}
