import { DOMParser, type Element } from '@xmldom/xmldom';

// Small readers for this package's tests: they read the XML the way a receiver would, by namespace-free local
// names along a path, without reusing the code under test.

export function raizDe(xml: string): Element {
  const raiz = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  if (!raiz) throw new Error('XML sin raíz');
  return raiz;
}

export function hijos(padre: Element, nombre?: string): Element[] {
  return Array.from(padre.childNodes).filter(
    (nodo): nodo is Element => nodo.nodeType === 1 && (nombre === undefined || (nodo as Element).localName === nombre),
  );
}

/** Every element at a '/'-separated path of local names. */
export function todos(padre: Element, ruta: string): Element[] {
  return ruta.split('/').reduce<Element[]>((actuales, nombre) => actuales.flatMap((actual) => hijos(actual, nombre)), [padre]);
}

export function uno(padre: Element, ruta: string): Element {
  const encontrados = todos(padre, ruta);
  if (encontrados.length !== 1) throw new Error(`Se esperaba un ${ruta} y hay ${encontrados.length}`);
  return encontrados[0]!;
}

export function texto(padre: Element, ruta: string): string {
  return uno(padre, ruta).textContent ?? '';
}

/** '1234.56' → 123456, refusing anything that is not written with two decimals. */
export function centavos(valor: string): number {
  if (!/^\d+\.\d{2}$/.test(valor)) throw new Error(`Monto mal escrito: '${valor}'`);
  return Number(valor.replace('.', ''));
}

/** Local names of the children, consecutive repeats collapsed ('TaxTotal, TaxTotal' → 'TaxTotal'). */
export function secuencia(padre: Element): string[] {
  return hijos(padre)
    .map((hijo) => hijo.localName ?? '')
    .filter((nombre, indice, nombres) => nombre !== nombres[indice - 1]);
}
