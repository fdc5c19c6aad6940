import { esFechaValida, ID_MAXIMO } from '@tablero/domain';

/** The filters of the store's shifts (#/caja, Turnos de la tienda), beside the list's search and page. */
export interface FiltrosTurnos {
  desde: string | null;
  hasta: string | null;
  /** The register's id, as the select holds it. */
  cajaId: string | null;
  estado: 'ABIERTO' | 'CERRADO' | null;
}

/** The list's prefix in the address (useEstadoLista's `t`), so its names never meet another list's. */
export const PREFIJO_TURNOS = 't';
const PARAMETROS = { desde: 'tdesde', hasta: 'thasta', cajaId: 'tcaja', estado: 'testado' } as const;
const ESTADOS = ['ABIERTO', 'CERRADO'] as const;

const fecha = (texto: string | null) => (texto !== null && esFechaValida(texto) ? texto : null);

/** The filters an address holds; a missing or wrong value (an edited address) is no filter, never a 422. */
export function leerFiltrosTurnos(parametros: URLSearchParams): FiltrosTurnos {
  const desde = fecha(parametros.get(PARAMETROS.desde));
  const hasta = fecha(parametros.get(PARAMETROS.hasta));
  const caja = parametros.get(PARAMETROS.cajaId);
  const estado = parametros.get(PARAMETROS.estado);
  return {
    desde,
    // A range backwards (an edited address) keeps its start only: the pickers never write one.
    hasta: desde !== null && hasta !== null && hasta < desde ? null : hasta,
    cajaId: caja !== null && /^[1-9]\d{0,9}$/.test(caja) && Number(caja) <= ID_MAXIMO ? caja : null,
    estado: (ESTADOS as readonly (string | null)[]).includes(estado) ? (estado as FiltrosTurnos['estado']) : null,
  };
}

/** Writes the filters into the address; what is not set leaves no trace. */
export function escribirFiltrosTurnos(parametros: URLSearchParams, filtros: FiltrosTurnos): URLSearchParams {
  const siguiente = new URLSearchParams(parametros);
  for (const campo of Object.keys(PARAMETROS) as (keyof FiltrosTurnos)[]) {
    const valor = filtros[campo];
    if (valor === null) siguiente.delete(PARAMETROS[campo]);
    else siguiente.set(PARAMETROS[campo], valor);
  }
  return siguiente;
}
