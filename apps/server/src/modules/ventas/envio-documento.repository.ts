// The SQL of a sale's document sends (docs/decisions-redondeo-envios.md, "Enviar desde la venta").
import { sql } from 'kysely';
import type { CanalEnvio, DocumentoEnvio, EstadoEnvio } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';

/**
 * The sale of the store with its customer's id, names and e-mail; undefined when it is not the store's. `null` as the
 * store: the job's read, of rows a request of that store already checked.
 */
export function findVentaParaEnvio(db: Db | Trx, ventaId: number, codigoTienda: string | null) {
  const consulta = db
    .selectFrom('venta as v')
    .innerJoin('tercero as c', 'c.id', 'v.cliente_id')
    .select(['v.id', 'v.codigo_tienda', 'v.cliente_id', 'v.estado_venta_id', 'v.tipo_documento', 'v.prefijo_factura_dian', 'v.nro_factura_dian', 'c.nombres', 'c.apellidos', 'c.correo_electronico'])
    .where('v.id', '=', ventaId);
  return (codigoTienda === null ? consulta : consulta.where('v.codigo_tienda', '=', codigoTienda)).executeTakeFirst();
}

/** One row per document of a send; answers their ids in the documents' order. */
export async function insertEnvios(
  trx: Trx,
  filas: { venta_id: number; codigo_tienda: string; documento: DocumentoEnvio; canal: CanalEnvio; destino: string | null; estado: EstadoEnvio; user_id: number | null }[],
): Promise<number[]> {
  const insertadas = await trx.insertInto('envio_documento').values(filas).returning('id').execute();
  return insertadas.map((fila) => fila.id);
}

/** The sale's sends, newest first, with the user's name. */
export function listEnvios(db: Db, ventaId: number) {
  return db
    .selectFrom('envio_documento as e')
    .leftJoin('usuario as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.documento', 'e.canal', 'e.destino', 'e.estado', 'e.mensaje', 'e.fecha', 'u.name as nombre_usuario'])
    .where('e.venta_id', '=', ventaId)
    .orderBy('e.id', 'desc')
    .execute();
}

/** The rows an e-mail job sends (still pending ones only: a job that runs again after a crash does not send twice). */
export function listEnviosPendientes(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('envio_documento')
    .select(['id', 'venta_id', 'documento', 'destino'])
    .where('id', 'in', [...ids])
    .where('estado', '=', 'PENDIENTE')
    .orderBy('id')
    .execute();
}

/** The result of an e-mail job on its rows. */
export async function updateEnvios(db: Db, ids: readonly number[], cambios: { estado: EstadoEnvio; mensaje: string | null; archivo?: string | null }): Promise<void> {
  await db.updateTable('envio_documento').set({ ...cambios, updated_at: sql<Date>`now()` }).where('id', 'in', [...ids]).execute();
}
