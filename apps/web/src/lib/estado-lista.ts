import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { FILAS_POR_PAGINA, TAMANOS_PAGINA, type DireccionOrden, type TamanoPagina } from '@tablero/domain';

/** spec 000 §9: a search waits for a 300 ms pause in typing before it is sent. */
export const ESPERA_BUSQUEDA_MS = 300;

/** What a server-paged list sends: the names every list route reads (consultaListaSchema). */
export interface ParametrosLista<C extends string = string> {
  page: number;
  per_page: TamanoPagina;
  query?: string;
  orden?: C;
  direccion?: DireccionOrden;
}

/** The state of one list (search, page, page size, sort) and the ways to change it. */
export interface EstadoLista<C extends string = string> {
  /** The text in the search box, as typed. */
  busqueda: string;
  setBusqueda: (texto: string) => void;
  /** The search the list shows and sends: the typed text, trimmed, once typing has paused. */
  query: string;
  /** A search typed and not sent yet (typing has not paused): the rows shown are not its answer. */
  buscando: boolean;
  pagina: number;
  irAPagina: (pagina: number) => void;
  tamano: TamanoPagina;
  cambiarTamano: (tamano: TamanoPagina) => void;
  orden: C | undefined;
  direccion: DireccionOrden;
  /** A header click: a new column sorts ascending, the same column turns descending, then back to the list's own order. */
  ordenarPor: (columna: C) => void;
  /** The query string for the list's route, with only what differs from the defaults. */
  parametros: ParametrosLista<C>;
}

/** A list's state as the address holds it (names in Spanish, defaults left out). */
export interface Valores {
  buscar: string;
  pagina: number;
  filas: TamanoPagina;
  orden: string | undefined;
  dir: DireccionOrden;
}

const INICIALES: Valores = { buscar: '', pagina: 1, filas: FILAS_POR_PAGINA, orden: undefined, dir: 'asc' };

export function leer(parametros: URLSearchParams, prefijo: string): Valores {
  const pagina = Number(parametros.get(`${prefijo}pagina`));
  const filas = Number(parametros.get(`${prefijo}filas`));
  return {
    buscar: parametros.get(`${prefijo}buscar`) ?? '',
    pagina: Number.isSafeInteger(pagina) && pagina >= 1 ? pagina : 1,
    filas: (TAMANOS_PAGINA as readonly number[]).includes(filas) ? (filas as TamanoPagina) : FILAS_POR_PAGINA,
    orden: parametros.get(`${prefijo}orden`) ?? undefined,
    dir: parametros.get(`${prefijo}dir`) === 'desc' ? 'desc' : 'asc',
  };
}

/** Writes `valores` into `parametros`, leaving out what equals the default, so a fresh list has a clean address. */
export function escribir(parametros: URLSearchParams, prefijo: string, valores: Valores): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  const poner = (clave: keyof Valores, valor: string | number | undefined) => {
    if (valor === undefined || valor === INICIALES[clave]) siguiente.delete(`${prefijo}${clave}`);
    else siguiente.set(`${prefijo}${clave}`, String(valor));
  };
  poner('buscar', valores.buscar);
  poner('pagina', valores.pagina);
  poner('filas', valores.filas);
  poner('orden', valores.orden);
  poner('dir', valores.orden ? valores.dir : undefined);
  return siguiente;
}

/** A header click: a new column sorts ascending, the same one turns descending, then back to the list's own order; page 1. */
export function ordenarPor(actual: Valores, columna: string): Valores {
  if (actual.orden !== columna) return { ...actual, orden: columna, dir: 'asc', pagina: 1 };
  if (actual.dir === 'asc') return { ...actual, dir: 'desc', pagina: 1 };
  return { ...actual, orden: undefined, dir: 'asc', pagina: 1 };
}

/** Where a list keeps its state: the address (screens) or the component (lists inside a dialog). */
function useAlmacen(enUrl: boolean, prefijo: string): [Valores, (cambio: (actual: Valores) => Valores) => void] {
  const [parametros, setParametros] = useSearchParams();
  const [local, setLocal] = useState(INICIALES);
  const desdeUrl = useMemo(() => leer(parametros, prefijo), [parametros, prefijo]);
  // The address as last written. React Router's functional update reads the address of the last render, so two
  // changes before the next render (the search's pause ends as the page size is chosen) kept only the second one.
  const ultimos = useRef(parametros);
  useEffect(() => {
    ultimos.current = parametros;
  }, [parametros]);
  if (!enUrl) return [local, (cambio) => setLocal(cambio)];
  // replace: moving through a list's pages is not a step the browser's Back should undo one by one; Back leaves
  // the screen, and coming back (or saving in a dialog) finds the list where it was.
  return [
    desdeUrl,
    (cambio) => {
      // Only a user's action on the list writes (a keystroke, a page, a header), never a timer: the screen is the
      // list's own when it runs.
      const siguientes = escribir(ultimos.current, prefijo, cambio(leer(ultimos.current, prefijo)));
      if (siguientes.toString() === ultimos.current.toString()) return;
      ultimos.current = siguientes;
      setParametros(siguientes, { replace: true });
    },
  ];
}

interface OpcionesLista {
  /** Keep the state in the address (default): Back, reload and a saved dialog return to the same search, page and sort. */
  enUrl?: boolean;
  /** Tells two lists of one screen apart in the address (e.g. 'mov_'). */
  prefijo?: string;
}

/**
 * The state of a server-paged list (ARCHITECTURE §5, shared screen parts): the search box starts again at page 1, a
 * new page size or sort also returns to page 1, and all of it lives in the address.
 *
 * The search is written to the address as it is typed (a replace, like the keystroke itself) and only the request
 * waits for the pause (spec 000 §9). Nothing is written when a pause ends: a pause that ended after the user had
 * followed a row's link wrote `?buscar=` into the next page's address, since by then the router resolved the list's
 * relative write against the new page.
 */
export function useEstadoLista<C extends string = string>({ enUrl = true, prefijo = '' }: OpcionesLista = {}): EstadoLista<C> {
  const [valores, cambiar] = useAlmacen(enUrl, prefijo);
  const [busqueda, setTexto] = useState(valores.buscar);
  // The search the list sends: the address's search once typing has paused. While it lags, the list keeps its last
  // request (the page that was 1 as soon as the typing began is not asked for with the old search).
  const [consultada, setConsultada] = useState(valores.buscar);
  useEffect(() => {
    if (consultada === valores.buscar) return;
    const temporizador = window.setTimeout(() => setConsultada(valores.buscar), ESPERA_BUSQUEDA_MS);
    return () => window.clearTimeout(temporizador);
  }, [valores.buscar, consultada]);

  // Back, Forward or a link brought another search: the box shows it and the list asks for it at once, with no pause.
  // The list's own writes are REPLACE navigations and never touch the box.
  const { key: entrada } = useLocation();
  const tipoNavegacion = useNavigationType();
  const [vista, setVista] = useState(entrada);
  if (vista !== entrada) {
    setVista(entrada);
    if (enUrl && tipoNavegacion !== 'REPLACE') {
      if (busqueda.trim() !== valores.buscar) setTexto(valores.buscar);
      setConsultada(valores.buscar);
    }
  }

  const setBusqueda = (texto: string) => {
    setTexto(texto);
    const buscar = texto.trim();
    cambiar((actual) => (actual.buscar === buscar ? actual : { ...actual, buscar, pagina: 1 }));
  };

  const orden = valores.orden as C | undefined;
  const actuales: ParametrosLista<C> = {
    page: valores.pagina,
    per_page: valores.filas,
    ...(consultada ? { query: consultada } : {}),
    ...(orden ? { orden, direccion: valores.dir } : {}),
  };
  // The request of the last settled state, kept while a search is being typed.
  const [enviados, setEnviados] = useState(actuales);
  const pendiente = consultada !== valores.buscar;
  if (!pendiente && JSON.stringify(enviados) !== JSON.stringify(actuales)) setEnviados(actuales);
  const parametros = pendiente ? enviados : actuales;

  return {
    busqueda,
    setBusqueda,
    query: parametros.query ?? '',
    // Busy from the keystroke on: the address (and with it `pendiente`) changes a moment after the box, and a list
    // read in that moment would pass for settled while its new search is still to come.
    buscando: pendiente || busqueda.trim() !== consultada,
    pagina: parametros.page,
    irAPagina: (pagina) => cambiar((actual) => ({ ...actual, pagina })),
    tamano: valores.filas,
    cambiarTamano: (filas) => cambiar((actual) => ({ ...actual, filas, pagina: 1 })),
    orden,
    direccion: valores.dir,
    ordenarPor: (columna) => cambiar((actual) => ordenarPor(actual, columna)),
    parametros,
  };
}
