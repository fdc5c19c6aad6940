import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Maquina, maquinasProduccionRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

/** POST /api/maquinas/produccion {servicio}: the machines of a service group, for the stage screen (spec 002 §2.18). */
export async function getMaquinasProduccion(servicio: number): Promise<Maquina[]> {
  const respuesta = await api.post<z.infer<typeof maquinasProduccionRespuestaSchema>>('maquinas/produccion', { servicio });
  return respuesta.data.maquinas;
}

export function maquinasProduccionQueryOptions(servicio: number | null) {
  return queryOptions({
    queryKey: clavesMaquinas.produccion(servicio),
    queryFn: () => getMaquinasProduccion(servicio!),
    enabled: servicio !== null,
    staleTime: 0,
  });
}

export function useMaquinasProduccion(servicio: number | null) {
  return useQuery(maquinasProduccionQueryOptions(servicio));
}
