/**
 * The renderer of each document type. Loaded by the documents worker (documentos.worker.ts), not by the
 * request thread: pdfkit and the renderers only run off the event loop.
 */
import { renderReciboAnticipo } from './anticipo-recibo';
import { renderCierreCaja } from './cierre-caja';
import { datosPlanCorte } from './corte-comun';
import { renderCotizacion } from './cotizacion';
import { renderEstadoCuentaCredito, renderReciboCredito } from './creditos-documentos';
import type { Documentos, TipoDocumento } from './documentos';
import { renderEtiquetasCorte } from './etiquetas-corte';
import { renderEtiquetasRetales } from './etiquetas-retales';
import { renderFacturaVenta } from './factura-venta';
import { renderPlanosCorte } from './planos-corte';

export const RENDERIZADORES: { [T in TipoDocumento]: (datos: Documentos[T]) => Promise<Buffer> } = {
  'planos-corte': (plan) => renderPlanosCorte(datosPlanCorte(plan)),
  'etiquetas-corte': (plan) => renderEtiquetasCorte(datosPlanCorte(plan)),
  'factura-venta': (datos) => renderFacturaVenta(datos),
  'credito-recibo': (datos) => renderReciboCredito(datos),
  'credito-estado-cuenta': (datos) => renderEstadoCuentaCredito(datos),
  'anticipo-recibo': (datos) => renderReciboAnticipo(datos),
  'cierre-caja': (datos) => renderCierreCaja(datos),
  cotizacion: (datos) => renderCotizacion(datos),
  'retales-etiquetas': (datos) => renderEtiquetasRetales(datos),
};

/**
 * Renders one document on the calling thread (the worker's). Async so that a renderer that throws while
 * drawing (synchronously) rejects like one that fails later; an unknown type is a programming error.
 */
export async function renderizarEnEsteHilo<T extends TipoDocumento>(tipo: T, datos: Documentos[T]): Promise<Buffer> {
  const renderizador = RENDERIZADORES[tipo] as ((datos: Documentos[T]) => Promise<Buffer>) | undefined;
  if (!renderizador) throw new Error(`Tipo de documento desconocido: ${String(tipo)}`);
  return renderizador(datos);
}
