import type { Trx } from '../../db/transaccion';

/**
 * The store's discount requests a sale's lines name, locked until the sale's transaction ends (lock order,
 * docs/architecture.md: venta, then descuento_solicitado), in id order so two sales naming the same requests queue
 * instead of deadlocking. A second sale naming a request waits here and then sees the first sale's lines.
 */
export function lockDescuentos(trx: Trx, codigoTienda: string, ids: number[]) {
  return trx
    .selectFrom('descuento_solicitado')
    .select(['id', 'tercero_id', 'producto_id', 'cantidad_solicitada', 'precio_unitario', 'porcentaje_descuento', 'aprobado'])
    .where('codigo_tienda', '=', codigoTienda)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}
