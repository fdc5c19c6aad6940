/**
 * The documents the server renders (docs/decisions-corte.md, Documentos fuera del hilo), by type, with the data each
 * one needs. Every PDF goes through the documents pool (`app.documentos.renderizar(tipo, datos)`), which renders it on
 * a worker thread: a large plan takes seconds of CPU, and on the request's thread it would hold every other call back.
 *
 * To add a document (invoice, remission…): its data type here, its renderer in renderizadores.ts. The data
 * crosses to the worker by structured clone: plain objects, arrays, strings, numbers, Dates; no functions or
 * class instances. Large JSON is best sent as text and parsed on the worker (cloning a large object graph
 * costs the request's thread far more than copying its text).
 */
import type { PlanCorteGuardado } from './corte-comun';
import type { DatosFacturaVenta } from './factura-venta';
import type { DatosReciboAnticipo } from './anticipo-recibo';
import type { DatosCierreCaja } from './cierre-caja';
import type { DatosCotizacion } from './cotizacion';
import type { EtiquetaRetal } from './etiquetas-retales';

export interface Documentos {
  /** The cut plan's plans PDF (documents/planos-corte.ts). */
  'planos-corte': PlanCorteGuardado;
  /** The cut plan's labels PDF, one label per piece copy (documents/etiquetas-corte.ts). */
  'etiquetas-corte': PlanCorteGuardado;
  /** A sale's invoice, remission or order PDF, letter or 80 mm (documents/factura-venta.ts; public/FVS). */
  'factura-venta': DatosFacturaVenta;
  /** An advance's receipt (documents/anticipo-recibo.ts; public/anticipo). */
  'anticipo-recibo': DatosReciboAnticipo;
  /** A cash shift's closing, letter or 80 mm (documents/cierre-caja.ts; public/cierre-caja). */
  'cierre-caja': DatosCierreCaja;
  /** A quotation with its cut plans (documents/cotizacion.ts; public/cotizacion). */
  cotizacion: DatosCotizacion;
  /** Kept offcuts' labels, code as a QR (documents/etiquetas-retales.ts; public/retales/etiquetas). */
  'retales-etiquetas': { etiquetas: EtiquetaRetal[] };
}

export type TipoDocumento = keyof Documentos;

/** A job for a documents worker. */
export interface MensajeDocumento {
  id: number;
  tipo: TipoDocumento;
  datos: unknown;
}

/** A worker's answer: the PDF's bytes (their memory moves to the main thread, not copied), or why it failed. */
export type RespuestaDocumento = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; mensaje: string };
