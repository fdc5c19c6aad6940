import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Maquina, Pagina } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface MaquinasConsulta {
  page: number;
  /** Text searched in the reference and the name. */
  query?: string;
}

/** GET /api/maestros/maquinas?page&query: one page of machines by id (spec 002 §7, data.maquinas). */
export async function getMaquinas({ page, query }: MaquinasConsulta, signal?: AbortSignal): Promise<Pagina<Maquina>> {
  const respuesta = await api.get<{ maquinas: Pagina<Maquina> }>('maestros/maquinas', { query: { page, query }, ...(signal ? { signal } : {}) });
  return respuesta.data.maquinas;
}

export function maquinasQueryOptions(consulta: MaquinasConsulta) {
  return queryOptions({
    queryKey: ['maquinas', consulta],
    queryFn: ({ signal }) => getMaquinas(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMaquinas(consulta: MaquinasConsulta) {
  return useQuery(maquinasQueryOptions(consulta));
}
