/**
 * Shared pieces of the cut plan documents (plans and labels PDFs, issue 3 item 13): the plan's data,
 * texts of sizes, edges and dates, and pdfkit to a Buffer.
 */
import PDFDocument from 'pdfkit';
import type { Pieza, ResultadoCorte } from '@tablero/cutting';
import type { Optimizar } from '@tablero/domain';

/** What the documents print: a stored optimizer result and who it is for. */
export interface DatosPlanCorte {
  /** Plan number (optimizacion.id). */
  id: number;
  entrada: Optimizar;
  resultado: ResultadoCorte;
  nombres: string;
  apellidos: string;
  numero_documento: string;
  referencia: string;
  fecha: Date;
  /** Business time zone for the printed date (config.zonaHoraria). */
  zonaHoraria: string;
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
  return `${valor.toFixed(2)} %`;
}

export function cliente(datos: DatosPlanCorte): string {
  return `${datos.nombres} ${datos.apellidos}`.trim() || 'Sin cliente';
}

export function fechaTexto(datos: DatosPlanCorte): string {
  return new Intl.DateTimeFormat('es-CO', { timeZone: datos.zonaHoraria, dateStyle: 'short', timeStyle: 'short' }).format(datos.fecha);
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
