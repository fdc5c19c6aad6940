// The SQL of the refunds' writes (docs/decisions-reportes-dinero.md "Devoluciones"): the only file that writes
// devolucion_dinero (docs/architecture.md §3, one writer per ledger). The reports read it in cierre-mes' repository.
import type { OrigenDevolucion } from '@tablero/domain';
import type { Trx } from '../../db/transaccion';
import { hoyNegocioSql } from '../../db/dias-negocio';

export interface FilaDevolucionNueva {
  codigoTienda: string;
  origen: OrigenDevolucion;
  origenId: number;
  usuarioId: number | null;
  formas: readonly { forma_pago_id: number; valor: number }[];
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
      })),
    )
    .execute();
}
