/**
 * Offcut labels (docs/decisions-retales.md): one label per kept offcut, 2 × 5 on letter pages, with its code as a QR
 * (drawn as vectors, as the invoice's) and in large text, the material's reference and name, its size, the store, the
 * day it was kept and the sale it came from. The plan's labels PDF prints the same label for each leftover it will
 * leave (etiquetas-corte.ts), so the code the saw operator sticks on is the one the offcut gets.
 */
import { formatearFecha } from '@tablero/domain';
import { aBuffer, dibujarQr, escribir, GRIS, medida, nuevoDocumento, TINTA } from './corte-comun';

export interface EtiquetaRetal {
  codigo: string;
  referencia: string;
  nombre_producto: string;
  base: number;
  altura: number;
  /** Store name (empty on a plan's labels, printed before the offcut is kept in a store). */
  tienda: string;
  /** Business date 'YYYY-MM-DD' it was kept, or null before the cut. */
  fecha: string | null;
  venta_origen_id: number | null;
}

const HOJA = { ancho: 612, alto: 792, margen: 24, columnas: 2, filas: 5 };
const ANCHO = (HOJA.ancho - 2 * HOJA.margen) / HOJA.columnas;
const ALTO = (HOJA.alto - 2 * HOJA.margen) / HOJA.filas;

/** Draws offcut labels on `doc`, from a new page, ten per page. */
export function dibujarEtiquetasRetales(doc: PDFKit.PDFDocument, etiquetas: readonly EtiquetaRetal[]): void {
  const porHoja = HOJA.columnas * HOJA.filas;
  etiquetas.forEach((etiqueta, index) => {
    if (index % porHoja === 0) doc.addPage({ size: 'LETTER', margin: 0 });
    const celda = index % porHoja;
    const x = HOJA.margen + (celda % HOJA.columnas) * ANCHO;
    const y = HOJA.margen + Math.floor(celda / HOJA.columnas) * ALTO;
    const p = 10;
    const lado = ALTO - 2 * p - 4;
    doc.rect(x + 2, y + 2, ANCHO - 4, ALTO - 4).lineWidth(0.5).dash(2, { space: 2 }).strokeColor('#9e9e9e').stroke().undash();
    dibujarQr(doc, etiqueta.codigo, x + p, y + p + 2, lado);
    const tx = x + p + lado + 8;
    const ancho = ANCHO - (tx - x) - p;
    doc.fillColor(TINTA).font('Helvetica-Bold').fontSize(22);
    escribir(doc, etiqueta.codigo, tx, y + p + 2, ancho);
    doc.fontSize(14);
    escribir(doc, `${medida(etiqueta.base, etiqueta.altura)} mm`, tx, y + p + 32, ancho);
    doc.font('Helvetica-Bold').fontSize(9);
    escribir(doc, etiqueta.referencia, tx, y + p + 54, ancho);
    doc.font('Helvetica').fontSize(8.5);
    escribir(doc, etiqueta.nombre_producto, tx, y + p + 66, ancho);
    doc.fillColor(GRIS).fontSize(8);
    const origen = [etiqueta.tienda, etiqueta.fecha ? `Guardado ${formatearFecha(etiqueta.fecha)}` : 'Sobrante del corte'].filter(Boolean).join(' · ');
    escribir(doc, origen, tx, y + p + 82, ancho);
    if (etiqueta.venta_origen_id !== null) escribir(doc, `Venta No. ${etiqueta.venta_origen_id}`, tx, y + p + 94, ancho);
  });
}

/** The labels PDF of kept offcuts (POST retales/etiquetas's link). */
export function renderEtiquetasRetales(datos: { etiquetas: EtiquetaRetal[] }): Promise<Buffer> {
  const doc = nuevoDocumento({ info: { Title: 'Etiquetas de retales', Author: 'Tablero' } });
  dibujarEtiquetasRetales(doc, datos.etiquetas);
  return aBuffer(doc);
}
