/**
 * Shared pieces of the PDF documents: the cut plan's data and its texts of sizes, edges and dates (plans and labels,
 * spec 001 cutting optimizer), the documents' palette and letter page, and pdfkit to a Buffer.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Pieza, ResultadoCorte } from '@tablero/cutting';
import { formatearFechaHora, formatearPorcentaje, type CantoPlan, type Optimizar } from '@tablero/domain';

/** What the documents print: a stored optimizer result and who it is for (built by datosPlanCorte). */
export interface DatosPlanCorte {
  /** Plan number (optimizacion.id). */
  id: number;
  /**
   * The form values the plan was optimized with; each piece names its edges by the product's reference (what
   * the operator reads on the roll), not by the product id the form sent.
   */
  entrada: Pick<Optimizar, 'parametros' | 'canto'> & { piezas: Pieza[] };
  resultado: ResultadoCorte;
  /** The plan's edge products, to name each edge reference. */
  cantos: CantoPlan[];
  nombres: string;
  apellidos: string;
  numero_documento: string;
  referencia: string;
  fecha: Date;
  /** Per offcut row of the plan (TrabajoCorte.retales' index), the code of the inventory offcut it is, or null. */
  codigosRetales: (string | null)[];
  /** RETAL_LADO_MINIMO: the leftovers that get a kept offcut's label (docs/decisions-retales.md). */
  ladoMinimoRetal: number | null;
}

/**
 * A stored plan as it crosses to the documents worker: its two large JSON columns still as text. Parsing them and
 * cloning the parsed objects across threads cost the request's thread tens of milliseconds per large plan; text
 * crosses in well under one, and the worker parses it.
 */
export interface PlanCorteGuardado extends Omit<DatosPlanCorte, 'entrada' | 'resultado' | 'codigosRetales' | 'ladoMinimoRetal'> {
  /** The codes of the inventory offcuts the plan uses, by offcut id (none for a plan that uses none). */
  retalesCodigos?: Record<number, string>;
  /** RETAL_LADO_MINIMO when the plan's labels print its leftovers' labels; absent (none printed) otherwise. */
  ladoMinimoRetal?: number;
  /** optimizacion.entrada, JSON text (the validated form; edges by product id, or by reference in older plans). */
  entradaJson: string;
  /** optimizacion.resultado, JSON text (the engine's answer). */
  resultadoJson: string;
}

/**
 * An edge side of a stored piece as the documents print it: the product's reference for an id (plans stored
 * since edges are product ids), the text itself for plans stored before (their edges were references).
 */
function referenciaCanto(valor: unknown, cantos: Map<number, CantoPlan>): string | null {
  if (typeof valor === 'number') return cantos.get(valor)?.referencia ?? String(valor);
  if (typeof valor === 'string' && valor.trim() !== '') return valor;
  return null;
}

/** What the documents print from a stored plan (on the worker): pieces with their edges named by reference. */
export function datosPlanCorte(plan: PlanCorteGuardado): DatosPlanCorte {
  const entrada = JSON.parse(plan.entradaJson) as Optimizar;
  const cantos = new Map(plan.cantos.map((canto) => [canto.id, canto]));
  const piezas: Pieza[] = entrada.piezas.map((pieza) => ({
    ...pieza,
    canto_base_top: referenciaCanto(pieza.canto_base_top, cantos),
    canto_base_bottom: referenciaCanto(pieza.canto_base_bottom, cantos),
    canto_altura_left: referenciaCanto(pieza.canto_altura_left, cantos),
    canto_altura_right: referenciaCanto(pieza.canto_altura_right, cantos),
  }));
  return {
    id: plan.id,
    entrada: { piezas, parametros: entrada.parametros, canto: entrada.canto },
    resultado: JSON.parse(plan.resultadoJson) as ResultadoCorte,
    cantos: plan.cantos,
    nombres: plan.nombres,
    apellidos: plan.apellidos,
    numero_documento: plan.numero_documento,
    referencia: plan.referencia,
    fecha: plan.fecha,
    codigosRetales: (entrada.retales ?? []).map((retal) => (retal.retal_id ? (plan.retalesCodigos?.[retal.retal_id] ?? null) : null)),
    ladoMinimoRetal: plan.ladoMinimoRetal ?? null,
  };
}

export const LADOS = [
  { campo: 'canto_base_top', corto: 'Sup' },
  { campo: 'canto_base_bottom', corto: 'Inf' },
  { campo: 'canto_altura_left', corto: 'Izq' },
  { campo: 'canto_altura_right', corto: 'Der' },
] as const;
export type Lado = (typeof LADOS)[number]['campo'];

export function mm(valor: number): string {
  return String(Math.round(valor * 10) / 10);
}

export function medida(base: number, altura: number): string {
  return `${mm(base)} × ${mm(altura)}`;
}

export function porcentaje(valor: number): string {
  return formatearPorcentaje(valor, 2, true);
}

export function cliente(datos: DatosPlanCorte): string {
  return `${datos.nombres} ${datos.apellidos}`.trim() || 'Sin cliente';
}

export function fechaTexto(datos: DatosPlanCorte): string {
  return formatearFechaHora(datos.fecha);
}

/** The edge bands of a piece by code, "CANTO-3R (Sup, Inf) · CANTO-R (Izq)", or "Sin canto". */
export function cantosTexto(pieza: Pieza): string {
  const porCodigo = new Map<string, string[]>();
  for (const { campo, corto } of LADOS) {
    const codigo = pieza[campo];
    if (codigo) porCodigo.set(codigo, [...(porCodigo.get(codigo) ?? []), corto]);
  }
  if (porCodigo.size === 0) return 'Sin canto';
  return [...porCodigo].map(([codigo, lados]) => `${codigo} (${lados.length === 4 ? '4 lados' : lados.join(', ')})`).join(' · ');
}

/** Cuts `texto` with '…' so that it fits `ancho` points in the current font. */
export function recortar(doc: PDFKit.PDFDocument, texto: string, ancho: number): string {
  if (doc.widthOfString(texto) <= ancho) return texto;
  let corto = texto;
  while (corto.length > 0 && doc.widthOfString(`${corto}…`) > ancho) corto = corto.slice(0, -1);
  return `${corto.trimEnd()}…`;
}

/** One line of text, never wrapped: cut to its width in the current font. */
export function escribir(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, ancho: number, align: 'left' | 'center' | 'right' = 'left'): void {
  doc.text(recortar(doc, texto, ancho - 0.5), x, y, { width: ancho, align, lineBreak: false });
}

/**
 * The banded sides of a placed piece as drawn: a turned piece (90°, counter-clockwise) carries its
 * left edge at the bottom, its bottom edge at the right, and so on.
 */
export function ladosColocados(pieza: Pieza, rotada: boolean): Record<'sup' | 'inf' | 'izq' | 'der', string | null> {
  const c = (valor: string | null | undefined) => (valor ? valor : null);
  if (!rotada) {
    return { sup: c(pieza.canto_base_top), inf: c(pieza.canto_base_bottom), izq: c(pieza.canto_altura_left), der: c(pieza.canto_altura_right) };
  }
  return { sup: c(pieza.canto_altura_right), inf: c(pieza.canto_altura_left), izq: c(pieza.canto_base_top), der: c(pieza.canto_base_bottom) };
}

/** A board number for each board of the plan, in the order of its groups: group g's boards are desde..desde+cantidad-1. */
export function numeracionTableros(resultado: ResultadoCorte): number[] {
  const desde: number[] = [];
  let siguiente = 1;
  for (const grupo of resultado.tableros) {
    desde.push(siguiente);
    siguiente += grupo.cantidad;
  }
  return desde;
}

/** The documents' palette: secondary text, ink, rules, shaded cells, and the red of annulled or overdue amounts. */
export const GRIS = '#616161';
export const TINTA = '#212121';
export const LINEA = '#bdbdbd';
export const FONDO = '#f2f2f2';
export const ROJO = '#c62828';

/** A US Letter page in points, and the margin of the letter documents (receipts, statements, the sale document). */
export const ANCHO_CARTA = 612;
export const ALTO_CARTA = 792;
export const MARGEN_CARTA = 36;

export function nuevoDocumento(opciones: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  return new PDFDocument({ autoFirstPage: false, bufferPages: false, ...opciones });
}

export function aBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    doc.on('data', (parte: Buffer) => partes.push(parte));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A QR code drawn as vectors (sharp at any zoom or printer): the invoice's CUFE link, an offcut's code. */
export function dibujarQr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number): void {
  const modulos = QRCode.create(texto, { errorCorrectionLevel: 'M' }).modules;
  const celda = lado / (modulos.size + 2);
  doc.save().rect(x, y, lado, lado).fill('#ffffff').fillColor('#000000');
  for (let fila = 0; fila < modulos.size; fila++) {
    for (let columna = 0; columna < modulos.size; columna++) {
      if (modulos.get(fila, columna)) doc.rect(x + (columna + 1) * celda, y + (fila + 1) * celda, celda + 0.05, celda + 0.05);
    }
  }
  doc.fill('#000000').restore();
}
