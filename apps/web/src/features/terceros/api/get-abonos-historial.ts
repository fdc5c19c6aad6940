import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AbonoMovimiento, OrdenAbono, Pagina } from '@tablero/domain';
import type { ParametrosLista } from '@/lib/estado-lista';
import { api } from '@/lib/api-client';
import { clavesTerceros } from './claves';

/** A page of one third party's history: page, size, search (description, type or value), sort. */
export interface HistorialConsulta extends ParametrosLista<OrdenAbono> {
  terceroId: number;
}

/** GET /api/terceros/{id}/abono/historial?page&per_page&query&orden&direccion: the movements, newest first by default. */
export async function getAbonosHistorial({ terceroId, ...consulta }: HistorialConsulta, signal?: AbortSignal): Promise<Pagina<AbonoMovimiento>> {
  const respuesta = await api.get<{ abonos_terceros: Pagina<AbonoMovimiento> }>(`terceros/${terceroId}/abono/historial`, {
    query: { ...consulta },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.abonos_terceros;
}

export function abonosHistorialQueryOptions(consulta: HistorialConsulta) {
  return queryOptions({
    queryKey: clavesTerceros.abonos(consulta),
    queryFn: ({ signal }) => getAbonosHistorial(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAbonosHistorial(consulta: HistorialConsulta) {
  return useQuery(abonosHistorialQueryOptions(consulta));
}
