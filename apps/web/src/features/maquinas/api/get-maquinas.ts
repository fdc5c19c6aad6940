import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Maquina, OrdenMaquina, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

/** A page of the list: page, size, search in the reference and the name, sort. */
export type MaquinasConsulta = ParametrosLista<OrdenMaquina>;

/** GET /api/maestros/maquinas?page&per_page&query&orden&direccion: one page of machines, by id unless sorted (spec 002 §7, data.maquinas). */
export async function getMaquinas(consulta: MaquinasConsulta, signal?: AbortSignal): Promise<Pagina<Maquina>> {
  const respuesta = await api.get<{ maquinas: Pagina<Maquina> }>('maestros/maquinas', { query: { ...consulta }, ...(signal ? { signal } : {}) });
  return respuesta.data.maquinas;
}

export function maquinasQueryOptions(consulta: MaquinasConsulta) {
  return queryOptions({
    queryKey: clavesMaquinas.lista(consulta),
    queryFn: ({ signal }) => getMaquinas(consulta, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMaquinas(consulta: MaquinasConsulta) {
  return useQuery(maquinasQueryOptions(consulta));
}
