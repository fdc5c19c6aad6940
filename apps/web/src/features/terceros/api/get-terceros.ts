import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdenTercero, Pagina, Tercero } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** A page of the Clientes list: page, size, search (document prefix, names or e-mail), sort. */
export type TercerosConsulta = ParametrosLista<OrdenTercero>;

/** GET /api/terceros?page&per_page&query&orden&direccion: one page of third parties (newest first by default). */
export async function getTerceros(consulta: TercerosConsulta, signal?: AbortSignal): Promise<Pagina<Tercero>> {
  const respuesta = await api.get<{ terceros: Pagina<Tercero> }>('terceros', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.terceros;
}

export function tercerosQueryOptions(consulta: TercerosConsulta) {
  return queryOptions({
    queryKey: clavesTerceros.lista(consulta),
    queryFn: ({ signal }) => getTerceros(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTerceros(consulta: TercerosConsulta) {
  return useQuery(tercerosQueryOptions(consulta));
}
