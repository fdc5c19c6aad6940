/**
 * The withholdings an invoice carries (docs/decisions-retenciones.md): those recorded at billing (moment FACTURA), as
 * @tablero/dian writes them in cac:WithholdingTaxTotal. A withholding announced later with a credit payment is not on
 * the invoice, already issued by then.
 */
import { CODIGO_DIAN_RETENCION } from '@tablero/domain';
import type { RetencionDocumento } from '@tablero/dian';
import type { Db } from '../../db/database';
import * as retencionesService from '../retenciones';

/** A rate as DIAN's lists write it: two decimals at least ('2.50', '15.00'), up to four when it has them ('1.104'). */
export const porcentajeDian = (tarifa: number) => tarifa.toFixed(4).replace(/0{1,2}$/, '');

export async function retencionesFactura(db: Db, ventaId: number): Promise<RetencionDocumento[]> {
  const retenciones = await retencionesService.retencionesDeVenta(db, ventaId, 'FACTURA');
  return retenciones.map((r) => ({ codigo: CODIGO_DIAN_RETENCION[r.tipo], porcentaje: porcentajeDian(r.tarifa), baseCentavos: r.baseCentavos, valorCentavos: r.valorCentavos }));
}
