/**
 * Withholdings at billing (docs/decisions-retenciones.md): the bill names what the customer withholds; it is checked
 * before anything is written (retenciones' door), the payment rows of a cash bill then add up to the total minus it,
 * and once the sale is charged it is recorded (moment FACTURA) and, on a credit bill, taken off the sale's balance
 * with the ledger's 'Retención' movement (cuentas-credito's door). Kept out of facturar.service.ts: one call each.
 */
import type { Facturar } from '@tablero/domain';
import type { Actor, Trx } from '../../db/transaccion';
import * as cuentasCreditoService from '../cuentas-credito';
import * as retencionesService from '../retenciones';

export type RetencionesFactura = retencionesService.RetencionesRevisadas;

/** Checked before anything is written; answers them and what the payment rows must add up to (centavos). */
export async function prepararRetencionesFactura(trx: Trx, ventaId: number, datos: Facturar, totalCentavos: number): Promise<{ retenciones: RetencionesFactura; totalFilasCentavos: number }> {
  const retenciones = await retencionesService.revisarRetencionesVenta(trx, ventaId, datos.retenciones);
  // A credit bill charges the whole sale and the withholding then lowers its balance; a cash bill receives the rest.
  return { retenciones, totalFilasCentavos: datos.crear_venta_credito ? totalCentavos : totalCentavos - retenciones.centavos };
}

/** After the sale's charge: the credit movement (credit bill) and the withholding rows. */
export async function asentarRetencionesFactura(trx: Trx, actor: Actor, retenciones: RetencionesFactura, credito: boolean, hoy: string): Promise<void> {
  if (retenciones.centavos === 0) return;
  const movimientoId = credito ? await cuentasCreditoService.retenerCreditoVenta(trx, { ventaId: retenciones.ventaId, centavos: retenciones.centavos, fecha: hoy }, actor) : null;
  await retencionesService.registrarRetenciones(trx, actor, retenciones, 'FACTURA', hoy, movimientoId);
}
