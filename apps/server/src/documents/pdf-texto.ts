/**
 * Reading back what a pdfkit PDF prints, for tests: no PDF tool is needed on the machine. pdfkit writes plain objects
 * (no object streams), compresses each page's content with Flate and writes the standard fonts' text as hex strings
 * in WinAnsi inside `[…] TJ` operators; this inflates the page contents and decodes those strings, one text
 * operation per line, page by page in the order of the page tree.
 */
import { inflateSync } from 'node:zlib';

const WINANSI = new TextDecoder('windows-1252');

interface ObjetoPdf {
  diccionario: string;
  flujo: Buffer | null;
}

/** Every `N 0 obj << … >> [stream … endstream]` of the file, by number. */
function objetos(pdf: Buffer): Map<number, ObjetoPdf> {
  const texto = pdf.toString('latin1');
  const resultado = new Map<number, ObjetoPdf>();
  const patron = /(\d+) 0 obj\s*<<([^]*?)>>\s*(stream\r?\n|endobj)/g;
  let coincidencia: RegExpExecArray | null;
  while ((coincidencia = patron.exec(texto)) !== null) {
    const [, numero, diccionario, cola] = coincidencia as unknown as [string, string, string, string];
    let flujo: Buffer | null = null;
    if (cola.startsWith('stream')) {
      const inicio = coincidencia.index + coincidencia[0].length;
      const fin = texto.indexOf('endstream', inicio);
      if (fin < 0) break;
      flujo = pdf.subarray(inicio, fin);
      patron.lastIndex = fin;
    }
    resultado.set(Number(numero), { diccionario, flujo });
  }
  return resultado;
}

function contenido(objeto: ObjetoPdf | undefined): string {
  if (!objeto?.flujo) return '';
  if (!/\/FlateDecode/.test(objeto.diccionario)) return objeto.flujo.toString('latin1');
  return inflateSync(objeto.flujo).toString('latin1');
}

/** The text operations of one content stream, decoded, one per line. */
function textoDeContenido(flujo: string): string {
  const lineas: string[] = [];
  for (const [, cuerpo] of flujo.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const bytes = [...cuerpo!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex'));
    lineas.push(WINANSI.decode(Buffer.concat(bytes)));
  }
  return lineas.join('\n');
}

/** The page objects in reading order (the page tree's /Kids). */
function paginas(pdf: Buffer): ObjetoPdf[] {
  const todos = objetos(pdf);
  const raiz = [...todos.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.diccionario));
  const hijos = raiz ? [...(/\/Kids\s*\[([^\]]*)\]/.exec(raiz.diccionario)?.[1] ?? '').matchAll(/(\d+)\s+0\s+R/g)].map(([, n]) => Number(n)) : [];
  return hijos.map((n) => todos.get(n)).filter((o): o is ObjetoPdf => o !== undefined);
}

/** The text of each page, in order (text operations one per line). */
export function textoPorPaginaPdf(pdf: Buffer): string[] {
  const todos = objetos(pdf);
  return paginas(pdf).map((pagina) => {
    const referencias = /\/Contents\s*(?:\[([^\]]*)\]|(\d+)\s+0\s+R)/.exec(pagina.diccionario);
    const numeros = referencias?.[1] ? [...referencias[1].matchAll(/(\d+)\s+0\s+R/g)].map(([, n]) => Number(n)) : referencias?.[2] ? [Number(referencias[2])] : [];
    return numeros.map((n) => textoDeContenido(contenido(todos.get(n)))).join('\n');
  });
}

/** Every text operation of the PDF, page after page, decoded (one per line). */
export function textoPdf(pdf: Buffer): string {
  return textoPorPaginaPdf(pdf).join('\n');
}

/** The size of each page, [width, height] in points, in order. */
export function paginasPdf(pdf: Buffer): [number, number][] {
  return paginas(pdf).map((pagina) => {
    const caja = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(pagina.diccionario);
    return caja ? [Number(caja[3]) - Number(caja[1]), Number(caja[4]) - Number(caja[2])] : [0, 0];
  });
}
