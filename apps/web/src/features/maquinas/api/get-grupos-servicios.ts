import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GrupoServicio, gruposServiciosMaquinaRespuestaSchema } from '@tablero/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { clavesMaquinas } from './claves';

/** GET /api/maestros/maquinas/grupos-servicios: the active service groups (data.grupos_servicios). */
export async function getGruposServicios(): Promise<GrupoServicio[]> {
  const respuesta = await api.get<z.infer<typeof gruposServiciosMaquinaRespuestaSchema>>('maestros/maquinas/grupos-servicios');
  return respuesta.data.grupos_servicios;
}

export function gruposServiciosQueryOptions() {
  // Reference data: it changes with a migration, not during a session.
  return queryOptions({ queryKey: clavesMaquinas.gruposServicios(), queryFn: getGruposServicios, staleTime: Infinity });
}

export function useGruposServicios() {
  return useQuery(gruposServiciosQueryOptions());
}
