import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, Tercero } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface TercerosConsulta {
  page: number;
  /** Document (prefix), names or e-mail. */
  query?: string;
}

/** GET /api/terceros?page&query: one page of third parties, newest first (the server pages, 10 each). */
export async function getTerceros({ page, query }: TercerosConsulta, signal?: AbortSignal): Promise<Pagina<Tercero>> {
  const respuesta = await api.get<{ terceros: Pagina<Tercero> }>('terceros', { query: { page, query }, ...(signal ? { signal } : {}) });
  return respuesta.data.terceros;
}

export function tercerosQueryOptions(consulta: TercerosConsulta) {
  return queryOptions({
    queryKey: ['terceros', 'lista', consulta],
    queryFn: ({ signal }) => getTerceros(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTerceros(consulta: TercerosConsulta) {
  return useQuery(tercerosQueryOptions(consulta));
}
