import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

/** A DIAN message that is not well-formed XML or lacks what its operation must carry. */
export class ErrorXmlDian extends Error {
  override name = 'ErrorXmlDian';
}

/** Parses XML, refusing anything xmldom reports as an error (by default it would only warn and go on). */
export function leerXml(xml: string): Document {
  try {
    return new DOMParser({
      onError: (nivel, mensaje) => {
        if (nivel !== 'warning') throw new ErrorXmlDian(mensaje);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (error) {
    throw new ErrorXmlDian(`XML inválido: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Child elements by local name and, when given, namespace (DIAN's answers use several prefixes for the same names). */
export function hijos(padre: Element, nombre: string, espacio?: string): Element[] {
  const encontrados: Element[] = [];
  for (let nodo = padre.firstChild; nodo; nodo = nodo.nextSibling) {
    if (nodo.nodeType !== nodo.ELEMENT_NODE) continue;
    const elemento = nodo as Element;
    if (elemento.localName === nombre && (espacio === undefined || elemento.namespaceURI === espacio)) encontrados.push(elemento);
  }
  return encontrados;
}

export function hijo(padre: Element, nombre: string, espacio?: string): Element | undefined {
  return hijos(padre, nombre, espacio)[0];
}

/** Every descendant element with that local name and namespace, in document order. */
export function descendientes(raiz: Document | Element, nombre: string, espacio: string): Element[] {
  return Array.from(raiz.getElementsByTagNameNS(espacio, nombre));
}

/** Text of a child element; '' when absent or xsi:nil. */
export function textoHijo(padre: Element, nombre: string): string {
  return hijo(padre, nombre)?.textContent?.trim() ?? '';
}

/** The element children of an element, whatever their names. */
export function elementos(padre: Element): Element[] {
  const encontrados: Element[] = [];
  for (let nodo = padre.firstChild; nodo; nodo = nodo.nextSibling) {
    if (nodo.nodeType === nodo.ELEMENT_NODE) encontrados.push(nodo as Element);
  }
  return encontrados;
}

export function escaparXml(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
