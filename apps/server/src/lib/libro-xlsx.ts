import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

/** exceljs' streaming workbook: each row is written out when committed, so a big export does not sit in memory twice. */
export type LibroXlsx = ExcelJS.stream.xlsx.WorkbookWriter;

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
