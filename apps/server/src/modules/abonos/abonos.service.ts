import { aCentavos, dePesos, TIPOS_MOVIMIENTO_ABONO, type AbonoMovimiento, type ConsultaLista, type OrdenAbono, type Pagina } from '@tablero/domain';
import type { Db } from '../../db/database';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError } from '../../lib/app-error';
import { paginar } from '../../lib/paginacion';
import * as periodosService from '../periodos';
import * as tercerosService from '../terceros';
import * as repositorio from './abonos.repository';

/** A movement as its writers say it: the balance it leaves and the actor are moverSaldoAbono's; no sale, origin or method by default. */
type MovimientoAbono = Omit<repositorio.FilaMovimientoAbono, 'saldo_abono' | 'codigo_tienda' | 'user_id' | OpcionalesAbono> &
  Partial<Pick<repositorio.FilaMovimientoAbono, OpcionalesAbono>>;
type OpcionalesAbono = 'venta_id' | 'movimiento_origen_id' | 'forma_pago_id';

/**
 * Moves the customer's prepaid balance by the movement's value and writes that movement with the balance it left, the
 * actor's store and user (no sale, origin or method unless given): the balance never moves without its ledger row
 * (docs/architecture.md §3). Call with the customer's row locked, inside the caller's transaction. Answers the new
 * balance (numeric text), the movement's id and, for an advance, its consecutive.
 */
export async function moverSaldoAbono(db: Trx, movimiento: MovimientoAbono, actor: Actor) {
  const saldo = await repositorio.updateSaldoAbono(db, movimiento.tercero_id, movimiento.valor_abono);
  const fila = await repositorio.insertMovimientoAbono(db, {
    venta_id: null,
    movimiento_origen_id: null,
    forma_pago_id: null,
    ...movimiento,
    saldo_abono: saldo,
    codigo_tienda: actor.codigoTienda,
    user_id: actor.userId,
  });
  return { ...fila, saldo };
}

/**
 * POST terceros/{id}/abono (spec 001 §5 Abono): a movement of type 1 and the raised saldo_abono, in the
 * caller's transaction, under the third party's row lock. Only customers (type C) receive abonos.
 * Answers the new balance in pesos.
 */
export async function registrarAbono(
  db: Trx,
  datos: { terceroId: number; valor: number; descripcion?: string | undefined; formaPagoId?: number | null },
  actor: Actor,
): Promise<number> {
  // Lock order step 0, before the customer's row lock: the abono is dated today (docs/decisions-periodos.md).
  if (actor.codigoTienda) await periodosService.exigirPeriodosAbiertos(db, actor.codigoTienda, [new Date()]);
  const tercero = await repositorio.lockSaldoAbono(db, datos.terceroId);
  if (!tercero) throw new AppError('TERCERO_NO_ENCONTRADO');
  if (tercero.tipo_tercero !== 'C') throw new AppError('ABONO_SOLO_CLIENTES');
  const { saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: datos.terceroId,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ABONO,
      descripcion_abono: datos.descripcion || 'Abono',
      valor_abono: datos.valor,
      forma_pago_id: datos.formaPagoId ?? null,
    },
    actor,
  );
  return Number(saldo);
}

/**
 * Spends prepaid balance on a sale (for the bill dialog's abono payment method, spec 000 §2.8): a movement
 * of type 2 with the sale and the lowered balance. 409 when the balance does not cover `valor`. Call inside
 * the transaction that records the sale's payments. Answers the balance left.
 */
export async function usarAbono(
  db: Trx,
  datos: { terceroId: number; valor: number; ventaId: number; descripcion?: string },
  actor: Actor,
): Promise<{ movimientoId: number; saldo: number }> {
  const tercero = await repositorio.lockSaldoAbono(db, datos.terceroId);
  if (!tercero) throw new AppError('TERCERO_NO_ENCONTRADO');
  if (aCentavos(datos.valor) <= 0) throw new AppError('DATOS_INVALIDOS');
  if (aCentavos(tercero.saldo_abono) < aCentavos(datos.valor)) throw new AppError('SALDO_ABONO_INSUFICIENTE');
  const { id: movimientoId, saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: datos.terceroId,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.PAGO_VENTA,
      descripcion_abono: datos.descripcion ?? `Pago de la venta ${datos.ventaId}`,
      valor_abono: -datos.valor,
      venta_id: datos.ventaId,
    },
    actor,
  );
  return { movimientoId, saldo: Number(saldo) };
}

/**
 * Gives back ONE spend of the prepaid balance (a type 2 row, e.g. the advance method of a credit payment being
 * annulled): a movement of type 4 'Anulación de pago de venta' with the same amount back, naming the spend
 * (movimiento_origen_id) and its sale. Under the customer's row lock (lock order item 4: tercero, then abono_tercero),
 * so two annulments of one spend queue and the second finds it given back: 409. 404 when the id names no spend.
 * Call inside the caller's transaction. Answers the new balance in pesos.
 */
export async function revertirUsoAbono(db: Trx, datos: { movimientoId: number; descripcion?: string }, actor: Actor): Promise<number> {
  const uso = await repositorio.buscarMovimientoAbono(db, datos.movimientoId);
  if (!uso || uso.tipo_movimiento_abono_id !== TIPOS_MOVIMIENTO_ABONO.PAGO_VENTA) {
    throw new AppError('NO_ENCONTRADO', 'No se encontró el pago con saldo de anticipo');
  }
  if (!(await repositorio.lockSaldoAbono(db, uso.tercero_id))) throw new AppError('TERCERO_NO_ENCONTRADO');
  // Read under the lock: every reversal of this spend is written by someone holding it.
  if (await repositorio.buscarReverso(db, uso.id)) throw new AppError('USO_ANTICIPO_YA_REVERTIDO', MENSAJE_USO_YA_REVERTIDO);
  const valor = dePesos(-aCentavos(uso.valor_abono));
  const { saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: uso.tercero_id,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ANULACION_PAGO_VENTA,
      descripcion_abono: datos.descripcion || (uso.venta_id ? `Anulación del pago de la venta ${uso.venta_id}` : 'Anulación de pago de venta'),
      valor_abono: valor,
      venta_id: uso.venta_id,
      movimiento_origen_id: uso.id,
    },
    actor,
  );
  return Number(saldo);
}

/**
 * Locks the customer's prepaid balance (lock order item 4, docs/architecture.md §3) for a writer that may credit it later
 * in its transaction, after its later locks (a partial return decides its saldo a favor only under the sale's lock).
 */
export async function bloquearSaldoAbono(db: Trx, terceroId: number): Promise<void> {
  if (!(await repositorio.lockSaldoAbono(db, terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
}

/**
 * Credits a sale's partial return to the customer's prepaid balance (saldo a favor): a movement of type 5 'Devolución de
 * venta' naming the sale, and the raised balance, under the customer's row lock (docs/decisions-factura-electronica.md,
 * "Devolución parcial"). Call inside the return's transaction, having locked the customer first (bloquearSaldoAbono).
 * Answers the new balance in pesos.
 */
export async function abonarDevolucionVenta(db: Trx, datos: { terceroId: number; ventaId: number; valor: number; descripcion: string }, actor: Actor): Promise<number> {
  if (aCentavos(datos.valor) <= 0) throw new AppError('DATOS_INVALIDOS');
  if (!(await repositorio.lockSaldoAbono(db, datos.terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
  const { saldo } = await moverSaldoAbono(
    db,
    {
      tercero_id: datos.terceroId,
      tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.DEVOLUCION_VENTA,
      descripcion_abono: datos.descripcion,
      valor_abono: datos.valor,
      venta_id: datos.ventaId,
    },
    actor,
  );
  return Number(saldo);
}

/** The 409 of revertirUsoAbono when that spend was already given back. */
export const MENSAJE_USO_YA_REVERTIDO = 'El pago con saldo de anticipo ya fue anulado';

/** GET terceros/{id}/abono/historial: a page of the third party's movements, newest first. */
export async function listarHistorial(db: Db, terceroId: number, consulta: ConsultaLista<OrdenAbono>): Promise<Pagina<AbonoMovimiento>> {
  if (!(await tercerosService.buscarTerceroPorId(db, terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
  const { filas, total } = await repositorio.listMovimientosAbono(db, terceroId, consulta);
  const movimientos = filas.map((fila) => ({
    ...fila,
    fecha_inserta: fila.fecha_inserta.toISOString(),
    valor_abono: Number(fila.valor_abono),
    saldo_abono: Number(fila.saldo_abono),
    nombre_usuario: fila.nombre_usuario ?? null,
  }));
  return paginar(movimientos, total, consulta.page, consulta.per_page);
}

/**
 * Gives back the prepaid balance a sale spent (its annulment, docs/decisions-anticipos.md, type 4): for each spend of the sale (type 2)
 * not yet reversed, a movement of type 4 with the same amount back, naming the spend and the sale, under the third
 * party's row lock (lock order item 4). Call inside the annulment's transaction. Answers the pesos given back.
 *
 * The spends to reverse are read only once their customers are locked (docs/architecture.md §3): a credit payment's
 * annulment gives back one of them under the same lock, and a list read before it would reverse that spend a second
 * time. Before the lock only the customers are read, to know which rows to lock: every spend naming a sale spends its
 * customer's balance (billing and the credit payment both do), and a movement's customer never changes.
 */
export async function devolverAbonoVenta(db: Trx, datos: { ventaId: number; descripcion?: string }, actor: Actor): Promise<number> {
  const terceros = await repositorio.listTercerosConPagosVenta(db, datos.ventaId);
  for (const terceroId of terceros) {
    if (!(await repositorio.lockSaldoAbono(db, terceroId))) throw new AppError('TERCERO_NO_ENCONTRADO');
  }
  const pagos = await repositorio.listPagosVentaSinAnular(db, datos.ventaId, terceros);
  // What the sale's partial returns already credited to the balance (type 5) is not given back twice: it comes off the
  // spends in id order (docs/decisions-factura-electronica.md, "Devolución parcial").
  let yaDevuelto = aCentavos(await repositorio.devueltoASaldoPorVenta(db, datos.ventaId, terceros));
  let devueltos = 0;
  for (const pago of pagos) {
    const descontado = Math.min(-aCentavos(pago.valor_abono), yaDevuelto);
    yaDevuelto -= descontado;
    const centavos = -aCentavos(pago.valor_abono) - descontado;
    if (centavos <= 0) continue;
    const valor = dePesos(centavos);
    await moverSaldoAbono(
      db,
      {
        tercero_id: pago.tercero_id,
        tipo_movimiento_abono_id: TIPOS_MOVIMIENTO_ABONO.ANULACION_PAGO_VENTA,
        descripcion_abono: datos.descripcion ?? `Anulación de la venta ${datos.ventaId}`,
        valor_abono: valor,
        venta_id: datos.ventaId,
        movimiento_origen_id: pago.id,
      },
      actor,
    );
    devueltos += centavos;
  }
  return dePesos(devueltos);
}
