import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Pagina } from '@tablero/domain';
import { api } from './api-client';

type Parametros = Record<string, string | number | boolean | null | undefined>;

/**
 * GET of a paged list route: the page the answer carries under `campo` (`data.proveedores`, `data.terceros`…,
 * ARCHITECTURE §4), with the list's page, size, search and sort as the query string.
 */
export async function leerPagina<T>(ruta: string, campo: string, parametros: object, signal?: AbortSignal): Promise<Pagina<T>> {
  const respuesta = await api.get<Record<string, Pagina<T>>>(ruta, { query: { ...(parametros as Parametros) }, ...(signal ? { signal } : {}) });
  const pagina = respuesta.data[campo];
  if (!pagina) throw new Error(`La respuesta de ${ruta} no trae ${campo}`);
  return pagina;
}

/**
 * The query of a paged list: its rows stay on screen (dimmed by the table) while the next page loads, and lists
 * whose rows others change often (balances, stock) ask again on every visit (`fresca`).
 */
export function opcionesPagina<T>(queryKey: readonly unknown[], leer: (signal: AbortSignal) => Promise<Pagina<T>>, { fresca = false } = {}) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => leer(signal),
    placeholderData: keepPreviousData,
    ...(fresca ? { staleTime: 0 } : {}),
  });
}
