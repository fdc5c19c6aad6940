/**
 * The quotation PDF (docs/decisions-cotizaciones.md): the sale document on letter paper titled 'Cotización No. N' with
 * its validity date (store, customer, seller, lines, taxes and totals: factura-venta.ts), followed by the drawings and
 * figures of every cut plan its board lines carry (planos-corte.ts), so the customer takes home what will be cut.
 */
import { aBuffer, datosPlanCorte, type PlanCorteGuardado } from './corte-comun';
import { dibujarCarta, nuevoDocumentoVenta, type DatosFacturaVenta } from './factura-venta';
import { dibujarPlanosCorte } from './planos-corte';

export interface DatosCotizacion {
  /** The sale document's data, clase 'COTIZACION', with fecha_validez. */
  documento: DatosFacturaVenta;
  /** The plans of its board lines, in line order, as stored (their JSON parsed here, on the worker). */
  planes: PlanCorteGuardado[];
}

export function renderCotizacion(datos: DatosCotizacion): Promise<Buffer> {
  const doc = nuevoDocumentoVenta(datos.documento);
  dibujarCarta(doc, datos.documento);
  for (const plan of datos.planes) dibujarPlanosCorte(doc, datosPlanCorte(plan));
  return aBuffer(doc);
}
