import type { Trx } from '../../db/transaccion';
import * as repositorio from './descuentos-venta.repository';

/** An approved or pending request as a sale's save checks it against its line. */
export interface DescuentoParaVenta {
  id: number;
  tercero_id: number;
  producto_id: number;
  cantidad_solicitada: number;
  precio_unitario: number;
  porcentaje_descuento: number;
  aprobado: boolean;
}

/**
 * The store's requests with these ids, locked for the sale's transaction (see lockDescuentos); a request of another
 * store is simply absent. The caller (the sale's save) decides whether each one covers its line.
 */
export async function bloquearDescuentosParaVenta(trx: Trx, codigoTienda: string, ids: number[]): Promise<Map<number, DescuentoParaVenta>> {
  if (ids.length === 0) return new Map();
  const filas = await repositorio.lockDescuentos(trx, codigoTienda, [...new Set(ids)]);
  return new Map(
    filas.map((fila) => [
      fila.id,
      {
        ...fila,
        cantidad_solicitada: Number(fila.cantidad_solicitada),
        precio_unitario: Number(fila.precio_unitario),
        porcentaje_descuento: Number(fila.porcentaje_descuento),
      },
    ]),
  );
}
