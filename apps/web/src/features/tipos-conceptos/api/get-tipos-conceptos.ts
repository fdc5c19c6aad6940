import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdenTipoConcepto, Pagina, TipoConcepto } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesTiposConceptos } from './claves';

/** A page of the list: page, size, search in the name, sort. */
export type TiposConceptosConsulta = ParametrosLista<OrdenTipoConcepto>;

/** GET /api/maestros/tipos-conceptos?pagination=1&page&per_page&query&orden&direccion: one page of concept types (spec 002 §7). */
export async function getTiposConceptos(consulta: TiposConceptosConsulta, signal?: AbortSignal): Promise<Pagina<TipoConcepto>> {
  const respuesta = await api.get<{ tipos_conceptos: Pagina<TipoConcepto> }>('maestros/tipos-conceptos', {
    query: { pagination: 1, ...consulta },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.tipos_conceptos;
}

export function tiposConceptosQueryOptions(consulta: TiposConceptosConsulta) {
  return queryOptions({
    queryKey: clavesTiposConceptos.lista(consulta),
    queryFn: ({ signal }) => getTiposConceptos(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTiposConceptos(consulta: TiposConceptosConsulta) {
  return useQuery(tiposConceptosQueryOptions(consulta));
}
