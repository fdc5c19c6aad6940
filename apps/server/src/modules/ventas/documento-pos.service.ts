import { aCentavos, codigoParametroUvt, dePesos, leerUvtCentavos, limitePosCentavos, motivoNoPos, type DocumentosAdmitidos } from '@tablero/domain';
import type { Db } from '../../db/database';
import { tiendaDelActor, type Actor } from '../../db/transaccion';
import { AppError, campoInvalido } from '../../lib/app-error';
import * as facturaElectronicaService from '../factura-electronica';
import * as numeracionService from '../numeracion';
import * as parametrosService from '../parametros';
import * as repositorio from './facturar.repository';

/**
 * The documento equivalente electrónico POS at billing (docs/decisions-factura-electronica.md, "Documento equivalente
 * POS"): what the domain's rule (motivoNoPos) reads, taken from the store's ranges, the UVT parameter of the billing
 * day's year and the e-invoicing provider. Plain reads, before any lock: the number itself is taken later under the
 * lock order, and a range that stopped numbering meanwhile is refused there.
 */

/** The UVT of the year in centavos, or null when its parameter is missing or not an amount. */
async function uvtDelAnio(db: Db, anio: string): Promise<number | null> {
  return leerUvtCentavos(await parametrosService.valorParametro(db, codigoParametroUvt(anio)));
}

/** Why this sale cannot be a POS document on `hoy` (credit or cash as given), or null when it may; and the limit. */
async function revisarPos(db: Db, codigoTienda: string, subtotal: string | number, credito: boolean, hoy: string): Promise<{ motivo: string | null; limiteCentavos: number | null }> {
  const anio = hoy.slice(0, 4);
  const [uvtCentavos, tieneRango, proveedor] = await Promise.all([
    uvtDelAnio(db, anio),
    numeracionService.tieneRangoVigente(db, codigoTienda, 'POS', hoy),
    facturaElectronicaService.proveedorConfigurado(db),
  ]);
  const motivo = motivoNoPos({ credito, subtotalCentavos: aCentavos(subtotal), anio, uvtCentavos, tieneRango, proveedor });
  return { motivo, limiteCentavos: uvtCentavos === null ? null : limitePosCentavos(uvtCentavos) };
}

/** Inside the bill, before anything is written: a POS bill the rule refuses is a 422 on tipo_documento. */
export async function exigirDocumentoPos(db: Db, codigoTienda: string, subtotal: string, credito: boolean, hoy: string): Promise<void> {
  const { motivo } = await revisarPos(db, codigoTienda, subtotal, credito, hoy);
  if (motivo) throw campoInvalido('tipo_documento', motivo);
}

/**
 * GET facturas/{venta_id}/documentos: the kinds the bill dialog offers for a sale of the actor's store. The invoice is
 * always allowed (the buyer's right); the remission as today (cash only, which the dialog decides with its credit box);
 * the POS document when the rule allows it for a cash sale (the dialog adds the credit reason itself).
 */
export async function documentosAdmitidos(db: Db, actor: Actor, ventaId: number, hoy: string): Promise<DocumentosAdmitidos> {
  const codigoTienda = tiendaDelActor(actor);
  const venta = await repositorio.findVentaParaFacturar(db, ventaId, codigoTienda);
  if (!venta) throw new AppError('VENTA_NO_ENCONTRADA');
  const { motivo, limiteCentavos } = await revisarPos(db, codigoTienda, venta.total_subtotal_venta, false, hoy);
  return {
    documentos: [
      { tipo: 'FACTURA', permitido: true, motivo: null },
      { tipo: 'POS', permitido: motivo === null, motivo },
      { tipo: 'REMISION', permitido: true, motivo: null },
    ],
    limite_pos: limiteCentavos === null ? null : dePesos(limiteCentavos),
  };
}
