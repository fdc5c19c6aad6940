import { ESTADOS_COTIZACION, esFechaValida, type EstadoCotizacion } from '@tablero/domain';

/** The quotations list's own filters (#/cotizaciones), beside the list's search and page. */
export interface FiltrosCotizaciones {
  estado: EstadoCotizacion | null;
  /** 'Mis cotizaciones': only the signed-in seller's. */
  soloMias: boolean;
  desde: string | null;
  hasta: string | null;
}

/** The filters' names in the address, beside the list's own buscar, pagina, filas, orden and dir. */
const PARAMETROS = { estado: 'estado', soloMias: 'vendedor', desde: 'desde', hasta: 'hasta' } as const;
const MIAS = 'mias';

const fecha = (texto: string | null) => (texto !== null && esFechaValida(texto) ? texto : null);

/** The filters an address holds; a missing or wrong value (an edited address) is no filter, never a 422. */
export function leerFiltrosCotizaciones(parametros: URLSearchParams): FiltrosCotizaciones {
  const estado = parametros.get(PARAMETROS.estado);
  const desde = fecha(parametros.get(PARAMETROS.desde));
  const hasta = fecha(parametros.get(PARAMETROS.hasta));
  return {
    estado: (ESTADOS_COTIZACION as readonly (string | null)[]).includes(estado) ? (estado as EstadoCotizacion) : null,
    soloMias: parametros.get(PARAMETROS.soloMias) === MIAS,
    // A range backwards (an edited address) keeps its start only: the pickers never write one.
    desde,
    hasta: desde !== null && hasta !== null && hasta < desde ? null : hasta,
  };
}

/** Writes the filters into the address; what is not set leaves no trace, so a fresh list has a clean address. */
export function escribirFiltrosCotizaciones(parametros: URLSearchParams, filtros: FiltrosCotizaciones): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  const poner = (nombre: string, valor: string | null) => (valor === null ? siguiente.delete(nombre) : siguiente.set(nombre, valor));
  poner(PARAMETROS.estado, filtros.estado);
  poner(PARAMETROS.soloMias, filtros.soloMias ? MIAS : null);
  poner(PARAMETROS.desde, filtros.desde);
  poner(PARAMETROS.hasta, filtros.hasta);
  return siguiente;
}
