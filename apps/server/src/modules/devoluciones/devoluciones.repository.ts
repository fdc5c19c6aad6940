// The SQL of the refunds' writes (docs/decisions-reportes-dinero.md "Devoluciones"): the only file that writes
// devolucion_dinero (docs/architecture.md §3, one writer per ledger). The reports read it in cierre-mes' repository.
import type { OrigenDevolucion } from '@tablero/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/transaccion';
import { hoyNegocioSql } from '../../db/dias-negocio';

export interface FilaDevolucionNueva {
  codigoTienda: string;
  origen: OrigenDevolucion;
  origenId: number;
  usuarioId: number | null;
  formas: readonly { forma_pago_id: number; valor: number }[];
  /** The sale's partial return it belongs to (origin 'venta'); none for an annulment. */
  devolucionVentaId?: number;
}

/** One row per method, dated today's business day by PostgreSQL's clock: new rows nobody waits on. */
export async function insertDevoluciones(trx: Trx, fila: FilaDevolucionNueva): Promise<void> {
  if (fila.formas.length === 0) return;
  await trx
    .insertInto('devolucion_dinero')
    .values(
      fila.formas.map((f) => ({
        codigo_tienda: fila.codigoTienda,
        fecha: hoyNegocioSql(),
        origen: fila.origen,
        origen_id: fila.origenId,
        forma_pago_id: f.forma_pago_id,
        valor: f.valor,
        usuario_id: fila.usuarioId,
        devolucion_venta_id: fila.devolucionVentaId ?? null,
      })),
    )
    .execute();
}

/** What was already given back for one origin, per method (a sale's partial returns, before its annulment). */
export function sumDevueltoPorForma(db: Db, origen: OrigenDevolucion, origenId: number) {
  return db
    .selectFrom('devolucion_dinero')
    .select(['forma_pago_id', sql<string>`sum(valor)`.as('valor')])
    .where('origen', '=', origen)
    .where('origen_id', '=', origenId)
    .groupBy('forma_pago_id')
    .execute();
}
