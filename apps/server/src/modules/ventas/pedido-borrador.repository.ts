import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

/** Whose draft: the user, the store and the order being edited (null: a new order). */
export interface ClaveBorrador {
  usuarioId: number;
  codigoTienda: string;
  ventaId: number | null;
}

export function leerBorrador(db: Db, clave: ClaveBorrador) {
  return db
    .selectFrom('pedido_borrador')
    .select(['venta_id', 'tercero_id', 'contenido', 'fecha_actualiza'])
    .where('usuario_id', '=', clave.usuarioId)
    .where('codigo_tienda', '=', clave.codigoTienda)
    .where((eb) => (clave.ventaId === null ? eb('venta_id', 'is', null) : eb('venta_id', '=', clave.ventaId)))
    .executeTakeFirst();
}

/** Whether the order exists in the store (a draft names only an order of its store). */
export async function existeVentaEnTienda(trx: Trx, ventaId: number, codigoTienda: string): Promise<boolean> {
  const fila = await trx.selectFrom('venta').select('id').where('id', '=', ventaId).where('codigo_tienda', '=', codigoTienda).executeTakeFirst();
  return fila !== undefined;
}

/** One draft per key: a new one is inserted, a kept one rewritten (the unique index treats a null venta_id as one). */
export function escribirBorrador(trx: Trx, clave: ClaveBorrador, terceroId: number, contenido: string) {
  return trx
    .insertInto('pedido_borrador')
    .values({ usuario_id: clave.usuarioId, codigo_tienda: clave.codigoTienda, venta_id: clave.ventaId, tercero_id: terceroId, contenido })
    .onConflict((oc) =>
      oc.columns(['usuario_id', 'codigo_tienda', 'venta_id']).doUpdateSet({ tercero_id: terceroId, contenido, fecha_actualiza: sql<Date>`now()` }),
    )
    .returning(['venta_id', 'tercero_id', 'contenido', 'fecha_actualiza'])
    .executeTakeFirstOrThrow();
}

/** Deletes the key's draft; answers how many rows went (0 or 1). */
export async function borrarBorrador(trx: Trx, clave: ClaveBorrador): Promise<number> {
  const resultado = await trx
    .deleteFrom('pedido_borrador')
    .where('usuario_id', '=', clave.usuarioId)
    .where('codigo_tienda', '=', clave.codigoTienda)
    .where((eb) => (clave.ventaId === null ? eb('venta_id', 'is', null) : eb('venta_id', '=', clave.ventaId)))
    .executeTakeFirst();
  return Number(resultado.numDeletedRows);
}
