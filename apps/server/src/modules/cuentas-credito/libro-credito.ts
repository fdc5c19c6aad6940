/**
 * The one way the credit ledger is written (inside the module; not exported by its door): the account's total moves by
 * the movement's signed amount and the movement is written with the resulting balance, in the caller's transaction,
 * with the account's row already locked (lock order item 5). docs/decisions-creditos.md.
 */
import { aCentavos, dePesos, TIPOS_MOVIMIENTO_CREDITO, type TipoMovimientoCredito } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor } from '../../db/transaccion';
import * as repositorio from './libro-credito.repository';

/** How each type moves what the customer owes: charges and annulled payments raise it, the rest lower it. */
export const SIGNO_MOVIMIENTO: Record<TipoMovimientoCredito, 1 | -1> = {
  [TIPOS_MOVIMIENTO_CREDITO.VENTA]: 1,
  [TIPOS_MOVIMIENTO_CREDITO.PAGO]: -1,
  [TIPOS_MOVIMIENTO_CREDITO.ANULACION_PAGO]: 1,
  [TIPOS_MOVIMIENTO_CREDITO.ANULACION_VENTA]: -1,
  [TIPOS_MOVIMIENTO_CREDITO.ELIMINACION_CREDITO]: -1,
  [TIPOS_MOVIMIENTO_CREDITO.DEVOLUCION_VENTA]: -1,
  [TIPOS_MOVIMIENTO_CREDITO.RETENCION]: -1,
};

export interface MovimientoAsentar {
  tipo: TipoMovimientoCredito;
  /** The amount, > 0, in centavos; its sign comes from the type. */
  centavos: number;
  ventaId: number;
  descripcion: string;
  origenId?: number | null;
  observacion?: string | null;
  /** Business date 'YYYY-MM-DD' (today when absent). */
  fecha?: string | undefined;
}

/** Writes one movement and moves the account's total with it. Answers the movement's id and the new total (pesos). */
export async function asentar(db: Db, cuentaId: number, actor: Actor, movimiento: MovimientoAsentar): Promise<{ movimientoId: number; total: number }> {
  if (!Number.isSafeInteger(movimiento.centavos) || movimiento.centavos <= 0) throw new Error(`Movimiento de crédito sin valor: ${movimiento.centavos}`);
  const total = await repositorio.updateTotalCredito(db, cuentaId, dePesos(SIGNO_MOVIMIENTO[movimiento.tipo] * movimiento.centavos));
  const movimientoId = await repositorio.insertMovimiento(db, {
    cuenta_credito_id: cuentaId,
    tipo_movimiento_credito_id: movimiento.tipo,
    venta_id: movimiento.ventaId,
    descripcion_movimiento: movimiento.descripcion.slice(0, 200),
    valor_movimiento: dePesos(movimiento.centavos),
    saldo_credito: total,
    movimiento_origen_id: movimiento.origenId ?? null,
    observacion: movimiento.observacion ?? null,
    codigo_tienda: actor.codigoTienda,
    user_id: actor.userId,
    fecha_movimiento: movimiento.fecha,
  });
  return { movimientoId, total: dePesos(aCentavos(total)) };
}
