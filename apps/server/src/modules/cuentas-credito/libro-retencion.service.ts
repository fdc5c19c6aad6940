/**
 * The credit ledger's side of withholdings (docs/decisions-retenciones.md): what a customer withholds on a credit sale
 * is taken off the sale's pending balance by a movement of type 7 'Retención', written through `asentar` under the
 * account's row lock (lock order item 5), in the caller's transaction; the withholding rows themselves belong to the
 * retenciones module, which this one calls through its door.
 */
import { dePesos, formatearPesos, MENSAJES_RETENCIONES, TIPOS_MOVIMIENTO_CREDITO, aCentavos, type RetencionEntrada } from '@tablero/domain';
import type { Actor, Trx } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as retencionesService from '../retenciones';
import { asentar } from './libro-credito';
import * as cuentas from './cuentas-credito.repository';
import * as libro from './libro-credito.repository';

/**
 * At billing, after the sale's charge: takes `centavos` withheld off the credit sale's balance (one 'Retención'
 * movement on the account of its charge). Answers the movement's id.
 */
export async function retenerCreditoVenta(trx: Trx, datos: { ventaId: number; centavos: number; fecha?: string }, actor: Actor): Promise<number> {
  const [cuentaId] = await libro.listCuentasDeCargosVenta(trx, datos.ventaId);
  if (cuentaId === undefined) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const cuenta = await cuentas.lockCuenta(trx, cuentaId);
  if (!cuenta) throw new AppError('CUENTA_CREDITO_NO_ENCONTRADA');
  const pendiente = aCentavos(await libro.saldoDeVenta(trx, cuentaId, datos.ventaId));
  if (datos.centavos >= pendiente) throw campoInvalido('retenciones', MENSAJES_RETENCIONES.creditoMenor);
  const { movimientoId } = await asentar(trx, cuentaId, actor, {
    tipo: TIPOS_MOVIMIENTO_CREDITO.RETENCION,
    centavos: datos.centavos,
    ventaId: datos.ventaId,
    descripcion: `Retenciones de la venta No. ${datos.ventaId}`,
    fecha: datos.fecha,
  });
  return movimientoId;
}

/**
 * At a credit payment (POST creditos/abonos with `retenciones`), with the account already locked and the sale's pending
 * balance read under that lock: the withholdings the customer announces on the invoice it pays are checked (by the
 * retenciones module), the payment and them together may not exceed what the sale owes, and they are taken off with a
 * 'Retención' movement and recorded (moment ABONO). Nothing when the payment announces none.
 */
export async function retenerEnAbono(
  trx: Trx,
  datos: { cuentaId: number; ventaId: number; pendienteCentavos: number; pagoCentavos: number; fecha: string; retenciones: readonly RetencionEntrada[] },
  actor: Actor,
): Promise<void> {
  if (datos.retenciones.length === 0) return;
  const revisadas = await retencionesService.revisarRetencionesVenta(trx, datos.ventaId, datos.retenciones);
  if (revisadas.centavos + datos.pagoCentavos > datos.pendienteCentavos) {
    throw campoInvalido('retenciones', MENSAJES_RETENCIONES.sumaSuperaSaldo(formatearPesos(dePesos(Math.max(datos.pendienteCentavos, 0)))));
  }
  const { movimientoId } = await asentar(trx, datos.cuentaId, actor, {
    tipo: TIPOS_MOVIMIENTO_CREDITO.RETENCION,
    centavos: revisadas.centavos,
    ventaId: datos.ventaId,
    descripcion: `Retenciones del abono a la venta No. ${datos.ventaId}`,
    fecha: datos.fecha,
  });
  await retencionesService.registrarRetenciones(trx, actor, revisadas, 'ABONO', datos.fecha, movimientoId);
}
