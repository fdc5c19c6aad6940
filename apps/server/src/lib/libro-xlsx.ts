import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

/** exceljs' streaming workbook: each row is written out when committed, so a big export does not sit in memory twice. */
export type LibroXlsx = ExcelJS.stream.xlsx.WorkbookWriter;

/** A column of a sheet: its header, the key of the row's value, and optionally its width and style. */
export type ColumnaXlsx = Partial<ExcelJS.Column> & { header: string; key: string };

/**
 * How every spreadsheet writes each kind of value (one printer per kind of value, docs/architecture.md §2): pesos and
 * minutes with thousands separators and two decimals (the column's header names the unit), quantities with up to two
 * decimals, counts whole, percentages with two to four decimals (a withholding rate may have three), instants to the
 * minute, and an audit row's to the second.
 */
export const ESTILOS_XLSX = {
  pesos: { numFmt: '#,##0.00' },
  minutos: { numFmt: '#,##0.00' },
  cantidad: { numFmt: '#,##0.##' },
  entero: { numFmt: '#,##0' },
  porcentaje: { numFmt: '0.00##' },
  fechaHora: { numFmt: 'yyyy-mm-dd hh:mm' },
  fechaHoraSegundos: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
} as const satisfies Record<string, Partial<ExcelJS.Style>>;

/** Rows written between two yields to the event loop: a long export never holds it for long. */
const FILAS_POR_TANDA = 500;

/**
 * A sheet of `libro` with `columnas`, its bold header frozen on top, written row by row: `fila` adds and commits one
 * (yielding to the event loop every FILAS_POR_TANDA rows, so other requests keep being answered), `cerrar` ends it.
 */
export function hojaXlsx(libro: LibroXlsx, nombre: string, columnas: ColumnaXlsx[], opciones: { encabezadoAjustado?: boolean } = {}) {
  const hoja = libro.addWorksheet(nombre, { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = columnas;
  hoja.getRow(1).font = { bold: true };
  // Long headers over narrow figure columns ('Tiempo trabajado promedio (min)') wrap instead of widening the sheet.
  if (opciones.encabezadoAjustado) hoja.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  hoja.getRow(1).commit();
  let filas = 0;
  return {
    async fila(valores: Record<string, unknown>, negrita = false): Promise<void> {
      const fila = hoja.addRow(valores);
      if (negrita) fila.font = { bold: true };
      fila.commit();
      if (++filas % FILAS_POR_TANDA === 0) await new Promise((resolve) => setImmediate(resolve));
    },
    cerrar: () => hoja.commit(),
  };
}

/**
 * An .xlsx built by `llenar` with the streaming writer, answered as its bytes (the exports' routes send them as the
 * answer). `titulo` goes to the file's properties.
 */
export async function escribirLibroXlsx(titulo: string | null, llenar: (libro: LibroXlsx) => Promise<void> | void): Promise<Buffer> {
  const salida = new PassThrough();
  const partes: Buffer[] = [];
  salida.on('data', (parte: Buffer) => partes.push(parte));
  const terminado = new Promise<void>((resolve, reject) => {
    salida.on('end', resolve);
    salida.on('error', reject);
  });
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  libro.creator = 'Tablero';
  if (titulo !== null) libro.title = titulo;
  await llenar(libro);
  await libro.commit();
  await terminado;
  return Buffer.concat(partes);
}

/** The file name in Content-Disposition's plain form: accents dropped ('Auditoría' → 'Auditoria'). */
const nombreAscii = (nombre: string) => nombre.normalize('NFD').replace(/[^\x20-\x7e]/g, '');

/** Answers an .xlsx the browser downloads as `nombre` (its UTF-8 name for those that read it), never cached. */
export function enviarXlsx(reply: FastifyReply, archivo: Buffer, nombre: string): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${nombreAscii(nombre).replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(nombre)}`)
    .header('cache-control', 'no-store')
    .send(archivo);
}
