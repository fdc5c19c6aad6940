/**
 * The labels PDF of a cut plan (modo_etiquetas 2, spec 001 §9): one label per piece copy, in board
 * order, 3 × 8 on letter pages, with the customer, the plan and board, the piece number and size,
 * its description, and its banded sides (named and drawn on a small outline of the piece).
 */
import type { Pieza } from '@tablero/cutting';
import { aBuffer, cantosTexto, cliente, escribir, medida, nuevoDocumento, numeracionTableros, type DatosPlanCorte } from './corte-comun';
import { dibujarEtiquetasRetales } from './etiquetas-retales';
import { retalesDePlan } from './retales-plan';

const HOJA = { ancho: 612, alto: 792, margen: 18, columnas: 3, filas: 8 };
const ANCHO = (HOJA.ancho - 2 * HOJA.margen) / HOJA.columnas;
const ALTO = (HOJA.alto - 2 * HOJA.margen) / HOJA.filas;

interface Etiqueta {
  fila: number;
  copia: number;
  tablero: number;
  patron: number;
}

/** Every piece copy with the board it is cut from: boards in plan order, pieces in placement order. */
function etiquetas(datos: DatosPlanCorte): Etiqueta[] {
  const lista: Etiqueta[] = [];
  const desde = numeracionTableros(datos.resultado);
  datos.resultado.tableros.forEach((grupo, g) => {
    for (let j = 0; j < grupo.cantidad; j++) {
      for (const colocada of grupo.piezas) {
        lista.push({ fila: colocada.pieza, copia: colocada.copias[j] ?? 0, tablero: desde[g]! + j, patron: g + 1 });
      }
    }
  });
  return lista;
}

/** An outline of the piece with thick lines on its banded sides. */
function esquema(doc: PDFKit.PDFDocument, pieza: Pieza, x: number, y: number, maxAncho: number, maxAlto: number): void {
  const escala = Math.min(maxAncho / pieza.base, maxAlto / pieza.altura);
  const w = Math.max(8, pieza.base * escala);
  const h = Math.max(8, pieza.altura * escala);
  const px = x + (maxAncho - w) / 2;
  const py = y + (maxAlto - h) / 2;
  doc.rect(px, py, w, h).lineWidth(0.5).strokeColor('#616161').stroke();
  doc.lineWidth(2.4).strokeColor('#1565c0');
  if (pieza.canto_base_top) doc.moveTo(px, py).lineTo(px + w, py).stroke();
  if (pieza.canto_base_bottom) doc.moveTo(px, py + h).lineTo(px + w, py + h).stroke();
  if (pieza.canto_altura_left) doc.moveTo(px, py).lineTo(px, py + h).stroke();
  if (pieza.canto_altura_right) doc.moveTo(px + w, py).lineTo(px + w, py + h).stroke();
}

/** Renders the labels PDF of a stored plan. */
export function renderEtiquetasCorte(datos: DatosPlanCorte): Promise<Buffer> {
  const doc = nuevoDocumento({ info: { Title: `Etiquetas del plan de corte N° ${datos.id}`, Author: 'Tablero' } });
  const porHoja = HOJA.columnas * HOJA.filas;
  const plan = [`Plan N° ${datos.id}`, datos.referencia].filter(Boolean).join(' · ');
  const quien = [cliente(datos), datos.numero_documento].filter(Boolean).join(' · ');
  etiquetas(datos).forEach((etiqueta, index) => {
    if (index % porHoja === 0) doc.addPage({ size: 'LETTER', margin: 0 });
    const celda = index % porHoja;
    const x = HOJA.margen + (celda % HOJA.columnas) * ANCHO;
    const y = HOJA.margen + Math.floor(celda / HOJA.columnas) * ALTO;
    const pieza = datos.entrada.piezas[etiqueta.fila]!;
    const p = 7; // padding
    const texto = ANCHO - 2 * p - 52; // room left of the outline
    doc.rect(x + 2, y + 2, ANCHO - 4, ALTO - 4).lineWidth(0.5).dash(2, { space: 2 }).strokeColor('#9e9e9e').stroke().undash();

    doc.fillColor('#212121').font('Helvetica-Bold').fontSize(18).text(`${etiqueta.fila + 1}`, x + p, y + p, { lineBreak: false });
    const anchoNumero = doc.widthOfString(`${etiqueta.fila + 1}`) + 8;
    doc.fontSize(13);
    escribir(doc, `${medida(pieza.base, pieza.altura)} mm`, x + p + anchoNumero, y + p + 4, ANCHO - 2 * p - anchoNumero);
    doc.font('Helvetica-Bold').fontSize(8.5);
    escribir(doc, pieza.descripcion || 'Sin descripción', x + p, y + p + 24, ANCHO - 2 * p);
    doc.font('Helvetica').fontSize(7.5);
    escribir(doc, quien, x + p, y + p + 37, texto);
    escribir(doc, plan, x + p, y + p + 47, texto);
    escribir(doc, `Tablero ${etiqueta.tablero} (patrón ${etiqueta.patron}) · Copia ${etiqueta.copia + 1} de ${pieza.cantidad}`, x + p, y + p + 57, texto);
    // The edge line may take two lines: a piece banded all round names four sides.
    doc.font('Helvetica-Bold').fontSize(7).text(`Canto: ${cantosTexto(pieza)}`, x + p, y + p + 67, { width: ANCHO - 2 * p, height: 17 });
    esquema(doc, pieza, x + ANCHO - p - 46, y + p + 30, 44, 34);
  });
  // docs/decisions-retales.md: one label per reusable leftover, with the code its kept offcut will have.
  if (datos.ladoMinimoRetal !== null) {
    const sobrantes = retalesDePlan(datos.id, datos.resultado.tableros, datos.ladoMinimoRetal);
    dibujarEtiquetasRetales(
      doc,
      sobrantes.map((r) => ({ codigo: r.codigo, referencia: datos.referencia, nombre_producto: `Sobrante del tablero ${r.numero_tablero} · Plan N° ${datos.id}`, base: r.base, altura: r.altura, tienda: '', fecha: null, venta_origen_id: null })),
    );
  }
  return aBuffer(doc);
}
