import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstadoMaquina, estadosMaquinasRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

/** GET /api/maestros/maquinas/estados-maquinas: 1 Disponible, 2 En mantenimiento, 3 Fuera de servicio (data.estados_maquinas). */
export async function getEstadosMaquinas(): Promise<EstadoMaquina[]> {
  const respuesta = await api.get<z.infer<typeof estadosMaquinasRespuestaSchema>>('maestros/maquinas/estados-maquinas');
  return respuesta.data.estados_maquinas;
}

export function estadosMaquinasQueryOptions() {
  return queryOptions({ queryKey: clavesMaquinas.estados(), queryFn: getEstadosMaquinas, staleTime: Infinity });
}

export function useEstadosMaquinas() {
  return useQuery(estadosMaquinasQueryOptions());
}
