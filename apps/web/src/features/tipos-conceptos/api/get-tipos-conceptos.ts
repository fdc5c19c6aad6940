import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, TipoConcepto } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface TiposConceptosConsulta {
  page: number;
  /** Text searched in the name. */
  query?: string;
}

/** GET /api/maestros/tipos-conceptos?pagination=1&page&query: one page of concept types by name (spec 002 §7). */
export async function getTiposConceptos({ page, query }: TiposConceptosConsulta, signal?: AbortSignal): Promise<Pagina<TipoConcepto>> {
  const respuesta = await api.get<{ tipos_conceptos: Pagina<TipoConcepto> }>('maestros/tipos-conceptos', {
    query: { pagination: 1, page, query },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.tipos_conceptos;
}

export function tiposConceptosQueryOptions(consulta: TiposConceptosConsulta) {
  return queryOptions({
    queryKey: ['tipos-conceptos', consulta],
    queryFn: ({ signal }) => getTiposConceptos(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTiposConceptos(consulta: TiposConceptosConsulta) {
  return useQuery(tiposConceptosQueryOptions(consulta));
}
