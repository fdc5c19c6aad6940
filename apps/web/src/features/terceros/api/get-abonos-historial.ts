import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AbonoMovimiento, Pagina } from '@tablero/domain';
import { api } from '@/lib/api-client';

export interface HistorialConsulta {
  terceroId: number;
  page: number;
  query?: string;
}

/** GET /api/terceros/{id}/abono/historial?page&query: the third party's movements, newest first. */
export async function getAbonosHistorial({ terceroId, page, query }: HistorialConsulta, signal?: AbortSignal): Promise<Pagina<AbonoMovimiento>> {
  const respuesta = await api.get<{ abonos_terceros: Pagina<AbonoMovimiento> }>(`terceros/${terceroId}/abono/historial`, {
    query: { page, query },
    ...(signal ? { signal } : {}),
  });
  return respuesta.data.abonos_terceros;
}

export function abonosHistorialQueryOptions(consulta: HistorialConsulta) {
  return queryOptions({
    queryKey: ['terceros', 'abonos', consulta],
    queryFn: ({ signal }) => getAbonosHistorial(consulta, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAbonosHistorial(consulta: HistorialConsulta | null) {
  return useQuery({ ...abonosHistorialQueryOptions(consulta ?? { terceroId: 0, page: 1 }), enabled: consulta !== null });
}
