/**
 * Reading back what a pdfkit PDF prints, for tests: no PDF tool is needed on the machine. pdfkit compresses each
 * page's content with Flate and writes the standard fonts' text as hex strings in WinAnsi inside `[…] TJ` operators;
 * this inflates the streams and decodes those strings, one text operation per line of the answer.
 */
import { inflateSync } from 'node:zlib';

const WINANSI = new TextDecoder('windows-1252');

/** The content streams of a PDF, inflated when compressed. */
function flujos(pdf: Buffer): string[] {
  const texto = pdf.toString('latin1');
  const resultado: string[] = [];
  const patron = /<<([^]*?)>>\s*stream\r?\n/g;
  let coincidencia: RegExpExecArray | null;
  while ((coincidencia = patron.exec(texto)) !== null) {
    const inicio = coincidencia.index + coincidencia[0].length;
    const fin = texto.indexOf('endstream', inicio);
    if (fin < 0) break;
    const datos = pdf.subarray(inicio, fin);
    if (/\/FlateDecode/.test(coincidencia[1]!)) {
      try {
        resultado.push(inflateSync(datos).toString('latin1'));
      } catch {
        // An image or font stream that is not Flate text: nothing to read.
      }
    } else {
      resultado.push(datos.toString('latin1'));
    }
    patron.lastIndex = fin;
  }
  return resultado;
}

/** Every text operation of the PDF, in drawing order, decoded (one per line). */
export function textoPdf(pdf: Buffer): string {
  const lineas: string[] = [];
  for (const flujo of flujos(pdf)) {
    for (const [, cuerpo] of flujo.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const bytes = [...cuerpo!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex'));
      lineas.push(WINANSI.decode(Buffer.concat(bytes)));
    }
  }
  return lineas.join('\n');
}

/** The size of each page, [width, height] in points. */
export function paginasPdf(pdf: Buffer): [number, number][] {
  const texto = pdf.toString('latin1');
  return [...texto.matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map(
    ([, x0, y0, x1, y1]) => [Number(x1) - Number(x0), Number(y1) - Number(y0)] as [number, number],
  );
}
